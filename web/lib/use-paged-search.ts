import {
  keepPreviousData,
  useInfiniteQuery,
  type QueryKey,
  type UseInfiniteQueryOptions,
} from '@tanstack/react-query'
import { useSearch } from './use-search'

/**
 * A list searched on the server as one types (a picker's): the search box's text, and the pages
 * of the list for what was typed once the typing pauses (`q`). The previous results stay while
 * the next ones load.
 */
export function usePagedSearch<TQueryFnData, TData, TQueryKey extends QueryKey, TPageParam>(
  list: (
    q: string | undefined,
  ) => UseInfiniteQueryOptions<TQueryFnData, Error, TData, TQueryKey, TPageParam>,
) {
  const { search, setSearch, q } = useSearch()
  const query = useInfiniteQuery({ ...list(q), placeholderData: keepPreviousData })
  return { search, setSearch, q, query }
}
