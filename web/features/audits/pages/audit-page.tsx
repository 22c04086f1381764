import type { AuditDetail } from '@shared/schemas/audits'
import { useEffect } from 'react'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { BackLink } from '@/components/back-link'
import { DetailLoadError } from '@/components/detail-load-error'
import { DetailSkeleton } from '@/components/detail-skeleton'
import { PageHeader } from '@/components/page-header'
import { Skeleton } from '@/components/ui/skeleton'
import { auditQueries } from '@/lib/queries/engagements'
import { requestQueries } from '@/lib/queries/requests'
import { AuditExports } from '../components/audit-exports'
import { AuditHeaderActions } from '../components/audit-header-actions'
import { AuditReminders } from '../components/audit-reminders'
import { AuditRequests } from '../components/audit-requests'
import { AuditSummary } from '../components/audit-summary'
import { AuditTeam } from '../components/audit-team'

const HEADER_ACTIONS = ['add_requests', 'plan_requests', 'send_requests'] as const

export function AuditPage() {
  const { id = '' } = useParams()
  const audit = useQuery(auditQueries.detail(id))

  if (audit.isPending) return <AuditPageSkeleton />
  if (audit.isError) {
    return (
      <DetailLoadError noun="Audit" backTo="/projects" backLabel="Back to Projects" query={audit} />
    )
  }
  return <AuditView audit={audit.data} />
}

function AuditView({ audit }: { audit: AuditDetail }) {
  const requests = useInfiniteQuery(requestQueries.auditList(audit.id))
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = requests
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage()
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage])
  const assignees = useQuery({
    ...requestQueries.assignees(audit.id),
    enabled: audit.allowedActions.includes('plan_requests'),
  })

  return (
    <div className="grid gap-6">
      <BackLink to={`/projects/${audit.projectId}`}>Back to Project</BackLink>
      <PageHeader
        title={audit.name}
        actions={
          HEADER_ACTIONS.some((action) => audit.allowedActions.includes(action)) ? (
            <AuditHeaderActions
              audit={audit}
              requests={hasNextPage ? undefined : requests.data?.requests}
              assignees={assignees.data}
            />
          ) : undefined
        }
      />
      {audit.allowedActions.includes('export') ? <AuditExports auditId={audit.id} /> : null}
      <AuditSummary
        audit={audit}
        progress={requests.data?.progress}
        team={<AuditTeam audit={audit} />}
        reminders={
          <AuditReminders
            audit={audit}
            requests={hasNextPage ? undefined : requests.data?.requests}
          />
        }
      />
      <AuditRequests
        requests={requests}
        assignees={assignees.data}
        canAdd={audit.allowedActions.includes('add_requests')}
      />
    </div>
  )
}

function AuditPageSkeleton() {
  return (
    <DetailSkeleton noun="Audit">
      <Skeleton className="h-36 w-full" />
      <Skeleton className="h-32 w-full" />
    </DetailSkeleton>
  )
}
