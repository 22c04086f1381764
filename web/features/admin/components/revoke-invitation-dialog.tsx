import type { Invitation } from '@shared/schemas/invitations'
import { useState } from 'react'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { PendingButton } from '@/components/ui/pending-button'
import { keepFocusInPage } from '@/lib/focus'
import { toastFailure } from '@/lib/mutation-feedback'
import { toast } from '@/lib/toast'
import { useRevokeInvitation } from '../api/revoke-invitation'

export function RevokeInvitationDialog({ invitation }: { invitation: Invitation }) {
  const [open, setOpen] = useState(false)
  const revokeInvitation = useRevokeInvitation()

  const onConfirm = () => {
    revokeInvitation.mutateAsync(invitation.id).then(
      () => {
        toast({
          title: 'Invitation revoked',
          description: `The link sent to ${invitation.email} no longer works.`,
        })
        setOpen(false)
        keepFocusInPage()
      },
      (error: unknown) => toastFailure('Failed to revoke invitation', error),
    )
  }

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!revokeInvitation.isPending) setOpen(next)
      }}
    >
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm" className="text-destructive hover:text-destructive">
          Revoke<span className="sr-only"> the invitation to {invitation.email}</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Revoke invitation?</AlertDialogTitle>
          <AlertDialogDescription>
            The invitation link sent to {invitation.email} will stop working at once. You can invite
            them again later.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={revokeInvitation.isPending}>Cancel</AlertDialogCancel>
          <PendingButton
            variant="destructive"
            pending={revokeInvitation.isPending}
            pendingLabel="Revoking..."
            onClick={onConfirm}
          >
            Revoke invitation
          </PendingButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
