import type { RequestDetail } from '@shared/schemas/requests'
import { Check, Undo2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { PendingButton } from '@/components/ui/pending-button'
import { toastFailure } from '@/lib/mutation-feedback'
import { toast } from '@/lib/toast'
import { useAcceptRequest } from '../api/accept-request'
import { useMarkNotApplicable } from '../api/mark-not-applicable'
import { useReturnRequest } from '../api/return-request'
import { ReasonDialog } from './reason-dialog'

/** The firm's decisions on a request: accept, return, not applicable, as `allowedActions` permit. */
export function ReviewActions({ request }: { request: RequestDetail }) {
  const can = (action: RequestDetail['allowedActions'][number]) =>
    request.allowedActions.includes(action)
  const accept = useAcceptRequest({
    onSuccess: () => toast({ title: 'Request accepted' }),
    onError: (error) => toastFailure('Failed to accept the request', error),
  })
  const returnRequest = useReturnRequest({
    onSuccess: () => toast({ title: 'Request returned to the client' }),
    onError: (error) => toastFailure('Failed to return the request', error),
  })
  const markNotApplicable = useMarkNotApplicable({
    onSuccess: () => toast({ title: 'Request marked as not applicable' }),
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
      {can('return') ? (
        <ReasonDialog
          title="Return Request"
          description="The client sees your reason and answers again; their next answer is a new version."
          label="Reason"
          submitLabel="Return Request"
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
          onSubmit={(reason) => markNotApplicable.mutateAsync({ id: request.id, reason })}
          trigger={<Button variant="outline">Mark Not Applicable</Button>}
        />
      ) : null}
    </>
  )
}

/** Whether the request offers any review decision to the caller. */
export const hasReviewActions = (request: RequestDetail) =>
  (['accept', 'return', 'not_applicable'] as const).some((action) =>
    request.allowedActions.includes(action),
  )
