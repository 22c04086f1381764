import type { AuditRequest } from '@shared/schemas/requests'
import { Inbox } from 'lucide-react'
import { Link } from 'react-router'
import { EmptyState } from '@/components/empty-state'
import { ErrorState } from '@/components/error-state'
import { PageHeader } from '@/components/page-header'
import { RequestStatusBadge } from '@/components/status-badge'
import { Badge } from '@/components/ui/badge'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { formatCalendarDate } from '@/lib/dates'
import { useSession } from '@/lib/session'
import { useMyRequests } from '../api/get-my-requests'
import { RequirementBadges } from '../components/requirement-badges'
import { DueDate } from '../components/due-date'

/** The client user's requests across their audits, grouped by audit, overdue first (the e-mail's link). */
export function MyRequestsPage() {
  const myRequests = useMyRequests()
  const me = useSession().id

  return (
    <div className="grid gap-6">
      <PageHeader
        title="My Requests"
        description="What your audit firm has asked for. Open a request to answer it."
      />
      {myRequests.isPending ? (
        <div role="status" className="grid gap-3">
          <span className="sr-only">Loading requests...</span>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-24 w-full rounded-lg" />
          ))}
        </div>
      ) : myRequests.isError ? (
        <ErrorState
          title="Could not load your requests"
          onRetry={() => void myRequests.refetch()}
          retrying={myRequests.isFetching}
          error={myRequests.error}
        />
      ) : myRequests.data.length === 0 ? (
        <EmptyState icon={Inbox} title="Nothing to answer">
          No requests yet. When your audit firm sends one, you get an e-mail and it appears here.
        </EmptyState>
      ) : (
        myRequests.data.map(({ audit, requests }) => {
          const waiting = requests.filter(
            (request) => request.status === 'sent' || request.status === 'returned',
          ).length
          const headingId = `audit-${audit.id}`
          return (
            <section key={audit.id} aria-labelledby={headingId} className="grid gap-3">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
                  <Link
                    to={`/audits/${audit.id}`}
                    className="rounded-sm underline-offset-4 hover:underline"
                  >
                    {audit.name}
                  </Link>
                  <Badge variant="secondary" className="tabular-nums">
                    {waiting} to answer
                  </Badge>
                </h2>
                <p className="text-sm text-muted-foreground">
                  {audit.projectName}
                  {audit.dueDate ? (
                    <>
                      {' · Due '}
                      <time dateTime={audit.dueDate} className="tabular-nums">
                        {formatCalendarDate(audit.dueDate)}
                      </time>
                    </>
                  ) : null}
                </p>
              </div>
              <ul className="grid gap-2" aria-label={`Requests of ${audit.name}`}>
                {requests.map((request) => (
                  <li key={request.id}>
                    <MyRequestCard request={request} mine={request.assigneeId === me} />
                  </li>
                ))}
              </ul>
            </section>
          )
        })
      )}
    </div>
  )
}

function MyRequestCard({ request, mine }: { request: AuditRequest; mine: boolean }) {
  return (
    <Card className="relative grid gap-2 p-4 focus-within:ring-2 focus-within:ring-ring">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <h3 className="min-w-0 font-medium break-words">
          <span className="mr-2 text-muted-foreground tabular-nums">#{request.number}</span>
          <Link
            to={`/requests/${request.id}`}
            className="outline-none after:absolute after:inset-0"
          >
            {request.title}
          </Link>
        </h3>
        <RequestStatusBadge status={request.status} overdue={request.overdue} />
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <span>
          {mine ? 'Assigned to you' : `Assigned to ${request.assigneeName ?? 'nobody yet'}`}
        </span>
        <DueDate date={request.dueDate} />
        <RequirementBadges
          documentRequired={request.documentRequired}
          responseRequired={request.responseRequired}
        />
      </div>
    </Card>
  )
}
