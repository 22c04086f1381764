import type { Assignee, AuditRequest } from '@shared/schemas/requests'
import { ArrowDown, ArrowUp, UserRound } from 'lucide-react'
import { Link } from 'react-router'
import { RequestStatusBadge } from '@/components/status-badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { DeleteRequestDialog } from './delete-request-dialog'
import { DueDate } from './due-date'
import { RequestFormDialog } from './request-form-dialog'
import { RemindersPausedBadge } from './reminders-paused-badge'
import { RequestPlanning } from './request-planning'
import { RequirementBadges } from './requirement-badges'
import { WhoseMoveBadge } from './whose-move'

interface RequestRowProps {
  request: AuditRequest
  /** Who requests may be assigned to (undefined while loading, or when nobody may plan). */
  assignees: Assignee[] | undefined
  /** Moves this draft one place among the drafts; undefined at either end. */
  onMoveUp?: () => void
  onMoveDown?: () => void
  /** A move is on its way: every move button waits. */
  moving: boolean
}

/** One request of the audit page, with the controls its `allowedActions` permit. */
export function RequestRow({ request, assignees, onMoveUp, onMoveDown, moving }: RequestRowProps) {
  const can = (action: AuditRequest['allowedActions'][number]) =>
    request.allowedActions.includes(action)

  return (
    <Card className="grid gap-3 p-4 sm:p-5">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-1">
          <h3 className="min-w-0 font-semibold break-words">
            <span className="mr-2 text-muted-foreground tabular-nums">#{request.number}</span>
            <Link
              to={`/requests/${request.id}`}
              className="rounded-sm text-primary underline-offset-4 hover:underline"
            >
              {request.title}
            </Link>
          </h3>
          {request.description ? (
            <p className="line-clamp-3 text-sm whitespace-pre-line text-muted-foreground">
              {request.description}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-1 sm:shrink-0 sm:justify-end">
          <RequestStatusBadge status={request.status} overdue={request.overdue} />
          <WhoseMoveBadge whoseMove={request.whoseMove} />
          {request.remindersPaused && can('plan') ? <RemindersPausedBadge /> : null}
        </div>
      </div>
      <RequirementBadges
        documentRequired={request.documentRequired}
        responseRequired={request.responseRequired}
      />
      {can('plan') ? (
        <RequestPlanning request={request} assignees={assignees} />
      ) : (
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span className="flex items-center gap-1.5">
            <UserRound aria-hidden="true" className="size-4 shrink-0" />
            {request.assigneeName ?? 'Unassigned'}
          </span>
          <DueDate date={request.dueDate} />
        </p>
      )}
      {can('edit') || can('reword') || can('delete') || can('move') ? (
        <div className="flex flex-wrap gap-2">
          {can('reword') ? (
            <RequestFormDialog
              auditId={request.auditId}
              request={request}
              trigger={
                <Button variant="outline" size="sm">
                  Edit wording<span className="sr-only"> of request {request.number}</span>
                </Button>
              }
            />
          ) : null}
          {can('edit') ? (
            <RequestFormDialog
              auditId={request.auditId}
              request={request}
              trigger={
                <Button variant="outline" size="sm">
                  Edit<span className="sr-only"> request {request.number}</span>
                </Button>
              }
            />
          ) : null}
          {can('delete') ? <DeleteRequestDialog request={request} /> : null}
          {can('move') ? (
            <>
              <Button
                variant="outline"
                size="sm"
                disabled={!onMoveUp || moving}
                onClick={onMoveUp}
                data-move={`${request.id}:up`}
                aria-label={`Move request ${request.number} up`}
              >
                <ArrowUp aria-hidden="true" />
                <span aria-hidden="true">Up</span>
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={!onMoveDown || moving}
                onClick={onMoveDown}
                data-move={`${request.id}:down`}
                aria-label={`Move request ${request.number} down`}
              >
                <ArrowDown aria-hidden="true" />
                <span aria-hidden="true">Down</span>
              </Button>
            </>
          ) : null}
        </div>
      ) : null}
    </Card>
  )
}
