import type { Notification } from '@shared/schemas/reminders'
import { Download } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { formatDateTime, formatRelativeTime } from '@/lib/dates'
import { safeRedirect } from '@/lib/safe-redirect'
import { cn } from '@/lib/utils'

interface NotificationItemProps {
  notification: Notification
  now: number
  /**
   * Called as it is followed (before the navigation; just after, for a download): marks it read,
   * closes the panel.
   */
  onOpen: (notification: Notification) => void
}

/** An API path (a prepared file's download), not a screen of the app. */
const isDownload = (path: string) => path.startsWith('/api/')

/**
 * One notification: a link to where it happened, unread ones marked by a dot and bold title. A
 * file made for the user links to its download: a plain link the browser downloads from, not a
 * route of the app.
 */
export function NotificationItem({ notification, now, onOpen }: NotificationItemProps) {
  const unread = notification.readAt === null
  // The server sends an app path; anything else must not take the user off the app.
  const target = safeRedirect(notification.url)
  const download = isDownload(target)
  const className = cn(
    'flex gap-3 px-4 py-3 hover:bg-accent hover:text-accent-foreground focus-visible:outline-offset-[-2px]',
    unread && 'bg-primary/5',
  )
  const content = (
    <>
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
        <Footer download={download}>
          <time
            dateTime={notification.createdAt}
            title={formatDateTime(notification.createdAt)}
            className="text-xs text-muted-foreground tabular-nums"
          >
            {formatRelativeTime(notification.createdAt, now)}
          </time>
        </Footer>
      </span>
    </>
  )
  const common = {
    // A download's link must still be in the page when the browser follows it, after this
    // click's handlers: the panel closes (and the link goes) only then.
    onClick: download
      ? () => window.setTimeout(() => onOpen(notification))
      : () => onOpen(notification),
    'data-unread': unread || undefined,
    className,
  }
  return download ? (
    <a href={target} download {...common}>
      {content}
    </a>
  ) : (
    <Link to={target} {...common}>
      {content}
    </Link>
  )
}

/** The time, and for a file, that the link downloads it. */
function Footer({ download, children }: { download: boolean; children: ReactNode }) {
  if (!download) return children
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-0.5">
      {children}
      <span className="inline-flex items-center gap-1 text-xs font-medium text-primary">
        <Download aria-hidden="true" className="size-3.5" />
        Download
      </span>
    </span>
  )
}
