import type { Notification } from '@shared/schemas/reminders'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Bell, X } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'
import { useIsMobile } from '@/components/ui/sidebar'
import { toastFailure } from '@/lib/mutation-feedback'
import { notificationQueries } from '@/lib/queries/notifications'
import { useMarkNotificationsRead } from '../api/mark-notifications-read'
import { NotificationPanel } from './notification-panel'

/** What the badge shows: the count, up to "9+". */
const unreadBadge = (count: number) => (count > 9 ? '9+' : String(count))

/**
 * The header's bell: the unread count on it, and the notifications in a popover (a full-width
 * sheet on phones). It never polls: the live updates reload it when the server says so.
 */
export function NotificationBell() {
  const isMobile = useIsMobile()
  const headingId = useId()
  const [open, setOpen] = useState(false)
  const notifications = useInfiniteQuery(notificationQueries.list())
  const unreadCount = notifications.data?.pages[0]?.unreadCount ?? 0
  // Here rather than in the panel: a notification followed closes the panel, the call goes on.
  const markOne = useMarkNotificationsRead({
    onError: (error) => toastFailure('Could not mark the notification as read', error),
  })
  const markAll = useMarkNotificationsRead({
    onError: (error) => toastFailure('Could not mark your notifications as read', error),
  })

  const announcement = useArrivalAnnouncement(
    notifications.isSuccess ? unreadCount : undefined,
    notifications.data?.pages[0]?.items[0]?.title,
  )

  const onOpen = (notification: Notification) => {
    if (notification.readAt === null) markOne.mutate({ ids: [notification.id] })
    setOpen(false)
  }

  const trigger = (
    <Button
      variant="ghost"
      size="icon"
      className="relative text-foreground"
      aria-label={unreadCount > 0 ? `Notifications, ${unreadCount} unread` : 'Notifications'}
    >
      <Bell aria-hidden="true" />
      {unreadCount > 0 ? (
        <span
          aria-hidden="true"
          data-slot="unread-badge"
          className="absolute top-1 right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-primary px-1 text-[0.625rem] leading-none font-semibold text-primary-foreground tabular-nums ring-2 ring-background"
        >
          {unreadBadge(unreadCount)}
        </span>
      ) : null}
    </Button>
  )

  // Read out when something new arrives (live updates), not when the page first loads.
  const liveRegion = (
    <span role="status" className="sr-only">
      {announcement}
    </span>
  )

  const panel = {
    unreadCount,
    onOpen,
    onMarkAllRead: () => markAll.mutate({}),
    markingAllRead: markAll.isPending,
  }

  if (isMobile)
    return (
      <>
        {liveRegion}
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogTrigger asChild>{trigger}</DialogTrigger>
          <DialogContent
            showCloseButton={false}
            aria-describedby={undefined}
            className="top-0 left-0 flex h-svh max-h-svh w-full max-w-none translate-x-0 translate-y-0 animate-in-right flex-col gap-0 overflow-hidden rounded-none border-0 p-0"
          >
            <NotificationPanel
              {...panel}
              heading={<DialogTitle className="text-base">Notifications</DialogTitle>}
              close={
                <DialogClose asChild>
                  <Button variant="ghost" size="icon-sm" aria-label="Close">
                    <X aria-hidden="true" />
                  </Button>
                </DialogClose>
              }
            />
          </DialogContent>
        </Dialog>
      </>
    )

  return (
    <>
      {liveRegion}
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>{trigger}</PopoverTrigger>
        <PopoverContent
          align="end"
          aria-labelledby={headingId}
          className="flex max-h-[min(36rem,var(--radix-popover-content-available-height))] w-96 flex-col overflow-hidden"
        >
          <NotificationPanel
            {...panel}
            heading={
              <h2 id={headingId} className="text-base leading-tight font-semibold">
                Notifications
              </h2>
            }
          />
        </PopoverContent>
      </Popover>
    </>
  )
}

/**
 * What a screen reader should hear as notifications arrive: nothing for the count the page opened
 * with, then "New notification: …" (or how many) each time the unread count goes up.
 */
function useArrivalAnnouncement(unreadCount: number | undefined, newestTitle: string | undefined) {
  const seen = useRef<number | undefined>(undefined)
  const [announcement, setAnnouncement] = useState('')
  useEffect(() => {
    if (unreadCount === undefined) return
    const before = seen.current
    seen.current = unreadCount
    if (before === undefined || unreadCount <= before) return
    const added = unreadCount - before
    setAnnouncement(
      added === 1 && newestTitle
        ? `New notification: ${newestTitle}`
        : `${added} new notifications`,
    )
  }, [unreadCount, newestTitle])
  return announcement
}
