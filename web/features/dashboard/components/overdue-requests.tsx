import { OVERDUE_COUNT_CAP } from '@shared/schemas/dashboard'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { formatCalendarDate } from '@/lib/dates'
import { dashboardQueries } from '@/lib/queries/engagements'

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/** A count the server stops at OVERDUE_COUNT_CAP: "1,000+" there. */
const counted = (count: number) =>
  count >= OVERDUE_COUNT_CAP ? `${OVERDUE_COUNT_CAP.toLocaleString('en-US')}+` : String(count)

/**
 * The firm's dashboard card of requests waiting for the client past their due date: how many, how
 * many in the caller's audits, and the audits holding most of them, each opening its request table
 * filtered to its overdue requests.
 */
export function OverdueRequests() {
  const query = useQuery({ ...dashboardQueries.get(), select: (dashboard) => dashboard.overdue })
  const overdue = query.data

  return (
    <Card>
      <CardHeader className="gap-1">
        <CardTitle asChild>
          <h2 className="flex items-center gap-2">
            Overdue
            {overdue ? (
              <Badge
                variant={overdue.total > 0 ? 'destructive' : 'secondary'}
                className="tabular-nums"
              >
                {counted(overdue.total)}
              </Badge>
            ) : null}
          </h2>
        </CardTitle>
        {overdue && overdue.total > 0 ? (
          <p className="text-sm text-muted-foreground">
            {overdue.mine > 0 ? `${counted(overdue.mine)} in your audits.` : 'None in your audits.'}
          </p>
        ) : null}
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <div role="status" className="grid gap-2">
            <span className="sr-only">Loading the overdue requests...</span>
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} className="h-10 w-full" />
            ))}
          </div>
        ) : !overdue ? (
          <p className="text-sm text-muted-foreground">
            The overdue requests are not available right now.
          </p>
        ) : overdue.total === 0 ? (
          <p className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
            Nothing is overdue: every request waiting for a client is within its due date.
          </p>
        ) : (
          <ul aria-label="Audits with overdue requests" className="grid divide-y">
            {overdue.audits.map((audit) => (
              <li key={audit.auditId} className="grid gap-0.5 py-2">
                <div className="flex items-baseline justify-between gap-3">
                  <Link
                    to={`/audits/${audit.auditId}?overdue=1`}
                    aria-label={`${audit.auditName}: ${plural(audit.overdue, 'overdue request', 'overdue requests')}`}
                    className="min-w-0 truncate font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {audit.auditName}
                  </Link>
                  <span className="shrink-0 text-sm text-muted-foreground">
                    <span className="font-medium text-destructive tabular-nums">
                      {audit.overdue}
                    </span>{' '}
                    overdue
                  </span>
                </div>
                <p className="truncate text-sm text-muted-foreground">
                  {audit.clientName}
                  {audit.mine ? ' · your audit' : ''} · the oldest due{' '}
                  {formatCalendarDate(audit.oldestDueDate)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
