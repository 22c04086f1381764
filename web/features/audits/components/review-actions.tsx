import type { RequestDetail } from '@shared/schemas/requests'
import { Check, RotateCcw, Undo2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { PendingButton } from '@/components/ui/pending-button'
import { toastFailure } from '@/lib/mutation-feedback'
import { toast } from '@/lib/toast'
import { useAcceptRequest } from '../api/accept-request'
import { useMarkNotApplicable } from '../api/mark-not-applicable'
import { useReopenRequest } from '../api/reopen-request'
import { useReturnRequest } from '../api/return-request'
import { ReasonDialog } from './reason-dialog'

/** How long the Undo of an acceptance is offered. */
const UNDO_MS = 8000

/**
 * The firm's decisions on a request: accept (with an Undo for a few seconds), return, not
 * applicable, reopen an accepted one, as `allowedActions` permit.
 */
export function ReviewActions({
  request,
  onDecided,
}: {
  request: RequestDetail
  /** After an accept, a return or a not applicable (the review queue opens the next answer). */
  onDecided?: () => void
}) {
  const can = (action: RequestDetail['allowedActions'][number]) =>
    request.allowedActions.includes(action)
  const reopen = useReopenRequest({
    onSuccess: () => toast({ title: 'Request reopened for review' }),
    onError: (error) => toastFailure('Failed to reopen the request', error),
  })
  const accept = useAcceptRequest({
    onSuccess: (accepted) => {
      onDecided?.()
      toast({
        title: 'Request accepted',
        duration: UNDO_MS,
        action: {
          label: 'Undo',
          altText: 'Reopen the request from its page to undo the acceptance',
          onClick: () => reopen.mutate(accepted.id),
        },
      })
    },
    onError: (error) => toastFailure('Failed to accept the request', error),
  })
  const returnRequest = useReturnRequest({
    onSuccess: () => {
      onDecided?.()
      toast({ title: 'Request returned to the client' })
    },
    onError: (error) => toastFailure('Failed to return the request', error),
  })
  const markNotApplicable = useMarkNotApplicable({
    onSuccess: () => {
      onDecided?.()
      toast({ title: 'Request marked as not applicable' })
    },
    onError: (error) => toastFailure('Failed to mark the request as not applicable', error),
  })

  return (
    <>
      {can('accept') ? (
        <PendingButton
          pending={accept.isPending}
          pendingLabel="Accepting..."
          onClick={() => accept.mutate(request.id)}
        >
          <Check aria-hidden="true" />
          Accept
        </PendingButton>
      ) : null}
      {can('reopen') ? (
        <PendingButton
          variant="outline"
          pending={reopen.isPending}
          pendingLabel="Reopening..."
          onClick={() => reopen.mutate(request.id)}
        >
          <RotateCcw aria-hidden="true" />
          Reopen
        </PendingButton>
      ) : null}
      {can('return') ? (
        <ReasonDialog
          title="Return Request"
          description="The client sees your reason and answers again; their next answer is a new version."
          label="Reason"
          submitLabel="Return Request"
          savedAs="return"
          pendingLabel="Returning..."
          onSubmit={(reason) => returnRequest.mutateAsync({ id: request.id, reason })}
          trigger={
            <Button variant="outline">
              <Undo2 aria-hidden="true" />
              Return
            </Button>
          }
        />
      ) : null}
      {can('not_applicable') ? (
        <ReasonDialog
          title="Mark Not Applicable"
          description="The request no longer counts towards the audit's progress. The client sees the reason."
          label="Reason"
          submitLabel="Mark Not Applicable"
          pendingLabel="Saving..."
          savedAs="not_applicable"
          onSubmit={(reason) => markNotApplicable.mutateAsync({ id: request.id, reason })}
          trigger={<Button variant="outline">Mark Not Applicable</Button>}
        />
      ) : null}
    </>
  )
}

/** Whether the request offers any review decision to the caller. */
export const hasReviewActions = (request: RequestDetail) =>
  (['accept', 'reopen', 'return', 'not_applicable'] as const).some((action) =>
    request.allowedActions.includes(action),
  )
