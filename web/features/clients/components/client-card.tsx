import type { Client } from '@shared/schemas/clients'
import { Mail, Phone } from 'lucide-react'
import { CardActions, CardLink, DeleteButton, EditButton } from '@/components/card-link'
import { Card } from '@/components/ui/card'
import { keepFocusInPage } from '@/lib/focus'
import { toastFailure } from '@/lib/mutation-feedback'
import { toast } from '@/lib/toast'
import { useDeleteClient } from '../api/delete-client'
import { ClientFormDialog } from './client-form-dialog'

export function ClientCard({ client }: { client: Client }) {
  const deleteClient = useDeleteClient()

  const onDelete = () => {
    deleteClient.mutateAsync(client.id).then(
      () => {
        toast({ title: 'Client deleted successfully' })
        keepFocusInPage()
      },
      (error: unknown) => toastFailure('Failed to delete client', error),
    )
  }

  return (
    <Card className="relative flex h-full flex-col gap-4 p-5 transition-colors hover:bg-accent/40">
      <h2 className="min-w-0 text-base leading-snug font-semibold break-words">
        <CardLink to={`/clients/${client.id}`}>{client.name}</CardLink>
      </h2>
      <dl className="grid gap-1.5 text-sm text-muted-foreground">
        <div className="flex min-w-0 items-center gap-2">
          <dt>
            <Mail aria-hidden="true" className="size-4 shrink-0" />
            <span className="sr-only">Email</span>
          </dt>
          <dd className="truncate">{client.email ?? 'No email'}</dd>
        </div>
        <div className="flex min-w-0 items-center gap-2">
          <dt>
            <Phone aria-hidden="true" className="size-4 shrink-0" />
            <span className="sr-only">Phone</span>
          </dt>
          <dd className="truncate tabular-nums">{client.phone ?? 'No phone'}</dd>
        </div>
      </dl>
      <CardActions className="mt-auto">
        <ClientFormDialog client={client} trigger={<EditButton name={client.name} />} />
        <DeleteButton name={client.name} pending={deleteClient.isPending} onClick={onDelete} />
      </CardActions>
    </Card>
  )
}
