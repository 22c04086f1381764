import { zodResolver } from '@hookform/resolvers/zod'
import { parseAnswer, takesTypedAnswer } from '@shared/schemas/answers'
import { REQUEST_LIMITS, submitRequestInput, type RequestDetail } from '@shared/schemas/requests'
import { useCallback, useId } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { z } from 'zod'
import { FormError } from '@/components/form-error'
import { PendingButton } from '@/components/ui/pending-button'
import { Textarea } from '@/components/ui/textarea'
import { TypedAnswerField } from './typed-answer-field'
import { toast } from '@/lib/toast'
import { useSubmitRequest } from '../api/submit-request'
import { useAnswerAutosave, type AutosaveState } from '../hooks/use-answer-autosave'
import { showRefusal } from '../lib/show-refusal'

const RESPONSE_REQUIRED = 'This request requires a written response'

type Answered = Pick<RequestDetail, 'answerType' | 'choices' | 'responseRequired'>

/**
 * The shared submit schema with the answer as the form holds it (text), and the request's own
 * rules: a written response when it needs one, a typed answer of its type (the server's check).
 */
const answerSchema = (request: Answered) =>
  submitRequestInput.extend({ answer: z.string() }).superRefine((values, context) => {
    if (request.answerType === 'text' && request.responseRequired && !values.response)
      context.addIssue({ code: 'custom', path: ['response'], message: RESPONSE_REQUIRED })
    if (takesTypedAnswer(request.answerType)) {
      const parsed = parseAnswer(request.answerType, request.choices, values.answer)
      if ('error' in parsed)
        context.addIssue({ code: 'custom', path: ['answer'], message: parsed.error })
    }
  })
type AnswerValues = z.input<ReturnType<typeof answerSchema>>
type AnswerOutput = z.output<ReturnType<typeof answerSchema>>

/** What the request's type asks of the written field: the answer, a note beside it, or nothing. */
const responseLabelOf = (request: Answered) =>
  request.answerType === 'files'
    ? null
    : request.answerType === 'text'
      ? `Your answer${request.responseRequired ? '' : ' (optional)'}`
      : 'Note (optional)'

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
    defaultValues: { response: '', answer: '' },
  })
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const { errors } = form.formState
  const error = errors.response?.message ?? errors.root?.server?.message
  const response = form.watch('response') ?? ''
  const typed = takesTypedAnswer(request.answerType)
  const responseLabel = responseLabelOf(request)
  const restore = useCallback(
    (saved: string) => {
      if (!form.getValues('response')) form.setValue('response', saved)
    },
    [form],
  )
  const autosave = useAnswerAutosave(request.id, response, restore)
  const missingResponse =
    request.answerType === 'text' && request.responseRequired && !response.trim()
  const missingDocument =
    (request.documentRequired || request.answerType === 'files') && !hasDocument
  const blocked = missingResponse || missingDocument
  const hint = [
    missingDocument ? 'This request needs a document: attach a file above.' : null,
    missingResponse ? 'This request needs a written response before you can submit it.' : null,
  ]
    .filter(Boolean)
    .join(' ')

  const onSubmit = form.handleSubmit(async (values) => {
    const input = {
      response: request.answerType === 'files' ? null : values.response,
      answer: typed ? values.answer : null,
    }
    try {
      await submitRequest.mutateAsync({ id: request.id, input })
      form.reset({ response: '', answer: '' })
      autosave.submitted()
      toast({ title: 'Answer submitted', description: 'Your audit firm will review it.' })
    } catch (failure) {
      showRefusal(
        form,
        failure,
        ['response', 'answer'],
        'Your answer could not be submitted. Please try again.',
      )
    }
  })

  const describedBy = [missingResponse ? hintId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ')

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3">
      {typed ? (
        <Controller
          control={form.control}
          name="answer"
          render={({ field, fieldState }) => (
            <TypedAnswerField request={request} field={field} error={fieldState.error?.message} />
          )}
        />
      ) : null}
      {responseLabel ? (
        <>
          <label htmlFor={id} className="text-sm font-medium">
            {responseLabel}
          </label>
          <Textarea
            id={id}
            rows={typed ? 3 : 6}
            maxLength={REQUEST_LIMITS.response}
            aria-invalid={errors.response ? true : undefined}
            aria-describedby={describedBy || undefined}
            {...form.register('response')}
          />
        </>
      ) : null}
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
          {request.answerType === 'acknowledgement' ? 'Sign and Submit' : 'Submit Answer'}
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
