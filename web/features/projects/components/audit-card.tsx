import type { AuditListItem } from '@shared/schemas/audits'
import { CalendarDays } from 'lucide-react'
import { Link } from 'react-router'
import { AcceptedProgress } from '@/components/accepted-progress'
import { EditButton, DeleteButton } from '@/components/card-link'
import { AuditStatusBadge } from '@/components/status-badge'
import { Card } from '@/components/ui/card'
import { formatCalendarDate } from '@/lib/dates'
import { keepFocusInPage } from '@/lib/focus'
import { toastFailure } from '@/lib/mutation-feedback'
import { toast } from '@/lib/toast'
import { useDeleteAudit } from '../api/delete-audit'
import { AuditFormDialog } from './audit-form-dialog'

/** An audit of a project, with Edit and Delete where the server allows them (`allowedActions`). */
export function AuditCard({ audit }: { audit: AuditListItem }) {
  const deleteAudit = useDeleteAudit()
  const canEdit = audit.allowedActions.includes('edit')
  const canDelete = audit.allowedActions.includes('delete')

  const onDelete = () => {
    deleteAudit.mutateAsync({ id: audit.id, projectId: audit.projectId }).then(
      () => {
        toast({ title: 'Audit deleted successfully' })
        keepFocusInPage()
      },
      (error: unknown) => toastFailure('Failed to delete audit', error),
    )
  }

  return (
    <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-start sm:justify-between">
      <div className="grid min-w-0 flex-1 gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="min-w-0 font-semibold break-words">
            {/* The audit's own page (the audits feature): linked by path, not imported. */}
            <Link
              to={`/audits/${audit.id}`}
              className="rounded-sm text-primary underline-offset-4 hover:underline"
            >
              {audit.name}
            </Link>
          </h3>
          <AuditStatusBadge status={audit.status} />
        </div>
        {audit.description ? (
          <p className="text-sm whitespace-pre-line text-muted-foreground">{audit.description}</p>
        ) : null}
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
          {audit.dueDate ? (
            <span>
              Due{' '}
              <time dateTime={audit.dueDate} className="tabular-nums">
                {formatCalendarDate(audit.dueDate)}
              </time>
            </span>
          ) : (
            <span>No due date</span>
          )}
        </p>
        <div className="w-full max-w-xs">
          <AcceptedProgress progress={audit.progress} />
        </div>
      </div>
      {canEdit || canDelete ? (
        <div className="flex shrink-0 flex-wrap gap-2">
          {canEdit ? (
            <AuditFormDialog
              projectId={audit.projectId}
              audit={audit}
              trigger={<EditButton name={audit.name} />}
            />
          ) : null}
          {canDelete ? (
            <DeleteButton name={audit.name} pending={deleteAudit.isPending} onClick={onDelete} />
          ) : null}
        </div>
      ) : null}
    </Card>
  )
}
