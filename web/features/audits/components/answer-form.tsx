import { zodResolver } from '@hookform/resolvers/zod'
import { REQUEST_LIMITS, submitRequestInput, type RequestDetail } from '@shared/schemas/requests'
import { useCallback, useId } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { FormError } from '@/components/form-error'
import { PendingButton } from '@/components/ui/pending-button'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/lib/toast'
import { useSubmitRequest } from '../api/submit-request'
import { useAnswerAutosave, type AutosaveState } from '../hooks/use-answer-autosave'
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
  const response = form.watch('response') ?? ''
  const restore = useCallback(
    (saved: string) => {
      if (!form.getValues('response')) form.setValue('response', saved)
    },
    [form],
  )
  const autosave = useAnswerAutosave(request.id, response, restore)
  const missingResponse = request.responseRequired && !response.trim()
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
      autosave.submitted()
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
      <FormError id={errorId} message={error} />
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
        <AutosaveStatus state={autosave.state} />
      </div>
    </form>
  )
}

const AUTOSAVE_TEXT: Record<AutosaveState, string> = {
  idle: '',
  saving: 'Saving draft...',
  saved: 'Draft saved',
  failed: 'Your draft could not be saved: keep this page open and try again in a moment.',
}

/** Where the answer in progress stands, said quietly (and to screen readers, politely). */
function AutosaveStatus({ state }: { state: AutosaveState }) {
  return (
    <p
      aria-live="polite"
      className={
        state === 'failed' ? 'text-sm text-destructive' : 'ml-auto text-sm text-muted-foreground'
      }
    >
      {AUTOSAVE_TEXT[state]}
    </p>
  )
}
