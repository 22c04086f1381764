import { zodResolver } from '@hookform/resolvers/zod'
import { createInvitationInput } from '@shared/schemas/invitations'
import type { ReactElement } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { FormDialog } from '@/components/form-dialog'
import { FormError } from '@/components/form-error'
import { DialogFooter } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PendingButton } from '@/components/ui/pending-button'
import { formatDate } from '@/lib/dates'
import { applyServerFieldErrors, serverMessage, toastFailure } from '@/lib/mutation-feedback'
import { toast } from '@/lib/toast'
import { useCreateInvitation } from '../api/create-invitation'
import { RoleFields } from './role-fields'

type InviteFormValues = z.input<typeof createInvitationInput>
type InviteFormOutput = z.output<typeof createInvitationInput>
const FIELDS = ['email', 'role', 'clientId'] as const

interface ClientRef {
  id: string
  name: string
}

/**
 * "Invite user" on the Invitations tab and "Add user" on the Users tab: one dialog. Given a
 * `client` ("Invite contact" on a client's page), it starts as a client user of that client.
 */
export function InviteUserDialog({
  trigger,
  client,
}: {
  trigger: ReactElement
  client?: ClientRef
}) {
  return (
    <FormDialog
      title={client ? 'Invite contact' : 'Invite user'}
      description={
        client
          ? `We e-mail them a link to create their account as a client user for ${client.name}. It is valid for 7 days.`
          : 'We e-mail them a link to create their account. It is valid for 7 days.'
      }
      trigger={trigger}
    >
      {(done) => <InviteUserForm client={client} onDone={done} />}
    </FormDialog>
  )
}

function InviteUserForm({ client, onDone }: { client?: ClientRef; onDone: () => void }) {
  const createInvitation = useCreateInvitation()
  const form = useForm<InviteFormValues, unknown, InviteFormOutput>({
    resolver: zodResolver(createInvitationInput),
    defaultValues: { email: '', role: 'client', clientId: client?.id ?? null },
  })
  const { errors } = form.formState
  const role = form.watch('role')

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const invitation = await createInvitation.mutateAsync(values)
      toast({
        title: 'Invitation sent',
        description: `${invitation.email} can accept it until ${formatDate(invitation.expiresAt)}.`,
      })
      onDone()
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, FIELDS)) {
        form.setError('root', { message: serverMessage(error) ?? 'Please try again.' })
      }
      toastFailure('Failed to send invitation', error)
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormError variant="banner" message={errors.root?.message} />
      <FormField label="Email" error={errors.email?.message}>
        <Input
          type="email"
          inputMode="email"
          autoComplete="off"
          placeholder="name@example.com"
          {...form.register('email')}
        />
      </FormField>
      <RoleFields
        control={form.control}
        setValue={form.setValue}
        role={role}
        currentClientName={client?.name}
      />
      <DialogFooter>
        <PendingButton type="submit" pending={createInvitation.isPending} pendingLabel="Sending...">
          Send invitation
        </PendingButton>
      </DialogFooter>
    </form>
  )
}
