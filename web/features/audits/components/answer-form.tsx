import { REQUEST_LIMITS, type RequestDetail } from '@shared/schemas/requests'
import { useId, useState } from 'react'
import { PendingButton } from '@/components/ui/pending-button'
import { Textarea } from '@/components/ui/textarea'
import { serverMessage } from '@/lib/mutation-feedback'
import { toast } from '@/lib/toast'
import { useSubmitRequest } from '../api/submit-request'

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
  const [response, setResponse] = useState('')
  const [error, setError] = useState<string>()
  const id = useId()
  const missingResponse = request.responseRequired && response.trim() === ''
  const missingDocument = request.documentRequired && !hasDocument
  const blocked = missingResponse || missingDocument
  const hintId = `${id}-hint`
  const hint = [
    missingDocument ? 'This request needs a document: attach a file above.' : null,
    missingResponse ? 'This request needs a written response before you can submit it.' : null,
  ]
    .filter(Boolean)
    .join(' ')

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    if (blocked) return
    submitRequest.mutateAsync({ id: request.id, response: response.trim() || null }).then(
      () => {
        setResponse('')
        setError(undefined)
        toast({ title: 'Answer submitted', description: 'Your audit firm will review it.' })
      },
      (failure: unknown) =>
        setError(serverMessage(failure) ?? 'Your answer could not be submitted. Please try again.'),
    )
  }

  const describedBy = [missingResponse ? hintId : null, error ? `${id}-error` : null]
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
        value={response}
        onChange={(event) => setResponse(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
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
