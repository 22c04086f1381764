import type { ReactNode } from 'react'
import { QueryErrorState } from '@/components/error-state'
import { LoadMore } from '@/components/paged/load-more'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'

/** What a list section reads of its query: a `useQuery` result, or a `useInfiniteQuery` one. */
export interface ListQuery<TData> {
  data: TData | undefined
  isPending: boolean
  isError: boolean
  isFetching: boolean
  error: unknown
  refetch: () => unknown
  isPlaceholderData?: boolean
  // A list read a page at a time (an infinite query):
  hasNextPage?: boolean
  isFetchingNextPage?: boolean
  isFetchNextPageError?: boolean
  fetchNextPage?: () => unknown
}

/**
 * The list could not be read (its first page, or a reload): not only its next page, which the
 * end of the list says, keeping what was read.
 */
export function listReadFailed(query: { isError: boolean; isFetchNextPageError?: boolean }) {
  return query.isError && !query.isFetchNextPageError
}

type ListSectionProps<TData> = {
  query: ListQuery<TData>
  /** While the first page loads: a skeleton of the list's shape (with role="status" and a label). */
  loading: ReactNode
  /** Whether what was read holds nothing; by default, an empty array. */
  isEmpty?: (data: TData) => boolean
  /** What to show instead of an empty list: what to do next. None: the items show whatever. */
  empty?: ReactNode
  /** The items, given what was read so far. */
  children: (data: TData) => ReactNode
  /** The name of the "Load more" button after the items ("Load more clients"), for a paged list. */
  loadMoreLabel?: string
  /**
   * A failed reload keeps what was read instead of showing the error state (a list the live
   * updates reload in the background).
   */
  keepOnReloadError?: boolean
  /** Of the block that holds the items and "Load more" (`grid gap-3` by default). */
  className?: string
} & (
  | {
      /** The error state's title ("Could not load clients"); it offers a retry. */
      errorTitle: string
      errorClassName?: string
      error?: never
    }
  | {
      /** What a failed read shows instead of the error state with its retry. */
      error: ReactNode
      errorTitle?: never
      errorClassName?: never
    }
)

/**
 * A list as every screen shows it: a skeleton while it loads, the error state with a retry when it
 * cannot be read, the empty state when it holds nothing, else its items and, for a paged list,
 * "Load more" (which also reads the next page by itself as the end of the list comes near).
 */
export function ListSection<TData>({
  query,
  loading,
  isEmpty = isEmptyArray,
  empty,
  children,
  loadMoreLabel,
  keepOnReloadError = false,
  className,
  errorTitle,
  errorClassName,
  error,
}: ListSectionProps<TData>) {
  if (query.isPending) return loading
  const kept = keepOnReloadError && query.data !== undefined
  if ((listReadFailed(query) && !kept) || query.data === undefined) {
    return errorTitle === undefined ? (
      error
    ) : (
      <QueryErrorState title={errorTitle} query={query} className={errorClassName} />
    )
  }
  const { data } = query
  if (empty !== undefined && isEmpty(data)) return empty
  return (
    <div className={cn('grid gap-3', className)} aria-busy={query.isPlaceholderData || undefined}>
      {children(data)}
      {loadMoreLabel !== undefined && query.fetchNextPage ? (
        <LoadMore
          label={loadMoreLabel}
          list={{
            hasNextPage: query.hasNextPage ?? false,
            isFetchingNextPage: query.isFetchingNextPage ?? false,
            isFetchNextPageError: query.isFetchNextPageError ?? false,
            error: query.error,
            fetchNextPage: query.fetchNextPage,
          }}
        />
      ) : null}
    </div>
  )
}

function isEmptyArray(data: unknown) {
  return Array.isArray(data) && data.length === 0
}

/** A list's loading placeholder: a few rows of the size the items will have, announced by `label`. */
export function ListSkeleton({
  label,
  rows = 3,
  rowClassName,
  className,
}: {
  /** Announced while it shows: "Loading audits...". */
  label: string
  rows?: number
  /** Each row's size and shape ("h-16 rounded-lg"); full width. */
  rowClassName?: string
  className?: string
}) {
  return (
    <div role="status" className={cn('grid gap-3', className)}>
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className={cn('w-full', rowClassName)} />
      ))}
    </div>
  )
}
