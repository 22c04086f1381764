import { activityApi } from '@shared/api/engagements'
import {
  ACTIVITY_ACTION_LABELS,
  ACTIVITY_KIND_LABELS,
  ACTIVITY_KIND_NAMES,
  type AuditActivity as AuditEvent,
} from '@shared/schemas/dashboard'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { FileSpreadsheet, History } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { EmptyState } from '@/components/empty-state'
import { FieldChanges } from '@/components/field-changes'
import { ListSection } from '@/components/list-section'
import { VirtualList } from '@/components/paged/virtual-list'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select'
import { Skeleton } from '@/components/ui/skeleton'
import { urlOf } from '@/lib/api'
import { formatDateTime, formatRelativeTime } from '@/lib/dates'
import { auditQueries } from '@/lib/queries/engagements'
import { requestQueries } from '@/lib/queries/requests'

const ANY = 'any'

/**
 * The audit's trail (the firm's): every event of the audit and its requests, newest first, those
 * of deleted requests too, with what changed from what to what; narrowed to a person or a kind
 * (in the address: `?view=activity&actor=…&kind=…`), and the whole of it as CSV.
 */
export function AuditActivity({ auditId }: { auditId: string }) {
  const [search, setSearch] = useSearchParams()
  const actorId = search.get('actor') ?? undefined
  const kindParam = search.get('kind')
  const kind = ACTIVITY_KIND_NAMES.find((each) => each === kindParam)
  const filter = { ...(actorId ? { actorId } : {}), ...(kind ? { kind } : {}) }
  const trail = useInfiniteQuery(requestQueries.auditActivity(auditId, filter))
  const people = usePeople(auditId, trail.data)
  const now = Date.now()

  const set = (name: 'actor' | 'kind', value: string) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current)
        if (value === ANY) next.delete(name)
        else next.set(name, value)
        return next
      },
      { replace: true },
    )

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Select value={actorId ?? ANY} onValueChange={(value) => set('actor', value)}>
          <SelectTrigger aria-label="Person" className="h-9 w-auto max-w-56 min-w-40">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ANY}>Everyone</SelectItem>
            {people.map((person) => (
              <SelectItem key={person.id} value={person.id}>
                {person.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select value={kind ?? ANY} onValueChange={(value) => set('kind', value)}>
          <SelectTrigger aria-label="Kind" className="h-9 w-auto min-w-36">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ANY}>Every kind</SelectItem>
            {ACTIVITY_KIND_NAMES.map((each) => (
              <SelectItem key={each} value={each}>
                {ACTIVITY_KIND_LABELS[each]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Button asChild variant="outline" size="sm" className="ml-auto">
          <a
            href={urlOf(activityApi.auditCsv, { params: { id: auditId }, query: filter })}
            download
          >
            <FileSpreadsheet aria-hidden="true" />
            Export trail (CSV)
          </a>
        </Button>
      </div>
      <ListSection
        query={trail}
        loading={
          <Card role="status" className="grid gap-4 p-5">
            <span className="sr-only">Loading the audit’s activity...</span>
            {[0, 1, 2, 3].map((index) => (
              <div key={index} className="grid gap-2">
                <Skeleton className="h-4 w-2/3" />
                <Skeleton className="h-3 w-24" />
              </div>
            ))}
          </Card>
        }
        errorTitle="Could not load the audit’s activity"
        empty={
          <EmptyState
            icon={History}
            title={actorId || kind ? 'No matching events' : 'No activity yet'}
          >
            {actorId || kind
              ? 'Nothing this person did, or of this kind, is in the trail yet.'
              : 'Requests created, changed, sent, answered and reviewed will show up here.'}
          </EmptyState>
        }
        loadMoreLabel="Load more activity"
      >
        {(events) => (
          <Card className="px-5 pt-5 pb-1">
            <VirtualList
              label="Audit activity"
              items={events}
              getKey={(event) => event.id}
              renderItem={(event) => <TrailEvent event={event} now={now} />}
              estimateRowHeight={64}
              gap="list"
            />
          </Card>
        )}
      </ListSection>
    </div>
  )
}

function TrailEvent({ event, now }: { event: AuditEvent; now: number }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <p className="text-sm wrap-anywhere">
        <span className="font-medium">{event.actor}</span> {ACTIVITY_ACTION_LABELS[event.action]}{' '}
        {event.requestId ? (
          <Link
            to={`/requests/${event.requestId}`}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {event.target}
          </Link>
        ) : (
          <span className="font-medium">{event.target}</span>
        )}
      </p>
      <FieldChanges changes={event.changes} />
      {event.detail ? (
        <p className="border-l-2 pl-2 text-xs whitespace-pre-line text-muted-foreground wrap-anywhere">
          {event.detail}
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
  )
}

/** Who the trail can be narrowed to: the audit's team, its client's users, and whoever acted. */
function usePeople(auditId: string, events: AuditEvent[] | undefined) {
  const audit = useQuery(auditQueries.detail(auditId))
  const assignees = useQuery(requestQueries.assignees(auditId))
  const people = new Map<string, string>()
  const team = audit.data ? [audit.data.lead, ...audit.data.members] : []
  for (const member of team) if (member) people.set(member.id, member.name)
  for (const user of assignees.data ?? []) people.set(user.id, user.name)
  for (const event of events ?? []) if (event.actorId) people.set(event.actorId, event.actor)
  return [...people.entries()]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name))
}
