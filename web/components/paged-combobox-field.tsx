import type { FieldValues } from 'react-hook-form'
import type { ComboboxOption } from '@/components/combobox'
import { ComboboxField, type ComboboxFieldProps } from '@/components/combobox-field'
import { listReadFailed } from '@/components/list-section'
import { errorMessage } from '@/lib/api'

/** A list searched on the server a page at a time, as `usePagedSearch` gives it. */
export interface PagedOptions<TItem> {
  search: string
  setSearch: (text: string) => void
  query: {
    data: readonly TItem[] | undefined
    error: unknown
    isError: boolean
    isFetching: boolean
    isPlaceholderData: boolean
    hasNextPage: boolean
    isFetchingNextPage: boolean
    isFetchNextPageError: boolean
    fetchNextPage: () => unknown
    refetch: () => unknown
  }
}

type PagedComboboxFieldProps<T extends FieldValues, TOutput, TItem> = Omit<
  ComboboxFieldProps<T, TOutput>,
  | 'search'
  | 'onSearch'
  | 'options'
  | 'searching'
  | 'more'
  | 'onLoadMore'
  | 'loadingMore'
  | 'loadMoreError'
  | 'error'
  | 'onRetry'
> & {
  /** The list and its search (`usePagedSearch`). */
  list: PagedOptions<TItem>
  /** An item as a choice: its id, and what it is called. */
  toOption: (item: TItem) => ComboboxOption
  /** Said under the field and in the list when the list cannot be read ("The clients could not be loaded."). */
  loadError: string
}

/**
 * A form field choosing one of a table's rows, searched on the server as one types (debounced)
 * and read a page at a time: "Load more" (or moving or scrolling past the last result) reads the
 * next page, and a failed read says so in the list, with "Try again", and under the field.
 */
export function PagedComboboxField<T extends FieldValues, TOutput = T, TItem = unknown>({
  list,
  toOption,
  loadError,
  description,
  ...field
}: PagedComboboxFieldProps<T, TOutput, TItem>) {
  const { query } = list
  const failed = listReadFailed(query)
  return (
    <ComboboxField
      {...field}
      search={list.search}
      onSearch={list.setSearch}
      // A failed read still offers the "none" choice, when the field has one.
      options={failed ? [] : query.data?.map(toOption)}
      searching={query.isPlaceholderData || query.isFetching}
      more={query.hasNextPage}
      onLoadMore={() => void query.fetchNextPage()}
      loadingMore={query.isFetchingNextPage}
      loadMoreError={
        query.isFetchNextPageError
          ? errorMessage(query.error, 'The next page could not be loaded.')
          : undefined
      }
      error={failed ? loadError : undefined}
      onRetry={() => void query.refetch()}
      description={failed ? loadError : description}
    />
  )
}
