import type { RequestDetail } from '@shared/schemas/requests'
import { Undo2 } from 'lucide-react'
import { DetailItem } from '@/components/detail-item'
import { Card } from '@/components/ui/card'
import { formatCalendarDate } from '@/lib/dates'
import { RemindersPausedBadge } from './reminders-paused-badge'
import { asksSomething, RequirementBadges } from './requirement-badges'
import { RequestStateBadges } from './whose-move'

/** What the request is: status, assignee, due date, requirements, description. */
export function RequestSummary({ request }: { request: RequestDetail }) {
  return (
    <Card className="grid gap-4 p-5">
      <h2 className="sr-only">Request details</h2>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <DetailItem label="Status">
          <span className="flex flex-wrap gap-1">
            <RequestStateBadges request={request} />
            {request.remindersPaused && request.allowedActions.includes('plan') ? (
              <RemindersPausedBadge />
            ) : null}
          </span>
        </DetailItem>
        <DetailItem label="Assignee">
          {request.assigneeName ?? <span className="text-muted-foreground">Unassigned</span>}
        </DetailItem>
        <DetailItem label="Due date">
          {request.dueDate ? (
            <time dateTime={request.dueDate} className="tabular-nums">
              {formatCalendarDate(request.dueDate)}
            </time>
          ) : (
            <span className="text-muted-foreground">No due date</span>
          )}
        </DetailItem>
        <DetailItem label="Requires">
          {asksSomething(request) ? (
            <RequirementBadges
              documentRequired={request.documentRequired}
              responseRequired={request.responseRequired}
              answerType={request.answerType}
            />
          ) : (
            <span className="text-muted-foreground">Nothing specific</span>
          )}
        </DetailItem>
        <DetailItem label="Description" className="col-span-full">
          {request.description ? (
            <span className="whitespace-pre-line">{request.description}</span>
          ) : (
            <span className="text-muted-foreground">No description</span>
          )}
        </DetailItem>
      </dl>
    </Card>
  )
}

/** Why the request came back, or why it no longer counts. */
export function RequestNotices({ request }: { request: RequestDetail }) {
  // The last submitted version (a version being prepared carries no return reason).
  const latest = request.versions.findLast((version) => version.submittedAt !== null)
  return (
    <>
      {request.status === 'returned' && latest?.returnedReason ? (
        <div
          role="note"
          aria-label="Returned by your audit firm"
          className="grid gap-1 rounded-lg border border-warning bg-warning-soft p-4 text-warning-soft-foreground"
        >
          <p className="flex items-center gap-2 font-semibold">
            <Undo2 aria-hidden="true" className="size-4" />
            Returned{latest.returnedBy ? ` by ${latest.returnedBy}` : ''}
            {request.allowedActions.includes('submit') ? ': please answer again' : ''}
          </p>
          <p className="text-sm whitespace-pre-line">{latest.returnedReason}</p>
        </div>
      ) : null}
      {request.status === 'not_applicable' && request.notApplicableReason ? (
        <div role="note" className="grid gap-1 rounded-lg border bg-muted p-4">
          <p className="font-semibold">Not applicable</p>
          <p className="text-sm whitespace-pre-line">{request.notApplicableReason}</p>
        </div>
      ) : null}
    </>
  )
}
