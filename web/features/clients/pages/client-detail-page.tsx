import type { ProjectCounts } from '@shared/schemas/projects'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { FolderKanban, Mail, MapPin, Phone, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { useParams } from 'react-router'
import { CardGridSkeleton } from '@/components/card-grid'
import { EmptyState } from '@/components/empty-state'
import { ListSection } from '@/components/list-section'
import { PageHeader } from '@/components/page-header'
import { Badge } from '@/components/ui/badge'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { BackLink } from '@/components/back-link'
import { DetailLoadError } from '@/components/detail-load-error'
import { DetailSkeleton } from '@/components/detail-skeleton'
import { RequirePermission } from '@/components/require-permission'
import { clientQueries, projectQueries } from '@/lib/queries/engagements'
import { useCan } from '@/lib/session'
import { ClientContacts } from '../components/client-contacts'
import { ClientProjectList } from '../components/client-project-list'
import { CreateProjectDialog } from '../components/create-project-dialog'

function ContactItem({
  icon: Icon,
  label,
  children,
}: {
  icon: LucideIcon
  label: string
  children: ReactNode
}) {
  return (
    <div className="grid min-w-0 content-start gap-1">
      <dt className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
        <Icon aria-hidden="true" className="size-3.5 shrink-0" />
        {label}
      </dt>
      <dd className="text-sm break-words whitespace-pre-line">{children}</dd>
    </div>
  )
}

function NotProvided() {
  return <span className="text-muted-foreground">Not provided</span>
}

// The firm's: client users get the forbidden state (and the API's 403) instead.
export function ClientDetailPage() {
  return (
    <RequirePermission to="engagements.manage">
      <ClientDetailPageContent />
    </RequirePermission>
  )
}

function ClientDetailPageContent() {
  const { id = '' } = useParams()
  const client = useQuery(clientQueries.detail(id))
  // Its users and invitations are the company's administration: the admins'.
  const canSeeContacts = useCan('company.manage')

  if (client.isPending) return <ClientDetailSkeleton />

  if (client.isError) {
    return (
      <DetailLoadError noun="Client" backTo="/clients" backLabel="Back to Clients" query={client} />
    )
  }

  const { name, email, phone, address } = client.data
  return (
    <div className="grid gap-6">
      <BackLink to="/clients">Back to Clients</BackLink>
      <PageHeader title={name} actions={<CreateProjectDialog clientId={id} clientName={name} />} />
      <Card className="p-5">
        <h2 className="sr-only">Contact details</h2>
        <dl className="grid gap-4 sm:grid-cols-3">
          <ContactItem icon={Mail} label="Email">
            {email ?? <NotProvided />}
          </ContactItem>
          <ContactItem icon={Phone} label="Phone">
            {phone ? <span className="tabular-nums">{phone}</span> : <NotProvided />}
          </ContactItem>
          <ContactItem icon={MapPin} label="Address">
            {address ?? <NotProvided />}
          </ContactItem>
        </dl>
      </Card>
      {canSeeContacts ? <ClientContacts clientId={id} clientName={name} /> : null}
      <ClientProjects clientId={id} />
    </div>
  )
}

// On-hold projects are still open work, so they sit with the active ones.
const SECTIONS = [
  {
    title: 'Active Projects',
    status: ['active', 'on_hold'],
    count: (counts: ProjectCounts) => counts.active + counts.onHold,
    empty: 'No active projects',
  },
  {
    title: 'Completed Projects',
    status: ['completed'],
    count: (counts: ProjectCounts) => counts.completed,
    empty: 'No completed projects',
  },
] as const

type Section = (typeof SECTIONS)[number]

function ClientProjects({ clientId }: { clientId: string }) {
  // The counts say whether the client has any project, and head each section.
  const counts = useQuery(projectQueries.counts({ clientId }))

  return (
    <ListSection
      query={counts}
      loading={<CardGridSkeleton count={3} label="Loading projects..." />}
      errorTitle="Could not load projects"
      isEmpty={(data) => data.all === 0}
      empty={<EmptyState icon={FolderKanban}>No projects for this client yet</EmptyState>}
      className="gap-8"
    >
      {(data) =>
        SECTIONS.map((section) => (
          <ProjectSection
            key={section.title}
            clientId={clientId}
            section={section}
            count={section.count(data)}
          />
        ))
      }
    </ListSection>
  )
}

/** One status group of the client's projects, read from the server a page at a time. */
function ProjectSection({
  clientId,
  section: { title, status, empty },
  count,
}: {
  clientId: string
  section: Section
  count: number
}) {
  const projects = useInfiniteQuery(projectQueries.list({ clientId, status }))
  return (
    <section className="grid gap-3" aria-label={`${title} (${count})`}>
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        {title}
        <Badge variant="secondary" className="tabular-nums">
          {count}
        </Badge>
      </h2>
      <ListSection
        query={projects}
        loading={
          <CardGridSkeleton
            count={Math.min(count, 3) || 1}
            label={`Loading ${title.toLowerCase()}...`}
          />
        }
        errorTitle={`Could not load ${title.toLowerCase()}`}
        empty={
          <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
            {empty}
          </p>
        }
        loadMoreLabel={`Load more ${title.toLowerCase()}`}
      >
        {(list) => <ClientProjectList projects={list} label={title} />}
      </ListSection>
    </section>
  )
}

function ClientDetailSkeleton() {
  return (
    <DetailSkeleton noun="Client" action>
      <Skeleton className="h-24 w-full" />
      <CardGridSkeleton count={3} />
    </DetailSkeleton>
  )
}
