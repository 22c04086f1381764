import type { Invitation } from '@shared/schemas/invitations'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { toast } from '@/lib/toast'
import { useRevokeInvitation } from '../api/revoke-invitation'

export function RevokeInvitationDialog({ invitation }: { invitation: Invitation }) {
  const revokeInvitation = useRevokeInvitation()
  return (
    <ConfirmDialog
      triggerLabel="Revoke"
      triggerContext={`the invitation to ${invitation.email}`}
      title="Revoke invitation?"
      description={`The invitation link sent to ${invitation.email} will stop working at once. You can invite them again later.`}
      confirmLabel="Revoke invitation"
      pendingLabel="Revoking..."
      failureTitle="Failed to revoke invitation"
      onConfirm={() =>
        revokeInvitation.mutateAsync(invitation.id).then(() =>
          toast({
            title: 'Invitation revoked',
            description: `The link sent to ${invitation.email} no longer works.`,
          }),
        )
      }
    />
  )
}
