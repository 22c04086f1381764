import { useEffect, useRef } from 'react'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/api'

/** What a list read a page at a time tells its end (an infinite query's result). */
export interface PagedState {
  hasNextPage: boolean
  isFetchingNextPage: boolean
  isFetchNextPageError: boolean
  error: unknown
  fetchNextPage: () => unknown
}

/**
 * The end of a paged list: reading the next page starts by itself when this comes near the
 * viewport, and the "Load more" button does it from the keyboard (or where scrolling cannot).
 * While a page loads, a loading row takes the button's place at the same height.
 */
export function LoadMore({ list, label = 'Load more' }: { list: PagedState; label?: string }) {
  const sentinel = useRef<HTMLDivElement>(null)
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError } = list
  // The observer calls the latest fetchNextPage without being re-created on each render.
  const fetchNext = useRef(list.fetchNextPage)
  fetchNext.current = list.fetchNextPage
  const automatic = hasNextPage && !isFetchingNextPage && !isFetchNextPageError

  useEffect(() => {
    const element = sentinel.current
    if (!automatic || !element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) fetchNext.current()
      },
      { rootMargin: '0px 0px 800px 0px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [automatic])

  if (!hasNextPage) return null
  return (
    <div ref={sentinel} className="flex min-h-10 flex-col items-center justify-center gap-2">
      {isFetchingNextPage ? (
        <Spinner label="Loading more..." showLabel />
      ) : (
        <>
          {isFetchNextPageError ? (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(list.error, 'The next page could not be loaded.')}
            </p>
          ) : null}
          <Button variant="outline" onClick={() => void list.fetchNextPage()}>
            {isFetchNextPageError ? 'Try again' : label}
          </Button>
        </>
      )}
    </div>
  )
}
