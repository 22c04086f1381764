import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { ClipboardList, Plus } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { EmptyState } from '@/components/empty-state'
import { ListSection, ListSkeleton } from '@/components/list-section'
import { PageHeader } from '@/components/page-header'
import { pagedCount } from '@/components/paged/paged-count'
import { ProjectStatusBadge } from '@/components/status-badge'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { formatDate, formatDateTime } from '@/lib/dates'
import { DetailItem } from '@/components/detail-item'
import { BackLink } from '@/components/back-link'
import { DetailLoadError } from '@/components/detail-load-error'
import { DetailSkeleton } from '@/components/detail-skeleton'
import { auditQueries, projectQueries } from '@/lib/queries/engagements'
import { useCan } from '@/lib/session'
import { AuditCard } from '../components/audit-card'
import { AuditFormDialog } from '../components/audit-form-dialog'

export function ProjectDetailPage() {
  const { id = '' } = useParams()
  const project = useQuery(projectQueries.detail(id))
  const canManage = useCan('engagements.manage')

  if (project.isPending) return <ProjectDetailSkeleton />

  if (project.isError) {
    return (
      <DetailLoadError
        noun="Project"
        backTo="/projects"
        backLabel="Back to Projects"
        query={project}
      />
    )
  }

  const { name, description, clientId, clientName, status, createdAt } = project.data
  return (
    <div className="grid gap-6">
      <BackLink to="/projects">Back to Projects</BackLink>
      <PageHeader
        title={name}
        actions={
          canManage ? (
            <AuditFormDialog
              projectId={id}
              trigger={
                <Button>
                  <Plus aria-hidden="true" />
                  Create Audit
                </Button>
              }
            />
          ) : undefined
        }
      />
      <Card className="grid gap-5 p-5">
        <h2 className="sr-only">Project details</h2>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          <DetailItem label="Client">
            {clientName && !canManage ? (
              // Client users have no Clients pages.
              clientName
            ) : clientName ? (
              <Link
                to={`/clients/${clientId}`}
                className="rounded-sm text-primary underline-offset-4 hover:underline"
              >
                {clientName}
              </Link>
            ) : (
              <span className="text-muted-foreground">No client</span>
            )}
          </DetailItem>
          <DetailItem label="Status">
            <ProjectStatusBadge status={status} />
          </DetailItem>
          <DetailItem label="Created">
            <time dateTime={createdAt} title={formatDateTime(createdAt)} className="tabular-nums">
              {formatDate(createdAt)}
            </time>
          </DetailItem>
          <DetailItem label="Description" className="col-span-full">
            {description ? (
              <span className="whitespace-pre-line">{description}</span>
            ) : (
              <span className="text-muted-foreground">No description</span>
            )}
          </DetailItem>
        </dl>
      </Card>
      <ProjectAudits projectId={id} canManage={canManage} />
    </div>
  )
}

function ProjectAudits({ projectId, canManage }: { projectId: string; canManage: boolean }) {
  const audits = useInfiniteQuery(auditQueries.list(projectId))
  return (
    <section className="grid gap-3" aria-labelledby="audits-heading">
      <h2 id="audits-heading" className="flex items-center gap-2 text-lg font-semibold">
        Audits
        {audits.isSuccess ? (
          <Badge variant="secondary" className="tabular-nums">
            {pagedCount(audits)}
          </Badge>
        ) : null}
      </h2>
      <ListSection
        query={audits}
        loading={<ListSkeleton label="Loading audits..." rowClassName="h-28 rounded-lg" />}
        errorTitle="Could not load audits"
        empty={
          <EmptyState icon={ClipboardList}>
            {canManage
              ? 'No audits for this project yet. Click "Create Audit" to get started.'
              : 'No audits for this project yet. Your audit firm will add them here.'}
          </EmptyState>
        }
        loadMoreLabel="Load more audits"
      >
        {(list) => (
          <ul className="grid gap-3" aria-label="Audits">
            {list.map((audit) => (
              <li key={audit.id}>
                <AuditCard audit={audit} />
              </li>
            ))}
          </ul>
        )}
      </ListSection>
    </section>
  )
}

function ProjectDetailSkeleton() {
  return (
    <DetailSkeleton noun="Project" action>
      <Skeleton className="h-36 w-full" />
      <Skeleton className="h-28 w-full" />
    </DetailSkeleton>
  )
}
