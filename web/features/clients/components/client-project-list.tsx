import type { ProjectListItem } from '@shared/schemas/projects'
import { AcceptedProgress } from '@/components/accepted-progress'
import { CardLink } from '@/components/card-link'
import { CardGrid } from '@/components/card-grid'
import { ProjectStatusBadge } from '@/components/status-badge'
import { Card } from '@/components/ui/card'
import { formatDate } from '@/lib/dates'

export function ClientProjectList({
  projects,
  label,
}: {
  projects: ProjectListItem[]
  label: string
}) {
  return (
    <CardGrid aria-label={label}>
      {projects.map((project) => (
        <li key={project.id}>
          <Card className="relative flex h-full flex-col gap-3 p-5 transition-colors hover:bg-accent/40">
            <div className="flex items-start justify-between gap-3">
              <h3 className="min-w-0 leading-snug font-semibold break-words">
                <CardLink to={`/projects/${project.id}`}>{project.name}</CardLink>
              </h3>
              <ProjectStatusBadge status={project.status} />
            </div>
            {project.description ? (
              <p className="line-clamp-2 text-sm text-muted-foreground">{project.description}</p>
            ) : null}
            <div className="mt-auto grid gap-3">
              <AcceptedProgress progress={project.progress} />
              <p className="text-xs text-muted-foreground tabular-nums">
                Created {formatDate(project.createdAt)}
              </p>
            </div>
          </Card>
        </li>
      ))}
    </CardGrid>
  )
}
