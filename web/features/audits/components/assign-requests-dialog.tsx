import type { AuditRequest } from '@shared/schemas/requests'
import type { User } from '@shared/schemas/users'
import { useId, useState, type ReactElement } from 'react'
import { FormDialog } from '@/components/form-dialog'
import { DialogFooter } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PendingButton } from '@/components/ui/pending-button'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select'
import { serverMessage } from '@/lib/mutation-feedback'
import { toast } from '@/lib/toast'
import { countOf } from '@/lib/plural'
import { useUpdateRequests } from '../api/update-requests'
import { RequestChecklist, useChosenRequests } from './request-checklist'

const KEEP = 'keep'
const UNASSIGNED = 'unassigned'

/** Staff: one assignee and/or one due date for several requests that can still be planned. */
export function AssignRequestsDialog({
  auditId,
  requests,
  assignees,
  trigger,
}: {
  auditId: string
  requests: AuditRequest[]
  assignees: User[] | undefined
  trigger: ReactElement
}) {
  return (
    <FormDialog
      title="Assign and Date Requests"
      description="Sets the same assignee, due date or both on every chosen request."
      trigger={trigger}
    >
      {(done) => (
        <AssignRequestsForm
          auditId={auditId}
          requests={requests}
          assignees={assignees}
          onDone={done}
        />
      )}
    </FormDialog>
  )
}

function AssignRequestsForm({
  auditId,
  requests,
  assignees,
  onDone,
}: {
  auditId: string
  requests: AuditRequest[]
  assignees: User[] | undefined
  onDone: () => void
}) {
  const updateRequests = useUpdateRequests()
  const { chosen, toggle } = useChosenRequests(requests)
  const [assignee, setAssignee] = useState(KEEP)
  const [dueDate, setDueDate] = useState('')
  const [error, setError] = useState<string>()
  const errorId = useId()

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    if (chosen.size === 0) return setError('Choose at least one request')
    if (assignee === KEEP && !dueDate) return setError('Choose an assignee or a due date to set')
    const input = {
      requestIds: [...chosen],
      ...(assignee === KEEP ? {} : { assigneeId: assignee === UNASSIGNED ? null : assignee }),
      ...(dueDate ? { dueDate } : {}),
    }
    updateRequests.mutateAsync({ auditId, input }).then(
      (updated) => {
        toast({
          title: `${countOf(updated.length, 'request')} updated`,
        })
        onDone()
      },
      (failure: unknown) =>
        setError(serverMessage(failure) ?? 'The requests could not be updated. Please try again.'),
    )
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <RequestChecklist
        legend="Requests to change"
        requests={requests}
        chosen={chosen}
        onToggle={toggle}
        describedBy={error ? errorId : undefined}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Assignee"
          description={
            assignees?.length === 0
              ? 'This client has no users yet: invite one from Admin Settings.'
              : undefined
          }
        >
          {(controlProps) => (
            <Select
              value={assignee}
              onValueChange={(value) => {
                setAssignee(value)
                setError(undefined)
              }}
              disabled={!assignees}
            >
              <SelectTrigger {...controlProps}>
                <SelectValue placeholder="Loading..." />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={KEEP}>Keep as it is</SelectItem>
                <SelectItem value={UNASSIGNED}>Unassigned</SelectItem>
                {assignees?.map((user) => (
                  <SelectItem key={user.id} value={user.id}>
                    {user.firstName} {user.lastName}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </FormField>
        <FormField label="Due date" description="Empty: each keeps its own.">
          <Input
            type="date"
            value={dueDate}
            onChange={(event) => {
              setDueDate(event.target.value)
              setError(undefined)
            }}
          />
        </FormField>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <DialogFooter>
        <PendingButton type="submit" pending={updateRequests.isPending} pendingLabel="Saving...">
          Update {countOf(chosen.size, 'Request')}
        </PendingButton>
      </DialogFooter>
    </form>
  )
}
