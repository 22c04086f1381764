import { useQuery } from '@tanstack/react-query'
import { FolderKanban, Mail, MapPin, Phone, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { useParams } from 'react-router'
import { CardGridSkeleton } from '@/components/card-grid'
import { EmptyState } from '@/components/empty-state'
import { QueryErrorState } from '@/components/error-state'
import { PageHeader } from '@/components/page-header'
import { Badge } from '@/components/ui/badge'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { BackLink } from '@/components/back-link'
import { DetailLoadError } from '@/components/detail-load-error'
import { DetailSkeleton } from '@/components/detail-skeleton'
import { RequirePermission } from '@/components/require-permission'
import { clientQueries, projectQueries } from '@/lib/queries/engagements'
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
      <ClientProjects clientId={id} />
    </div>
  )
}

function ClientProjects({ clientId }: { clientId: string }) {
  // The projects list's cache (one fetch for both pages), this client's only.
  const projects = useQuery({
    ...projectQueries.list(),
    select: (all) => all.filter((project) => project.clientId === clientId),
  })

  if (projects.isPending) return <CardGridSkeleton count={3} label="Loading projects..." />
  if (projects.isError) {
    return <QueryErrorState title="Could not load projects" query={projects} />
  }
  if (projects.data.length === 0) {
    return <EmptyState icon={FolderKanban}>No projects for this client yet</EmptyState>
  }

  // On-hold projects are still open work, so they sit with the active ones.
  const active = projects.data.filter((project) => project.status !== 'completed')
  const completed = projects.data.filter((project) => project.status === 'completed')

  return (
    <div className="grid gap-8">
      <ProjectSection title="Active Projects" projects={active} empty="No active projects" />
      <ProjectSection
        title="Completed Projects"
        projects={completed}
        empty="No completed projects"
      />
    </div>
  )
}

function ProjectSection({
  title,
  projects,
  empty,
}: {
  title: string
  projects: Parameters<typeof ClientProjectList>[0]['projects']
  empty: string
}) {
  return (
    <section className="grid gap-3" aria-label={`${title} (${projects.length})`}>
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        {title}
        <Badge variant="secondary" className="tabular-nums">
          {projects.length}
        </Badge>
      </h2>
      {projects.length === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
          {empty}
        </p>
      ) : (
        <ClientProjectList projects={projects} label={title} />
      )}
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
