import { ACTIVITY_ACTION_LABELS, type Activity } from '@shared/schemas/dashboard'
import { History } from 'lucide-react'
import { formatDateTime, formatRelativeTime } from '@/lib/dates'

/** One event of the activity log: who did what to what, and when ("2 hours ago"). */
export function ActivityItem({ event, now }: { event: Activity; now: number }) {
  return (
    <div className="flex gap-3">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <History aria-hidden="true" className="size-4" />
      </span>
      <div className="grid min-w-0 gap-0.5">
        <p className="text-sm break-words">
          <span className="font-medium">{event.actor}</span>{' '}
          {ACTIVITY_ACTION_LABELS[event.action] ?? event.action}{' '}
          <span className="font-medium">{event.target}</span>
        </p>
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
