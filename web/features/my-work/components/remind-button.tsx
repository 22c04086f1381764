import { requestLabel } from '@shared/request-rules'
import { BellRing } from 'lucide-react'
import { PendingButton } from '@/components/ui/pending-button'
import { toastReminded, toastRemindFailure, useRemindRequest } from '@/features/audits'

/** "Remind": mails the request's assignee the list of their open requests in its audit, now. */
export function RemindButton({
  request,
}: {
  request: { id: string; number: number; title: string; assigneeName: string | null }
}) {
  const remind = useRemindRequest({
    onSuccess: (reply) => toastReminded(reply, 'This request has nobody to remind.'),
    onError: toastRemindFailure,
  })
  return (
    <PendingButton
      variant="outline"
      size="sm"
      pending={remind.isPending}
      pendingLabel="Reminding..."
      onClick={() => remind.mutate(request.id)}
    >
      <BellRing aria-hidden="true" />
      Remind
      <span className="sr-only">
        {' '}
        {request.assigneeName} of {requestLabel(request)}
      </span>
    </PendingButton>
  )
}
