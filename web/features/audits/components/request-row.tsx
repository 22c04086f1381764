import type { AuditRequest } from '@shared/schemas/requests'
import type { User } from '@shared/schemas/users'
import { ArrowDown, ArrowUp, UserRound } from 'lucide-react'
import { Link } from 'react-router'
import { RequestStatusBadge } from '@/components/status-badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select'
import { toastFailure } from '@/lib/mutation-feedback'
import { toast } from '@/lib/toast'
import { useUpdateRequest } from '../api/update-request'
import { DeleteRequestDialog } from './delete-request-dialog'
import { RequestFormDialog } from './request-form-dialog'
import { RequirementBadges } from './requirement-badges'
import { DueDate } from './due-date'

const UNASSIGNED = 'unassigned'

interface RequestRowProps {
  request: AuditRequest
  /** Staff: assignee, due date and (for drafts) edit, delete and move. */
  canManage: boolean
  assignees: User[] | undefined
  /** Moves this draft before/after its neighbouring draft; undefined at either end. */
  onMoveUp?: () => void
  onMoveDown?: () => void
  moving: boolean
}

export function RequestRow({
  request,
  canManage,
  assignees,
  onMoveUp,
  onMoveDown,
  moving,
}: RequestRowProps) {
  const updateRequest = useUpdateRequest()
  const isDraft = request.status === 'draft'
  const canPlan = request.allowedActions.includes('plan')

  const save = (input: { assigneeId?: string | null; dueDate?: string | null }, what: string) =>
    updateRequest.mutateAsync({ id: request.id, input }).then(
      () => toast({ title: `${what} updated` }),
      (error: unknown) => toastFailure(`Failed to update the ${what.toLowerCase()}`, error),
    )

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
        <RequestStatusBadge status={request.status} overdue={request.overdue} />
      </div>
      <RequirementBadges
        documentRequired={request.documentRequired}
        responseRequired={request.responseRequired}
      />
      {canPlan ? (
        <div className="grid gap-3 sm:grid-cols-[minmax(0,16rem)_auto] sm:items-end">
          <div className="grid gap-1.5">
            <span aria-hidden="true" className="text-xs font-medium text-muted-foreground">
              Assignee
            </span>
            <Select
              value={request.assigneeId ?? UNASSIGNED}
              disabled={!assignees || updateRequest.isPending}
              onValueChange={(value) =>
                void save({ assigneeId: value === UNASSIGNED ? null : value }, 'Assignee')
              }
            >
              <SelectTrigger aria-label={`Assignee of request ${request.number}`}>
                <SelectValue placeholder="Loading..." />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={UNASSIGNED}>Unassigned</SelectItem>
                {request.assigneeId &&
                !assignees?.some((user) => user.id === request.assigneeId) ? (
                  <SelectItem value={request.assigneeId}>
                    {request.assigneeName ?? 'Unknown user'}
                  </SelectItem>
                ) : null}
                {assignees?.map((user) => (
                  <SelectItem key={user.id} value={user.id}>
                    {user.firstName} {user.lastName}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-1.5">
            <span aria-hidden="true" className="text-xs font-medium text-muted-foreground">
              Due date
            </span>
            <Input
              type="date"
              aria-label={`Due date of request ${request.number}`}
              className="w-full sm:w-44"
              defaultValue={request.dueDate ?? ''}
              key={request.dueDate ?? ''}
              disabled={updateRequest.isPending}
              onChange={(event) => {
                const value = event.target.value || null
                if (value !== request.dueDate) void save({ dueDate: value }, 'Due date')
              }}
            />
          </div>
        </div>
      ) : (
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span className="flex items-center gap-1.5">
            <UserRound aria-hidden="true" className="size-4 shrink-0" />
            {request.assigneeName ?? 'Unassigned'}
          </span>
          <DueDate date={request.dueDate} />
        </p>
      )}
      {canManage && isDraft ? (
        <div className="flex flex-wrap gap-2">
          <RequestFormDialog
            auditId={request.auditId}
            request={request}
            trigger={
              <Button variant="outline" size="sm">
                Edit<span className="sr-only"> request {request.number}</span>
              </Button>
            }
          />
          <DeleteRequestDialog request={request} />
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
        </div>
      ) : null}
    </Card>
  )
}
