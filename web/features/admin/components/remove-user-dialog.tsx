import type { User } from '@shared/schemas/users'
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
import { useSession } from '@/lib/session'
import { toast } from '@/lib/toast'
import { useDeleteUser } from '../api/delete-user'
import { fullName } from '../lib/format'

/** Removal cannot be undone (the account is deleted and signed out), so it asks first. */
export function RemoveUserDialog({ user }: { user: User }) {
  const [open, setOpen] = useState(false)
  const deleteUser = useDeleteUser()
  const company = useSession().company.name
  const name = fullName(user)

  const onConfirm = () => {
    deleteUser.mutateAsync(user.id).then(
      () => {
        toast({ title: 'User removed', description: `${name} no longer has access.` })
        setOpen(false)
        keepFocusInPage()
      },
      (error: unknown) => toastFailure('Failed to remove user', error),
    )
  }

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!deleteUser.isPending) setOpen(next)
      }}
    >
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm" className="text-destructive hover:text-destructive">
          Remove<span className="sr-only"> {name}</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Remove {name}?</AlertDialogTitle>
          <AlertDialogDescription>
            {name} ({user.email}) loses access to {company} at once and is signed out everywhere.
            This cannot be undone: to give them access again, send a new invitation.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleteUser.isPending}>Cancel</AlertDialogCancel>
          <PendingButton
            variant="destructive"
            pending={deleteUser.isPending}
            pendingLabel="Removing..."
            onClick={onConfirm}
          >
            Remove user
          </PendingButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
