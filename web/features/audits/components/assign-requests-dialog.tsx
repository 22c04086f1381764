import { zodResolver } from '@hookform/resolvers/zod'
import { calendarDate } from '@shared/schemas/common'
import {
  bulkUpdateRequestsInput,
  type Assignee,
  type BulkUpdateRequestsInput,
  type AuditRequest,
} from '@shared/schemas/requests'
import { useId, type ReactElement } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { FormDialog } from '@/components/form-dialog'
import { FormError } from '@/components/form-error'
import { SelectField } from '@/components/select-field'
import { DialogFooter } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PendingButton } from '@/components/ui/pending-button'
import { countOf } from '@/lib/plural'
import { toast } from '@/lib/toast'
import { pastDueWarning } from '@/lib/dates'
import { useUpdateRequests } from '../api/update-requests'
import { showRefusal } from '../lib/show-refusal'
import { RequestChecklistField } from './request-checklist'
import { RequestsThatCan, type RequestSource } from './requests-that-can'

const KEEP = 'keep'
const UNASSIGNED = 'unassigned'

/**
 * The form's choices ("keep as it is", an empty date) become the PATCH's absent fields; the
 * result must satisfy the shared schema (which also wants something set).
 */
const assignFormSchema = z
  .object({
    requestIds: bulkUpdateRequestsInput.shape.requestIds,
    assigneeId: z.string(),
    dueDate: z.union([z.literal(''), calendarDate]),
  })
  .transform(({ requestIds, assigneeId, dueDate }): BulkUpdateRequestsInput => ({
    requestIds,
    ...(assigneeId === KEEP ? {} : { assigneeId: assigneeId === UNASSIGNED ? null : assigneeId }),
    ...(dueDate ? { dueDate } : {}),
  }))
  .pipe(bulkUpdateRequestsInput)
type AssignFormValues = z.input<typeof assignFormSchema>
type AssignFormOutput = z.output<typeof assignFormSchema>
const FIELDS = ['requestIds', 'assigneeId', 'dueDate'] as const

/** Staff: one assignee and/or one due date for several requests that can still be planned. */
export function AssignRequestsDialog({
  auditId,
  requests,
  assignees,
  trigger,
  onDone,
}: {
  auditId: string
  requests: RequestSource
  /** Who they may be assigned to; undefined while loading. */
  assignees: Assignee[] | undefined
  trigger: ReactElement
  /** After the change is saved (the dialog closes too). */
  onDone?: () => void
}) {
  return (
    <FormDialog
      title="Assign and Date Requests"
      description="Sets the same assignee, due date or both on every chosen request."
      trigger={trigger}
    >
      {(done) => (
        <RequestsThatCan source={requests}>
          {(plannable) => (
            <AssignRequestsForm
              auditId={auditId}
              requests={plannable}
              assignees={assignees}
              onDone={() => {
                done()
                onDone?.()
              }}
            />
          )}
        </RequestsThatCan>
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
  assignees: Assignee[] | undefined
  onDone: () => void
}) {
  const updateRequests = useUpdateRequests()
  const form = useForm<AssignFormValues, unknown, AssignFormOutput>({
    resolver: zodResolver(assignFormSchema),
    defaultValues: {
      requestIds: requests.map((request) => request.id),
      assigneeId: KEEP,
      dueDate: '',
    },
  })
  const errorId = useId()
  const { errors } = form.formState
  const error = errors.requestIds?.message ?? errors.root?.server?.message
  const count = form.watch('requestIds').length

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const updated = await updateRequests.mutateAsync({ auditId, input })
      toast({ title: `${countOf(updated.length, 'request')} updated` })
      onDone()
    } catch (failure) {
      showRefusal(form, failure, FIELDS, 'The requests could not be updated. Please try again.')
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <RequestChecklistField
        control={form.control}
        name="requestIds"
        legend="Requests to change"
        requests={requests}
        describedBy={error ? errorId : undefined}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          control={form.control}
          name="assigneeId"
          label="Assignee"
          options={
            assignees && [
              { value: KEEP, label: 'Keep as it is' },
              { value: UNASSIGNED, label: 'Unassigned' },
              ...assignees.map((user) => ({ value: user.id, label: user.name })),
            ]
          }
          description={
            assignees?.length === 0
              ? 'This client has no users yet: invite one from Admin Settings.'
              : undefined
          }
        />
        <FormField
          label="Due date"
          description={pastDueWarning(form.watch('dueDate')) ?? 'Empty: each keeps its own.'}
          error={errors.dueDate?.message}
        >
          <Input type="date" {...form.register('dueDate')} />
        </FormField>
      </div>
      <FormError id={errorId} message={error} />
      <DialogFooter>
        <PendingButton type="submit" pending={updateRequests.isPending} pendingLabel="Saving...">
          Update {countOf(count, 'Request')}
        </PendingButton>
      </DialogFooter>
    </form>
  )
}
