import type { ReactNode } from 'react'
import type { Control, FieldValues, Path } from 'react-hook-form'
import { Link } from 'react-router'
import { PagedComboboxField } from '@/components/paged-combobox-field'
import { clientQueries } from '@/lib/queries/engagements'
import { usePagedSearch } from '@/lib/use-paged-search'

/**
 * Which of the company's clients, in a form: searched by name on the server as one types, a page
 * at a time, and what to do when there is none yet.
 */
export function ClientSelectField<T extends FieldValues, TOutput = T>({
  control,
  name,
  description,
  currentLabel,
}: {
  control: Control<T, unknown, TOutput>
  name: Path<T>
  /** Said under the field when the list is there and not empty. */
  description?: ReactNode
  /** The current client's name (an edit), shown before any search finds it. */
  currentLabel?: string
}) {
  const clients = usePagedSearch((q) => clientQueries.list({ q }))
  const { query } = clients
  const noClients =
    query.isSuccess && !clients.q && !query.isPlaceholderData && query.data.length === 0
  return (
    <PagedComboboxField
      control={control}
      name={name}
      label="Client"
      placeholder="Search for a client"
      list={clients}
      toOption={(client) => ({ value: client.id, label: client.name })}
      loadError="The clients could not be loaded."
      currentLabel={currentLabel}
      disabled={noClients}
      description={
        noClients ? (
          <>
            Add a client on the{' '}
            <Link to="/clients" className="text-primary underline underline-offset-4">
              Clients page
            </Link>{' '}
            first.
          </>
        ) : (
          description
        )
      }
    />
  )
}
