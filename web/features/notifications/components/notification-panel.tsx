import type { Notification } from '@shared/schemas/reminders'
import { useInfiniteQuery } from '@tanstack/react-query'
import { CheckCheck, LoaderCircle } from 'lucide-react'
import { useEffect, useMemo, useRef, type ReactNode } from 'react'
import { EmptyState } from '@/components/empty-state'
import { ListSection } from '@/components/list-section'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/api'
import { notificationQueries } from '@/lib/queries/notifications'
import { NotificationItem } from './notification-item'

interface NotificationPanelProps {
  /** The panel's title: a heading in the popover, the dialog's title in the phone sheet. */
  heading: ReactNode
  /** The sheet's close button (a popover closes with Escape or a click outside). */
  close?: ReactNode
  unreadCount: number
  onOpen: (notification: Notification) => void
  onMarkAllRead: () => void
  markingAllRead: boolean
}

/** What the bell opens: the notifications newest first, a page at a time. */
export function NotificationPanel({
  heading,
  close,
  unreadCount,
  onOpen,
  onMarkAllRead,
  markingAllRead,
}: NotificationPanelProps) {
  const list = useInfiniteQuery(notificationQueries.list())
  const listRef = useRef<HTMLUListElement>(null)
  const items = useMemo(() => {
    // A notification that moved onto the next page while pages were reloaded shows once.
    const seen = new Set<string>()
    return (list.data?.pages ?? [])
      .flatMap((page) => page.items)
      .filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)))
  }, [list.data])
  const now = Date.now()

  // After "Load more", the first of the new ones takes the focus (the button may be gone).
  const focusAt = useRef<number | null>(null)
  useEffect(() => {
    const index = focusAt.current
    if (index === null || items.length <= index) return
    focusAt.current = null
    listRef.current?.querySelectorAll<HTMLElement>('a[href]')[index]?.focus()
  }, [items.length])

  const loadMore = () => {
    if (list.isFetchingNextPage) return
    focusAt.current = items.length
    void list.fetchNextPage().then((result) => {
      if (result.isFetchNextPageError) focusAt.current = null
    })
  }

  // aria-disabled rather than disabled: the focused button keeps the focus while it waits.
  const markAllDisabled = markingAllRead || unreadCount === 0

  return (
    <>
      <div className="flex min-h-14 shrink-0 items-center gap-2 border-b py-2 pr-2 pl-4">
        <div className="min-w-0 flex-1">{heading}</div>
        <Button
          variant="ghost"
          size="sm"
          aria-disabled={markAllDisabled || undefined}
          onClick={() => {
            if (!markAllDisabled) onMarkAllRead()
          }}
        >
          {markingAllRead ? (
            <>
              <LoaderCircle aria-hidden="true" className="animate-spin" />
              Marking...
            </>
          ) : (
            <>
              <CheckCheck aria-hidden="true" />
              Mark all as read
            </>
          )}
        </Button>
        {close}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        {/* Its own "Load more": the first new notification takes the focus. */}
        <ListSection
          query={list}
          loading={
            <div role="status">
              <span className="sr-only">Loading notifications...</span>
              <div aria-hidden="true" className="divide-y">
                {[0, 1, 2].map((row) => (
                  <div key={row} className="flex gap-3 px-4 py-3">
                    <Skeleton className="mt-1.5 size-2 rounded-full" />
                    <div className="grid flex-1 gap-1.5">
                      <Skeleton className="h-4 w-4/5" />
                      <Skeleton className="h-4 w-3/5" />
                      <Skeleton className="h-3 w-16" />
                    </div>
                  </div>
                ))}
              </div>
            </div>
          }
          errorTitle="Could not load your notifications"
          errorClassName="m-4 py-6"
          keepOnReloadError
          isEmpty={() => items.length === 0}
          empty={
            <EmptyState icon={CheckCheck} title="You’re all caught up" className="border-0">
              When a request, an answer or a comment needs you, it shows up here.
            </EmptyState>
          }
          className="block"
        >
          {() => (
            <>
              <ul ref={listRef} aria-label="Notifications" className="divide-y">
                {items.map((notification) => (
                  <li key={notification.id}>
                    <NotificationItem notification={notification} now={now} onOpen={onOpen} />
                  </li>
                ))}
              </ul>
              {list.hasNextPage ? (
                <div className="grid gap-2 border-t p-2">
                  {list.isFetchNextPageError ? (
                    <p role="alert" className="px-2 text-sm text-destructive">
                      {errorMessage(list.error, 'More notifications could not be loaded.')}
                    </p>
                  ) : null}
                  <Button
                    variant="ghost"
                    className="w-full"
                    aria-disabled={list.isFetchingNextPage || undefined}
                    onClick={loadMore}
                  >
                    {list.isFetchingNextPage ? (
                      <>
                        <LoaderCircle aria-hidden="true" className="animate-spin" />
                        Loading more...
                      </>
                    ) : list.isFetchNextPageError ? (
                      'Try again'
                    ) : (
                      'Load more'
                    )}
                  </Button>
                </div>
              ) : null}
            </>
          )}
        </ListSection>
      </div>
    </>
  )
}
