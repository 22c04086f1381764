import { zodResolver } from '@hookform/resolvers/zod'
import { fullName } from '@shared/format'
import { roleSummary, updateUserInput, type User } from '@shared/schemas/users'
import type { ReactElement } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { FormDialog } from '@/components/form-dialog'
import { FormError } from '@/components/form-error'
import { DialogFooter } from '@/components/ui/dialog'
import { PendingButton } from '@/components/ui/pending-button'
import { applyServerFieldErrors, serverMessage, toastFailure } from '@/lib/mutation-feedback'
import { toast } from '@/lib/toast'
import { useUpdateUser } from '../api/update-user'
import { RoleFields } from './role-fields'

type RoleFormValues = z.input<typeof updateUserInput>
type RoleFormOutput = z.output<typeof updateUserInput>
const FIELDS = ['role', 'clientId'] as const

export function ChangeRoleDialog({ user, trigger }: { user: User; trigger: ReactElement }) {
  return (
    <FormDialog
      title="Change role"
      description={`Choose what ${fullName(user)} can see and do. The change applies at once.`}
      trigger={trigger}
    >
      {(done) => <ChangeRoleForm user={user} onDone={done} />}
    </FormDialog>
  )
}

function ChangeRoleForm({ user, onDone }: { user: User; onDone: () => void }) {
  const updateUser = useUpdateUser()
  const form = useForm<RoleFormValues, unknown, RoleFormOutput>({
    resolver: zodResolver(updateUserInput),
    defaultValues: { role: user.role, clientId: user.clientId },
  })
  const { errors } = form.formState
  const role = form.watch('role')

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const updated = await updateUser.mutateAsync({ id: user.id, input: values })
      toast({
        title: 'Role updated',
        description: `${fullName(updated)} is now ${roleSummary(updated)}.`,
      })
      onDone()
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, FIELDS)) {
        form.setError('root', { message: serverMessage(error) ?? 'Please try again.' })
      }
      toastFailure('Failed to change role', error)
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormError variant="banner" message={errors.root?.message} />
      <RoleFields
        control={form.control}
        setValue={form.setValue}
        role={role}
        currentClientName={user.clientName ?? undefined}
      />
      <DialogFooter>
        <PendingButton type="submit" pending={updateUser.isPending} pendingLabel="Saving...">
          Save role
        </PendingButton>
      </DialogFooter>
    </form>
  )
}
