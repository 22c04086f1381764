import type { Invitation } from '@shared/schemas/invitations'
import { PendingButton } from '@/components/ui/pending-button'
import { formatDate } from '@/lib/dates'
import { toastFailure } from '@/lib/mutation-feedback'
import { toast } from '@/lib/toast'
import { useResendInvitation } from '../api/resend-invitation'

/** Mails the invitation again: a new link and a new expiry. */
export function ResendInvitationButton({ invitation }: { invitation: Invitation }) {
  const resend = useResendInvitation()

  const onResend = () => {
    resend.mutateAsync(invitation.id).then(
      (updated) =>
        toast({
          title: 'Invitation resent',
          description: `A new link was e-mailed to ${updated.email}. It expires on ${formatDate(updated.expiresAt)}.`,
        }),
      (error: unknown) => toastFailure('Failed to resend invitation', error),
    )
  }

  return (
    <PendingButton
      variant="outline"
      size="sm"
      pending={resend.isPending}
      pendingLabel="Resending..."
      onClick={onResend}
    >
      Resend<span className="sr-only"> the invitation to {invitation.email}</span>
    </PendingButton>
  )
}
