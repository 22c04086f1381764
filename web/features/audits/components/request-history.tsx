import { ACTIVITY_ACTION_LABELS, type Activity } from '@shared/schemas/dashboard'
import { formatDateTime, formatRelativeTime } from '@/lib/dates'

/** What happened to the request, oldest first. */
export function RequestHistory({ history }: { history: Activity[] }) {
  return (
    <section aria-labelledby="history-heading" className="grid gap-3">
      <h2 id="history-heading" className="text-lg font-semibold">
        History
      </h2>
      {history.length === 0 ? (
        <p className="text-sm text-muted-foreground">No changes yet: this request is a draft.</p>
      ) : (
        <ol className="grid gap-2 border-l pl-4" aria-label="History">
          {history.map((event) => (
            <li key={event.id} className="text-sm">
              <span className="font-medium">{event.actor}</span>{' '}
              {ACTIVITY_ACTION_LABELS[event.action]}{' '}
              <time
                dateTime={event.createdAt}
                title={formatDateTime(event.createdAt)}
                className="text-muted-foreground tabular-nums"
              >
                {formatRelativeTime(event.createdAt)}
              </time>
              {event.detail ? (
                <p className="mt-0.5 border-l-2 pl-2 whitespace-pre-line text-muted-foreground">
                  {event.detail}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
