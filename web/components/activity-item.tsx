import { ACTIVITY_ACTION_LABELS, type Activity } from '@shared/schemas/dashboard'
import { History } from 'lucide-react'
import { Link } from 'react-router'
import { formatDateTime, formatRelativeTime } from '@/lib/dates'

/**
 * One event of the activity log: who did what to what (a request: a link, with its client and
 * audit), and when ("2 hours ago").
 */
export function ActivityItem({ event, now }: { event: Activity; now: number }) {
  return (
    <div className="flex gap-3">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <History aria-hidden="true" className="size-4" />
      </span>
      <div className="grid min-w-0 gap-0.5">
        <p className="text-sm wrap-anywhere">
          <span className="font-medium">{event.actor}</span>{' '}
          {ACTIVITY_ACTION_LABELS[event.action] ?? event.action}{' '}
          {event.request ? (
            <Link
              to={`/requests/${event.request.id}`}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {event.target}
            </Link>
          ) : (
            <span className="font-medium">{event.target}</span>
          )}
        </p>
        {event.request ? (
          <p className="truncate text-xs text-muted-foreground">
            {event.request.clientName} · {event.request.auditName}
          </p>
        ) : null}
        <time
          dateTime={event.createdAt}
          title={formatDateTime(event.createdAt)}
          className="text-xs text-muted-foreground"
        >
          {formatRelativeTime(event.createdAt, now)}
        </time>
      </div>
    </div>
  )
}
