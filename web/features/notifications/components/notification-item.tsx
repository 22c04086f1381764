import type { Notification } from '@shared/schemas/reminders'
import { Link } from 'react-router'
import { formatDateTime, formatRelativeTime } from '@/lib/dates'
import { safeRedirect } from '@/lib/safe-redirect'
import { cn } from '@/lib/utils'

interface NotificationItemProps {
  notification: Notification
  now: number
  /** Called as it is followed (before the navigation): marks it read, closes the panel. */
  onOpen: (notification: Notification) => void
}

/** One notification: a link to where it happened, unread ones marked by a dot and bold title. */
export function NotificationItem({ notification, now, onOpen }: NotificationItemProps) {
  const unread = notification.readAt === null
  return (
    <Link
      // The server sends an app path; anything else must not take the user off the app.
      to={safeRedirect(notification.url)}
      onClick={() => onOpen(notification)}
      data-unread={unread || undefined}
      className={cn(
        'flex gap-3 px-4 py-3 hover:bg-accent hover:text-accent-foreground focus-visible:outline-offset-[-2px]',
        unread && 'bg-primary/5',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'mt-1.5 size-2 shrink-0 rounded-full',
          unread ? 'bg-primary' : 'bg-transparent',
        )}
      />
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className={cn('line-clamp-2 text-sm break-words', unread && 'font-semibold')}>
          {unread ? <span className="sr-only">Unread: </span> : null}
          {notification.title}
        </span>
        {notification.body ? (
          <span className="line-clamp-2 text-sm break-words text-muted-foreground">
            {notification.body}
          </span>
        ) : null}
        <time
          dateTime={notification.createdAt}
          title={formatDateTime(notification.createdAt)}
          className="text-xs text-muted-foreground tabular-nums"
        >
          {formatRelativeTime(notification.createdAt, now)}
        </time>
      </span>
    </Link>
  )
}
