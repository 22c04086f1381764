import type { ProjectListItem } from '@shared/schemas/projects'
import { Building2 } from 'lucide-react'
import { AcceptedProgress } from '@/components/accepted-progress'
import { CardActions, CardLink, DeleteButton, EditButton } from '@/components/card-link'
import { ProjectStatusBadge } from '@/components/status-badge'
import { Card } from '@/components/ui/card'
import { keepFocusInPage } from '@/lib/focus'
import { toastFailure } from '@/lib/mutation-feedback'
import { toast } from '@/lib/toast'
import { useDeleteProject } from '../api/delete-project'
import { ProjectFormDialog } from './project-form-dialog'

export function ProjectCard({
  project,
  canManage,
}: {
  project: ProjectListItem
  canManage: boolean
}) {
  const deleteProject = useDeleteProject()

  const onDelete = () => {
    deleteProject.mutateAsync(project.id).then(
      () => {
        toast({ title: 'Project deleted successfully' })
        keepFocusInPage()
      },
      (error: unknown) => toastFailure('Failed to delete project', error),
    )
  }

  return (
    <Card className="relative flex h-full flex-col gap-3 p-5 transition-colors hover:bg-accent/40">
      <div className="flex items-start justify-between gap-3">
        <h2 className="min-w-0 text-base leading-snug font-semibold break-words">
          <CardLink to={`/projects/${project.id}`}>{project.name}</CardLink>
        </h2>
        <ProjectStatusBadge status={project.status} />
      </div>
      <p className="flex min-w-0 items-center gap-2 text-sm text-muted-foreground">
        <Building2 aria-hidden="true" className="size-4 shrink-0" />
        <span className="sr-only">Client:</span>
        <span className="truncate">{project.clientName ?? 'No client'}</span>
      </p>
      {project.description ? (
        <p className="line-clamp-2 text-sm text-muted-foreground">{project.description}</p>
      ) : null}
      <div className="mt-auto pt-1">
        <AcceptedProgress progress={project.progress} />
      </div>
      {canManage ? (
        <CardActions className="pt-1">
          <ProjectFormDialog project={project} trigger={<EditButton name={project.name} />} />
          <DeleteButton name={project.name} pending={deleteProject.isPending} onClick={onDelete} />
        </CardActions>
      ) : null}
    </Card>
  )
}
