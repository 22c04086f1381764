import { zodResolver } from '@hookform/resolvers/zod'
import { REQUEST_LIMITS, submitRequestInput, type RequestDetail } from '@shared/schemas/requests'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { PendingButton } from '@/components/ui/pending-button'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/lib/toast'
import { useSubmitRequest } from '../api/submit-request'
import { showRefusal } from '../lib/show-refusal'

const RESPONSE_REQUIRED = 'This request requires a written response'

/** The shared submit schema, and the request's own rule: a written response when it needs one. */
const answerSchema = (request: Pick<RequestDetail, 'responseRequired'>) =>
  submitRequestInput.superRefine((answer, context) => {
    if (request.responseRequired && !answer.response)
      context.addIssue({ code: 'custom', path: ['response'], message: RESPONSE_REQUIRED })
  })
type AnswerValues = z.input<typeof submitRequestInput>
type AnswerOutput = z.output<typeof submitRequestInput>

/** The client user's answer: each submission is a new version. */
export function AnswerForm({
  request,
  hasDocument,
}: {
  request: RequestDetail
  /** A file is attached to the version being prepared. */
  hasDocument: boolean
}) {
  const submitRequest = useSubmitRequest()
  const form = useForm<AnswerValues, unknown, AnswerOutput>({
    resolver: zodResolver(answerSchema(request)),
    defaultValues: { response: '' },
  })
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const { errors } = form.formState
  const error = errors.response?.message ?? errors.root?.server?.message
  const missingResponse = request.responseRequired && !form.watch('response')?.trim()
  const missingDocument = request.documentRequired && !hasDocument
  const blocked = missingResponse || missingDocument
  const hint = [
    missingDocument ? 'This request needs a document: attach a file above.' : null,
    missingResponse ? 'This request needs a written response before you can submit it.' : null,
  ]
    .filter(Boolean)
    .join(' ')

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await submitRequest.mutateAsync({ id: request.id, input })
      form.reset({ response: '' })
      toast({ title: 'Answer submitted', description: 'Your audit firm will review it.' })
    } catch (failure) {
      showRefusal(
        form,
        failure,
        ['response'],
        'Your answer could not be submitted. Please try again.',
      )
    }
  })

  const describedBy = [missingResponse ? hintId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ')

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3">
      <label htmlFor={id} className="text-sm font-medium">
        Your answer{request.responseRequired ? '' : ' (optional)'}
      </label>
      <Textarea
        id={id}
        rows={6}
        maxLength={REQUEST_LIMITS.response}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...form.register('response')}
      />
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <PendingButton
          type="submit"
          className="w-fit"
          disabled={blocked}
          aria-describedby={blocked ? hintId : undefined}
          pending={submitRequest.isPending}
          pendingLabel="Submitting..."
        >
          Submit Answer
        </PendingButton>
        {blocked ? (
          <p id={hintId} className="text-sm text-muted-foreground">
            {hint}
          </p>
        ) : null}
      </div>
    </form>
  )
}
