import {
  ACTIVITY_ACTION_LABELS,
  ACTIVITY_KIND_LABELS,
  ACTIVITY_KIND_NAMES,
  activityKindOf,
  type Activity,
} from '@shared/schemas/dashboard'
import { useState } from 'react'
import { FieldChanges } from '@/components/field-changes'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select'
import { formatDateTime, formatRelativeTime } from '@/lib/dates'

const ANY = 'any'
/** Their words are in the discussion on the same page: the history only says who wrote. */
const IN_DISCUSSION: readonly string[] = ['request.commented', 'request.noted']

const kindOf = (event: Activity) => activityKindOf(event.action)

/** What happened to the request, oldest first, with what changed; narrowed to a person or a kind. */
export function RequestHistory({ history }: { history: Activity[] }) {
  const [actor, setActor] = useState(ANY)
  const [kind, setKind] = useState(ANY)
  const actors = [...new Set(history.map((event) => event.actor))].sort()
  const kinds = ACTIVITY_KIND_NAMES.filter((each) =>
    history.some((event) => kindOf(event) === each),
  )
  const shown = history.filter(
    (event) => (actor === ANY || event.actor === actor) && (kind === ANY || kindOf(event) === kind),
  )

  return (
    <section aria-labelledby="history-heading" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="history-heading" className="text-lg font-semibold">
          History
        </h2>
        {history.length > 3 && (actors.length > 1 || kinds.length > 1) ? (
          <div className="flex flex-wrap gap-2">
            <Select value={actor} onValueChange={setActor}>
              <SelectTrigger aria-label="History by person" className="h-8 w-auto min-w-32">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ANY}>Everyone</SelectItem>
                {actors.map((name) => (
                  <SelectItem key={name} value={name}>
                    {name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Select value={kind} onValueChange={setKind}>
              <SelectTrigger aria-label="History by kind" className="h-8 w-auto min-w-32">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ANY}>Every kind</SelectItem>
                {kinds.map((each) => (
                  <SelectItem key={each} value={each}>
                    {ACTIVITY_KIND_LABELS[each]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        ) : null}
      </div>
      {history.length === 0 ? (
        <p className="text-sm text-muted-foreground">No changes yet: this request is a draft.</p>
      ) : shown.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing in the history matches.</p>
      ) : (
        <ol className="grid gap-2 border-l pl-4" aria-label="History">
          {shown.map((event) => (
            <li key={event.id} className="grid gap-0.5 text-sm">
              <p>
                <span className="font-medium">{event.actor}</span>{' '}
                {ACTIVITY_ACTION_LABELS[event.action]}{' '}
                <time
                  dateTime={event.createdAt}
                  title={formatDateTime(event.createdAt)}
                  className="text-muted-foreground tabular-nums"
                >
                  {formatRelativeTime(event.createdAt)}
                </time>
              </p>
              <FieldChanges changes={event.changes} />
              {event.detail && !IN_DISCUSSION.includes(event.action) ? (
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
