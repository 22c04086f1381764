import { zodResolver } from '@hookform/resolvers/zod'
import { REQUEST_LIMITS, type AuditRequest } from '@shared/schemas/requests'
import { useId, type ReactElement } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { FormDialog } from '@/components/form-dialog'
import { FormError } from '@/components/form-error'
import { SelectField } from '@/components/select-field'
import { DialogFooter } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { PendingButton } from '@/components/ui/pending-button'
import { Textarea } from '@/components/ui/textarea'
import { countOf } from '@/lib/plural'
import { toast } from '@/lib/toast'
import { useBulkRequests } from '../api/bulk-requests'
import { showRefusal } from '../lib/show-refusal'
import { RequestChecklistField } from './request-checklist'
import { RequestsThatCan, type RequestSource } from './requests-that-can'

const decisionSchema = z
  .object({
    requestIds: z.array(z.string()).min(1, 'Choose at least one request'),
    decision: z.enum(['accept', 'return']),
    reason: z.string().max(REQUEST_LIMITS.reason, `At most ${REQUEST_LIMITS.reason} characters`),
  })
  .superRefine((values, context) => {
    if (values.decision === 'return' && !values.reason.trim())
      context.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'Say what is missing: the client sees it',
      })
  })
type DecisionValues = z.infer<typeof decisionSchema>
const FIELDS = ['requestIds', 'reason'] as const

/**
 * The firm's decision on several submitted answers at once: accept them, or return them with one
 * reason. All or nothing: if one can no longer take it, nothing changes and the dialog says which.
 */
export function ReviewRequestsDialog({
  auditId,
  requests,
  trigger,
}: {
  auditId: string
  /** The answers waiting for a decision. */
  requests: RequestSource
  trigger: ReactElement
}) {
  return (
    <FormDialog
      title="Review Several Answers"
      description="Accepts the chosen answers, or returns them to the client with one reason."
      trigger={trigger}
    >
      {(done) => (
        <RequestsThatCan source={requests}>
          {(reviewable) => (
            <ReviewRequestsForm auditId={auditId} requests={reviewable} onDone={done} />
          )}
        </RequestsThatCan>
      )}
    </FormDialog>
  )
}

function ReviewRequestsForm({
  auditId,
  requests,
  onDone,
}: {
  auditId: string
  requests: AuditRequest[]
  onDone: () => void
}) {
  const bulk = useBulkRequests()
  const form = useForm<DecisionValues>({
    resolver: zodResolver(decisionSchema),
    defaultValues: {
      requestIds: requests.map((request) => request.id),
      decision: 'accept',
      reason: '',
    },
  })
  const errorId = useId()
  const { errors } = form.formState
  const error = errors.requestIds?.message ?? errors.root?.server?.message
  const count = form.watch('requestIds').length
  const decision = form.watch('decision')

  const onSubmit = form.handleSubmit(async ({ requestIds, decision, reason }) => {
    try {
      const reply = await bulk.mutateAsync({
        auditId,
        input:
          decision === 'accept'
            ? { action: 'accept', requestIds }
            : { action: 'return', requestIds, reason: reason.trim() },
      })
      const done = decision === 'accept' ? 'accepted' : 'returned to the client'
      toast({
        title: `${countOf(reply.changed.length, 'request')} ${done}`,
        description:
          reply.skipped.length > 0
            ? `${countOf(reply.skipped.length, 'request')} left as ${reply.skipped.length === 1 ? 'it was' : 'they were'}.`
            : undefined,
      })
      onDone()
    } catch (failure) {
      showRefusal(form, failure, FIELDS, 'The answers could not be reviewed. Please try again.')
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <RequestChecklistField
        control={form.control}
        name="requestIds"
        legend="Answers to review"
        requests={requests}
        describedBy={error ? errorId : undefined}
      />
      <SelectField
        control={form.control}
        name="decision"
        label="Decision"
        options={[
          { value: 'accept', label: 'Accept' },
          { value: 'return', label: 'Return to the client' },
        ]}
      />
      {decision === 'return' ? (
        <FormField
          label="Reason"
          description="The client sees it on each returned request."
          error={errors.reason?.message}
        >
          <Textarea rows={3} maxLength={REQUEST_LIMITS.reason} {...form.register('reason')} />
        </FormField>
      ) : null}
      <FormError id={errorId} message={error} />
      <DialogFooter>
        <PendingButton type="submit" pending={bulk.isPending} pendingLabel="Saving...">
          {decision === 'accept' ? 'Accept' : 'Return'} {countOf(count, 'Answer')}
        </PendingButton>
      </DialogFooter>
    </form>
  )
}
