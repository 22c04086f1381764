import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { Control, FieldValues, Path } from 'react-hook-form'
import { Link } from 'react-router'
import { ComboboxField } from '@/components/combobox-field'
import { clientQueries } from '@/lib/queries/engagements'
import { useSearch } from '@/lib/use-search'

/**
 * Which of the company's clients, in a form: searched by name on the server as one types (the
 * first page of matches), and what to do when there is none yet or they could not be loaded.
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
  const { search, setSearch, q } = useSearch()
  const clients = useInfiniteQuery({
    ...clientQueries.list({ q }),
    placeholderData: keepPreviousData,
  })
  const noClients =
    clients.isSuccess && !q && !clients.isPlaceholderData && clients.data.length === 0
  return (
    <ComboboxField
      control={control}
      name={name}
      label="Client"
      placeholder="Search for a client"
      search={search}
      onSearch={setSearch}
      options={clients.data?.map((client) => ({ value: client.id, label: client.name }))}
      searching={clients.isPlaceholderData || clients.isFetching}
      more={clients.hasNextPage}
      currentLabel={currentLabel}
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
