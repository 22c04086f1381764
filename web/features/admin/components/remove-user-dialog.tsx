import { fullName } from '@shared/format'
import type { User } from '@shared/schemas/users'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { useSession } from '@/lib/session'
import { toast } from '@/lib/toast'
import { useDeleteUser } from '../api/delete-user'

/** Removal cannot be undone (the account is deleted and signed out), so it asks first. */
export function RemoveUserDialog({ user }: { user: User }) {
  const deleteUser = useDeleteUser()
  const company = useSession().company.name
  const name = fullName(user)
  return (
    <ConfirmDialog
      triggerLabel="Remove"
      triggerContext={name}
      title={`Remove ${name}?`}
      description={`${name} (${user.email}) loses access to ${company} at once and is signed out everywhere. This cannot be undone: to give them access again, send a new invitation.`}
      confirmLabel="Remove user"
      pendingLabel="Removing..."
      failureTitle="Failed to remove user"
      onConfirm={() =>
        deleteUser
          .mutateAsync(user.id)
          .then(() =>
            toast({ title: 'User removed', description: `${name} no longer has access.` }),
          )
      }
    />
  )
}
