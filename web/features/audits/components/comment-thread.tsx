import { zodResolver } from '@hookform/resolvers/zod'
import { createCommentInput, type RequestComment } from '@shared/schemas/requests'
import { Lock } from 'lucide-react'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { FormError } from '@/components/form-error'
import { PendingButton } from '@/components/ui/pending-button'
import { Textarea } from '@/components/ui/textarea'
import { formatDateTime, formatRelativeTime } from '@/lib/dates'
import { toast } from '@/lib/toast'
import { cn } from '@/lib/utils'
import { useCreateComment } from '../api/create-comment'
import { showRefusal } from '../lib/show-refusal'

type CommentValues = z.input<typeof createCommentInput>
type CommentOutput = z.output<typeof createCommentInput>

interface CommentThreadProps {
  requestId: string
  comments: RequestComment[]
  /** Internal notes: seen by the firm only. */
  internal: boolean
  /** The caller may add to the thread (`comment` or `internal_note` in allowedActions). */
  canWrite: boolean
}

/** A thread, oldest first, and the form that adds to it. */
export function CommentThread({ requestId, comments, internal, canWrite }: CommentThreadProps) {
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
              id={`comment-${comment.id}`}
              className={cn(
                'grid scroll-mt-20 gap-1 rounded-md border p-3 outline-none data-targeted:ring-2 data-targeted:ring-ring',
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
      {canWrite ? <CommentForm requestId={requestId} internal={internal} /> : null}
    </div>
  )
}

function CommentForm({ requestId, internal }: { requestId: string; internal: boolean }) {
  const createComment = useCreateComment()
  const form = useForm<CommentValues, unknown, CommentOutput>({
    resolver: zodResolver(createCommentInput),
    defaultValues: { body: '', internal },
  })
  const id = useId()
  const errorId = `${id}-error`
  const { errors } = form.formState
  const error = errors.body?.message ?? errors.root?.server?.message
  const noun = internal ? 'note' : 'comment'

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await createComment.mutateAsync({ requestId, input })
      form.reset({ body: '', internal })
      toast({ title: internal ? 'Internal note added' : 'Comment added' })
    } catch (failure) {
      showRefusal(form, failure, ['body'], `The ${noun} could not be saved. Please try again.`)
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-2">
      <label htmlFor={id} className="flex items-center gap-1.5 text-sm font-medium">
        {internal ? <Lock aria-hidden="true" className="size-4" /> : null}
        {internal ? 'New internal note' : 'New comment'}
      </label>
      <Textarea
        id={id}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...form.register('body')}
      />
      <FormError id={errorId} message={error} />
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
