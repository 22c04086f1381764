import { infiniteQueryOptions, type InfiniteData, type QueryKey } from '@tanstack/react-query'
import type { ReplyOf } from '@shared/api/route'
import type { CallInput } from '../api'
import { callPage, type Page, type PageRoute } from '../api-pages'

/**
 * A list read a page at a time (decision 014): each page follows the previous one's Link cursor.
 * `merge` turns the pages read so far into what the screen shows (by default, one array).
 */
export function pagedQuery<R extends PageRoute, TData = ReplyOf<R>>(
  queryKey: QueryKey,
  route: R,
  input: CallInput<R>,
  merge: (pages: ReplyOf<R>[]) => TData = concatPages as unknown as (pages: ReplyOf<R>[]) => TData,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => callPage(route, input, { cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page<R>) => last.nextCursor,
    select: (data: InfiniteData<Page<R>, string | null>) =>
      merge(data.pages.map((page) => page.items)),
  })
}

function concatPages(pages: unknown[][]): unknown[] {
  return pages.flat()
}

/** The server's search text as a key part: trimmed, and no search at all when empty. */
export function searchText(q: string | undefined) {
  const text = q?.trim()
  return text ? text : undefined
}
