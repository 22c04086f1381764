import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { Control, FieldValues, Path } from 'react-hook-form'
import { Link } from 'react-router'
import { SelectField } from '@/components/select-field'
import { clientQueries } from '@/lib/queries/engagements'

/**
 * Which of the company's clients, in a form: the clients list's cache, and what to do when there
 * is none yet or it could not be loaded.
 */
export function ClientSelectField<T extends FieldValues, TOutput = T>({
  control,
  name,
  description,
}: {
  control: Control<T, unknown, TOutput>
  name: Path<T>
  /** Said under the field when the list is there and not empty. */
  description?: ReactNode
}) {
  const clients = useQuery(clientQueries.list())
  const noClients = clients.isSuccess && clients.data.length === 0
  return (
    <SelectField
      control={control}
      name={name}
      label="Client"
      placeholder="Select a client"
      loadingLabel="Loading clients..."
      options={clients.data?.map((client) => ({ value: client.id, label: client.name }))}
      disabled={noClients}
      description={
        clients.isError ? (
          'The clients could not be loaded. Close this dialog and try again.'
        ) : noClients ? (
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
