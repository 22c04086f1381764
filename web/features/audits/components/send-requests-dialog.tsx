import { zodResolver } from '@hookform/resolvers/zod'
import { sendRequestsInput, type AuditRequest } from '@shared/schemas/requests'
import { useQuery } from '@tanstack/react-query'
import { useId, type ReactElement } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { FormDialog } from '@/components/form-dialog'
import { FormError } from '@/components/form-error'
import { DialogFooter } from '@/components/ui/dialog'
import { PendingButton } from '@/components/ui/pending-button'
import { countOf } from '@/lib/plural'
import { requestQueries } from '@/lib/queries/requests'
import { toast } from '@/lib/toast'
import { useSendRequests } from '../api/send-requests'
import { showRefusal } from '../lib/show-refusal'
import { RequestChecklistField } from './request-checklist'
import { AssigneeSelect } from './request-planning'
import { RequestsThatCan, type RequestSource } from './requests-that-can'

// The form always names the drafts it sends.
const sendFormSchema = sendRequestsInput.required()
type SendFormValues = z.input<typeof sendFormSchema>

export function SendRequestsDialog({
  auditId,
  drafts,
  trigger,
}: {
  auditId: string
  /** The requests that can be sent. */
  drafts: RequestSource
  trigger: ReactElement
}) {
  return (
    <FormDialog
      title="Send Requests"
      description="The chosen drafts go to their assignees: each client user gets one e-mail listing their new requests."
      trigger={trigger}
    >
      {(done) => (
        <RequestsThatCan source={drafts}>
          {(sendable) => <SendRequestsForm auditId={auditId} drafts={sendable} onDone={done} />}
        </RequestsThatCan>
      )}
    </FormDialog>
  )
}

function SendRequestsForm({
  auditId,
  drafts,
  onDone,
}: {
  auditId: string
  drafts: AuditRequest[]
  onDone: () => void
}) {
  const sendRequests = useSendRequests()
  const form = useForm<SendFormValues>({
    resolver: zodResolver(sendFormSchema),
    defaultValues: { requestIds: drafts.map((draft) => draft.id) },
  })
  const errorId = useId()
  const { errors } = form.formState
  const error = errors.requestIds?.message ?? errors.root?.server?.message
  const chosen = form.watch('requestIds')
  const count = chosen.length
  // A draft goes to its assignee: those chosen without one can be given one here.
  const unassigned = drafts.filter(
    (draft) => draft.assigneeId === null && chosen.includes(draft.id),
  )
  const assignees = useQuery({
    ...requestQueries.assignees(auditId),
    enabled: unassigned.length > 0,
  })

  const onSubmit = form.handleSubmit(async ({ requestIds }) => {
    try {
      const sent = await sendRequests.mutateAsync({ auditId, requestIds })
      toast({ title: `${countOf(sent.length, 'request')} sent` })
      onDone()
    } catch (failure) {
      showRefusal(
        form,
        failure,
        ['requestIds'],
        'The requests could not be sent. Please try again.',
      )
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <RequestChecklistField
        control={form.control}
        name="requestIds"
        legend="Drafts to send"
        requests={drafts}
        describedBy={error ? errorId : undefined}
      />
      {unassigned.length > 0 ? (
        <fieldset className="grid gap-2 rounded-md border border-warning bg-warning-soft p-3">
          <legend className="px-1 text-sm font-medium text-warning-soft-foreground">
            {unassigned.length === 1
              ? 'One chosen draft has no assignee'
              : `${unassigned.length} chosen drafts have no assignee`}
          </legend>
          <ul className="grid gap-2">
            {unassigned.map((draft) => (
              <li key={draft.id} className="grid items-center gap-2 sm:grid-cols-[1fr_14rem]">
                <span className="truncate text-sm">
                  #{draft.number} {draft.title}
                </span>
                <AssigneeSelect request={draft} assignees={assignees.data} className="h-8" />
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      <FormError id={errorId} message={error} />
      <DialogFooter>
        <PendingButton type="submit" pending={sendRequests.isPending} pendingLabel="Sending...">
          Send {countOf(count, 'Request')}
        </PendingButton>
      </DialogFooter>
    </form>
  )
}
