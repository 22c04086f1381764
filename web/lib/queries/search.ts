import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { searchApi } from '@shared/api/search'
import { call } from '../api'

/** Results asked for at a time: the palette shows the best ones, a narrower word finds the rest. */
export const SEARCH_RESULTS_LIMIT = 20

/** The one search box (`GET /api/search`), best match first across every kind. */
export const searchQueries = {
  all: ['search'] as const,
  /**
   * The results for `q` (already trimmed, never empty), with the `q` they answer: while the next
   * word's results load, the previous ones stay on screen and still say what they were for.
   */
  results: (q: string) =>
    queryOptions({
      queryKey: [...searchQueries.all, q],
      queryFn: async ({ signal }) => ({
        q,
        ...(await call(
          searchApi.search,
          { query: { q, limit: SEARCH_RESULTS_LIMIT } },
          { signal },
        )),
      }),
      placeholderData: keepPreviousData,
      // Nothing tells the search that something new was written: a word typed again (or the
      // palette opened again) shows what it found before at once and asks the server again.
      staleTime: 0,
    }),
}
