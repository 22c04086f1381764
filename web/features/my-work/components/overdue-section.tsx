import { MY_WORK_COUNT_CAP, type MyWork } from '@shared/schemas/my-work'
import { CalendarClock } from 'lucide-react'
import { Link } from 'react-router'
import { formatCalendarDate } from '@/lib/dates'
import { countOf } from '@/lib/plural'
import { daysLateLabel } from '../lib/work-format'
import { RemindButton } from './remind-button'
import { SectionEmpty, WorkSection } from './work-section'
import { assigneeText, WorkRow } from './work-row'

type OverdueClient = MyWork['overdue']['clients'][number]

/**
 * The requests of the caller's audits waiting for the client past their due date, by client (the
 * latest first), each with Remind when its assignee may be reminded.
 */
export function OverdueSection({ overdue }: { overdue: MyWork['overdue'] }) {
  const named = overdue.clients.reduce((sum, client) => sum + client.count, 0)
  const elsewhere = overdue.total - named
  return (
    <WorkSection
      id="overdue"
      title="Overdue"
      icon={CalendarClock}
      tone="destructive"
      total={overdue.total}
      empty={
        <SectionEmpty title="Nothing overdue">
          Every request waiting for your clients is within its due date.
        </SectionEmpty>
      }
      footer={
        elsewhere > 0 ? (
          <p className="text-sm text-muted-foreground">
            {overdue.total >= MY_WORK_COUNT_CAP
              ? 'More are overdue for other clients.'
              : `And ${countOf(elsewhere, 'overdue request')} for other clients.`}
          </p>
        ) : null
      }
    >
      <ul aria-label="Overdue requests by client" className="grid gap-5">
        {overdue.clients.map((client) => (
          <ClientGroup key={client.clientId} client={client} />
        ))}
      </ul>
    </WorkSection>
  )
}

function ClientGroup({ client }: { client: OverdueClient }) {
  const headingId = `overdue-${client.clientId}`
  const more = client.count - client.requests.length
  return (
    <li aria-labelledby={headingId} className="grid gap-2">
      <h3
        id={headingId}
        className="flex flex-wrap items-baseline justify-between gap-x-3 border-b pb-1 text-sm font-semibold"
      >
        <Link
          to={`/clients/${client.clientId}`}
          className="min-w-0 truncate rounded-sm underline-offset-4 hover:underline"
        >
          {client.clientName}
        </Link>
        <span className="font-normal text-muted-foreground tabular-nums">
          {countOf(client.count, 'overdue request')}
        </span>
      </h3>
      <ul aria-label={`${client.clientName}: overdue requests`} className="grid divide-y">
        {client.requests.map((request) => (
          <WorkRow
            key={request.id}
            request={request}
            place={`${request.auditName} · ${assigneeText(request.assigneeName)}`}
            when={
              <>
                <span className="font-medium text-destructive">
                  {daysLateLabel(request.daysLate)}
                </span>{' '}
                · due <time dateTime={request.dueDate}>{formatCalendarDate(request.dueDate)}</time>
              </>
            }
            action={request.canRemind ? <RemindButton request={request} /> : null}
          />
        ))}
      </ul>
      {more > 0 ? (
        <p className="text-sm text-muted-foreground">
          And {more} more: see the overdue requests of{' '}
          {[...new Map(client.requests.map((r) => [r.auditId, r.auditName])).entries()].map(
            ([auditId, auditName], index) => (
              <span key={auditId}>
                {index > 0 ? ', ' : null}
                <Link
                  to={`/audits/${auditId}?overdue=1`}
                  className="rounded-sm text-primary underline-offset-4 hover:underline"
                >
                  {auditName}
                </Link>
              </span>
            ),
          )}
          .
        </p>
      ) : null}
    </li>
  )
}
