import type { MyRequests } from '@shared/schemas/requests'
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { ArrowRight, Inbox } from 'lucide-react'
import { Link } from 'react-router'
import { useState } from 'react'
import { EmptyState } from '@/components/empty-state'
import { ListSection, ListSkeleton } from '@/components/list-section'
import { PageHeader } from '@/components/page-header'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { formatCalendarDate } from '@/lib/dates'
import { requestQueries } from '@/lib/queries/requests'
import { countOf } from '@/lib/plural'
import { useSession } from '@/lib/session'
import { MyRequestCard } from '../components/my-request-card'
import {
  NoMatchingRequests,
  WhoseMoveFilterControl,
  type WhoseMoveFilter,
} from '../components/whose-move'
import { toDoInOrder } from '../lib/to-do'

/** The client user's requests across their audits, grouped by audit, overdue first (the e-mail's link). */
export function MyRequestsPage() {
  const [filter, setFilter] = useState<WhoseMoveFilter>('all')
  // Filtered on the server, so that every page read matches; the last list stays while the next loads.
  const myRequests = useInfiniteQuery({
    ...requestQueries.mine({ whoseMove: filter === 'all' ? undefined : filter }),
    placeholderData: keepPreviousData,
  })
  const me = useSession().id
  const filtered = filter !== 'all'

  return (
    <div className="grid gap-6">
      <PageHeader
        title="My Requests"
        description="What your audit firm has asked for. Open a request to answer it."
      />
      {!filtered && myRequests.isSuccess && myRequests.data.length > 0 ? (
        <ToDoSummary groups={myRequests.data} more={myRequests.hasNextPage} />
      ) : null}
      {filtered || (myRequests.isSuccess && myRequests.data.length > 0) ? (
        <WhoseMoveFilterControl value={filter} onChange={setFilter} />
      ) : null}
      <ListSection
        query={myRequests}
        loading={<ListSkeleton label="Loading requests..." rowClassName="h-24 rounded-lg" />}
        errorTitle="Could not load your requests"
        empty={
          filtered ? (
            <NoMatchingRequests filter={filter} onShowAll={() => setFilter('all')} />
          ) : (
            <EmptyState icon={Inbox} title="Nothing to answer">
              No requests yet. When your audit firm sends one, you get an e-mail and it appears
              here.
            </EmptyState>
          )
        }
        loadMoreLabel="Load more requests"
        className="gap-6"
      >
        {(groups) =>
          groups.map(({ audit, requests }) => {
            const waiting = requests.filter((request) =>
              request.allowedActions.includes('submit'),
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
        }
      </ListSection>
    </div>
  )
}

/** "4 things to do, 1 overdue", and one button to start with the first of them. */
function ToDoSummary({ groups, more }: { groups: MyRequests; more: boolean }) {
  const toDo = toDoInOrder(groups)
  const overdue = toDo.filter((request) => request.overdue).length
  const returned = toDo.filter((request) => request.status === 'returned').length
  const first = toDo[0]
  const plus = more ? '+' : ''
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid gap-0.5">
        <p className="text-lg font-semibold" role="status">
          {toDo.length === 0
            ? 'Nothing to do right now'
            : `${toDo.length}${plus} ${toDo.length === 1 && !more ? 'thing' : 'things'} to do${overdue > 0 ? `, ${overdue} overdue` : ''}`}
        </p>
        <p className="text-sm text-muted-foreground">
          {toDo.length === 0
            ? 'Everything is with your audit firm or done. We will e-mail you when something needs you.'
            : returned > 0
              ? `${countOf(returned, 'answer')} came back for another look: ${returned === 1 ? 'it comes' : 'they come'} first.`
              : 'Overdue ones first, then by due date.'}
        </p>
      </div>
      {first ? (
        <Button asChild className="w-fit max-w-full">
          <Link to={`/requests/${first.id}`}>
            <span className="truncate">
              Start with #{first.number} {first.title}
            </span>
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      ) : null}
    </Card>
  )
}
