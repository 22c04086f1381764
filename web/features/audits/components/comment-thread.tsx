import { createCommentInput, type RequestComment } from '@shared/schemas/requests'
import { Lock } from 'lucide-react'
import { useId, useState } from 'react'
import { PendingButton } from '@/components/ui/pending-button'
import { Textarea } from '@/components/ui/textarea'
import { formatDateTime, formatRelativeTime } from '@/lib/dates'
import { serverMessage } from '@/lib/mutation-feedback'
import { toast } from '@/lib/toast'
import { cn } from '@/lib/utils'
import { useCreateComment } from '../api/create-comment'

interface CommentThreadProps {
  requestId: string
  comments: RequestComment[]
  /** Internal notes: seen by the firm only. */
  internal: boolean
}

/** A thread, oldest first, and the form that adds to it. */
export function CommentThread({ requestId, comments, internal }: CommentThreadProps) {
  const noun = internal ? 'note' : 'comment'
  return (
    <div className="grid gap-4">
      {comments.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {internal ? 'No internal notes yet.' : 'No comments yet.'}
        </p>
      ) : (
        <ol className="grid gap-3" aria-label={internal ? 'Internal notes' : 'Comments'}>
          {comments.map((comment) => (
            <li
              key={comment.id}
              className={cn(
                'grid gap-1 rounded-md border p-3',
                internal && 'border-warning/50 bg-warning-soft/40',
              )}
            >
              <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                <span className="font-medium">{comment.authorName}</span>
                <time
                  dateTime={comment.createdAt}
                  title={formatDateTime(comment.createdAt)}
                  className="text-xs text-muted-foreground tabular-nums"
                >
                  {formatRelativeTime(comment.createdAt)}
                </time>
              </p>
              <p className="text-sm break-words whitespace-pre-line">{comment.body}</p>
            </li>
          ))}
        </ol>
      )}
      <CommentForm requestId={requestId} internal={internal} noun={noun} />
    </div>
  )
}

function CommentForm({
  requestId,
  internal,
  noun,
}: {
  requestId: string
  internal: boolean
  noun: string
}) {
  const createComment = useCreateComment()
  const [body, setBody] = useState('')
  const [error, setError] = useState<string>()
  const id = useId()
  const label = internal ? 'New internal note' : 'New comment'

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    const parsed = createCommentInput.safeParse({ body, internal })
    if (!parsed.success) return setError(parsed.error.issues[0]?.message)
    createComment.mutateAsync({ requestId, body: parsed.data.body, internal }).then(
      () => {
        setBody('')
        setError(undefined)
        toast({ title: internal ? 'Internal note added' : 'Comment added' })
      },
      (failure: unknown) =>
        setError(serverMessage(failure) ?? `The ${noun} could not be saved. Please try again.`),
    )
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-2">
      <label htmlFor={id} className="flex items-center gap-1.5 text-sm font-medium">
        {internal ? <Lock aria-hidden="true" className="size-4" /> : null}
        {label}
      </label>
      <Textarea
        id={id}
        rows={3}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <PendingButton
        type="submit"
        variant="outline"
        className="w-fit"
        pending={createComment.isPending}
        pendingLabel="Posting..."
      >
        {internal ? 'Add Internal Note' : 'Post Comment'}
      </PendingButton>
    </form>
  )
}
