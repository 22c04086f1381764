import type { Assignee, AuditRequest, UpdateRequestInput } from '@shared/schemas/requests'
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
import { pastDueWarning } from '@/lib/dates'
import { cn } from '@/lib/utils'
import { useUpdateRequest } from '../api/update-request'

const UNASSIGNED = 'unassigned'

/** A request's assignee and due date, each saved as soon as it changes. */
export function RequestPlanning({
  request,
  assignees,
}: {
  request: AuditRequest
  /** Who it may be assigned to; undefined while loading. */
  assignees: Assignee[] | undefined
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-[minmax(0,16rem)_auto] sm:items-end">
      <div className="grid gap-1.5">
        <span aria-hidden="true" className="text-xs font-medium text-muted-foreground">
          Assignee
        </span>
        <AssigneeSelect request={request} assignees={assignees} />
      </div>
      <div className="grid gap-1.5">
        <span aria-hidden="true" className="text-xs font-medium text-muted-foreground">
          Due date
        </span>
        <DueDateInput request={request} className="w-full sm:w-44" />
      </div>
    </div>
  )
}

function usePlanning(request: AuditRequest) {
  const updateRequest = useUpdateRequest()
  const save = (input: Pick<UpdateRequestInput, 'assigneeId' | 'dueDate'>, what: string) =>
    updateRequest.mutateAsync({ id: request.id, input }).then(
      () => toast({ title: `${what} updated`, description: pastDueWarning(input.dueDate) }),
      (error: unknown) => toastFailure(`Failed to update the ${what.toLowerCase()}`, error),
    )
  return { save, saving: updateRequest.isPending }
}

/** The request's assignee, saved when chosen (named "Assignee of request N" for its row). */
export function AssigneeSelect({
  request,
  assignees,
  className,
}: {
  request: AuditRequest
  assignees: Assignee[] | undefined
  className?: string
}) {
  const { save, saving } = usePlanning(request)
  // Someone no longer eligible (moved to another client) stays shown until changed.
  const current =
    request.assigneeId && !assignees?.some((user) => user.id === request.assigneeId)
      ? { id: request.assigneeId, name: request.assigneeName ?? 'Unknown user' }
      : undefined
  return (
    <Select
      value={request.assigneeId ?? UNASSIGNED}
      disabled={!assignees || saving}
      onValueChange={(value) =>
        void save({ assigneeId: value === UNASSIGNED ? null : value }, 'Assignee')
      }
    >
      <SelectTrigger aria-label={`Assignee of request ${request.number}`} className={className}>
        <SelectValue placeholder="Loading..." />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={UNASSIGNED}>Unassigned</SelectItem>
        {current ? <SelectItem value={current.id}>{current.name}</SelectItem> : null}
        {assignees?.map((user) => (
          <SelectItem key={user.id} value={user.id}>
            {user.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  )
}

/** The request's due date, saved when changed (named "Due date of request N" for its row). */
export function DueDateInput({
  request,
  className,
}: {
  request: AuditRequest
  className?: string
}) {
  const { save, saving } = usePlanning(request)
  return (
    <Input
      type="date"
      aria-label={`Due date of request ${request.number}`}
      className={cn(className)}
      defaultValue={request.dueDate ?? ''}
      key={request.dueDate ?? ''}
      disabled={saving}
      onChange={(event) => {
        const value = event.target.value || null
        if (value !== request.dueDate) void save({ dueDate: value }, 'Due date')
      }}
    />
  )
}
