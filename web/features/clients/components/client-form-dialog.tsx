import { zodResolver } from '@hookform/resolvers/zod'
import { updateClientInput, type Client } from '@shared/schemas/clients'
import type { ReactElement } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { DialogFooter } from '@/components/ui/dialog'
import { FormDialog } from '@/components/form-dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PendingButton } from '@/components/ui/pending-button'
import { Textarea } from '@/components/ui/textarea'
import { applyServerFieldErrors, toastFailure } from '@/lib/mutation-feedback'
import { toast } from '@/lib/toast'
import { useCreateClient } from '../api/create-client'
import { useUpdateClient } from '../api/update-client'

// The update schema with every field present: the same rules as creating, and a PATCH that
// carries exactly the form's fields.
const clientFormSchema = updateClientInput.required()
type ClientFormValues = z.input<typeof clientFormSchema>
type ClientFormOutput = z.output<typeof clientFormSchema>
const FIELDS = ['name', 'email', 'phone', 'address'] as const

interface ClientFormDialogProps {
  /** The client to edit; omitted to add one. */
  client?: Client
  trigger: ReactElement
}

export function ClientFormDialog({ client, trigger }: ClientFormDialogProps) {
  return (
    <FormDialog
      title={client ? 'Edit Client' : 'Add Client'}
      description={
        client ? "Update the client's contact details." : "Enter the new client's details."
      }
      trigger={trigger}
    >
      {(done) => <ClientForm client={client} onDone={done} />}
    </FormDialog>
  )
}

function ClientForm({ client, onDone }: { client?: Client; onDone: () => void }) {
  const createClient = useCreateClient()
  const updateClient = useUpdateClient()
  const form = useForm<ClientFormValues, unknown, ClientFormOutput>({
    resolver: zodResolver(clientFormSchema),
    defaultValues: {
      name: client?.name ?? '',
      email: client?.email ?? '',
      phone: client?.phone ?? '',
      address: client?.address ?? '',
    },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (client) {
        await updateClient.mutateAsync({ id: client.id, input: values })
        toast({ title: 'Client updated successfully' })
      } else {
        await createClient.mutateAsync(values)
        toast({ title: 'Client created successfully' })
      }
      onDone()
    } catch (error) {
      applyServerFieldErrors(error, form.setError, FIELDS)
      toastFailure(client ? 'Failed to update client' : 'Failed to create client', error)
    }
  })

  const pending = createClient.isPending || updateClient.isPending

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormField label="Name" error={errors.name?.message}>
        <Input autoComplete="organization" {...form.register('name')} />
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
      </FormField>
      <FormField label="Phone" error={errors.phone?.message}>
        <Input type="tel" autoComplete="tel" {...form.register('phone')} />
      </FormField>
      <FormField label="Address" error={errors.address?.message}>
        <Textarea rows={3} autoComplete="street-address" {...form.register('address')} />
      </FormField>
      <DialogFooter>
        <PendingButton
          type="submit"
          pending={pending}
          pendingLabel={client ? 'Saving...' : 'Creating...'}
        >
          {client ? 'Save Changes' : 'Add Client'}
        </PendingButton>
      </DialogFooter>
    </form>
  )
}
