import { OVERDUE_COUNT_CAP } from '@shared/schemas/dashboard'
import { useQuery } from '@tanstack/react-query'
import { AlertCircle } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { dashboardQueries } from '@/lib/queries/engagements'
import { cn } from '@/lib/utils'

/** A count the server stops at OVERDUE_COUNT_CAP: "1,000+" there. */
const counted = (count: number) =>
  count >= OVERDUE_COUNT_CAP ? `${OVERDUE_COUNT_CAP.toLocaleString('en-US')}+` : String(count)

/**
 * The firm's dashboard row of what needs someone now, each figure opening the list behind it:
 * the requests overdue on the caller's audits (My work) and the answers awaiting review (the
 * review queue).
 */
export function NeedsAttention() {
  const query = useQuery({
    ...dashboardQueries.get(),
    select: (dashboard) =>
      dashboard.overdue && dashboard.awaitingReview !== null
        ? { overdueMine: dashboard.overdue.mine, awaitingReview: dashboard.awaitingReview }
        : null,
  })
  const figures = query.data

  return (
    <section aria-labelledby="needs-attention-heading" aria-busy={query.isPending}>
      <Card className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:gap-6 sm:px-6">
        <h2
          id="needs-attention-heading"
          className="flex items-center gap-2 text-sm font-semibold whitespace-nowrap"
        >
          <AlertCircle aria-hidden="true" className="size-4 text-muted-foreground" />
          Needs attention
        </h2>
        {query.isPending ? (
          <div className="flex gap-6">
            <Skeleton className="h-6 w-40" />
            <Skeleton className="h-6 w-36" />
          </div>
        ) : !figures ? (
          <p className="text-sm text-muted-foreground">Not available right now.</p>
        ) : (
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <Figure
                to="/my-work#overdue"
                count={figures.overdueMine}
                tone={figures.overdueMine > 0 ? 'text-destructive' : undefined}
              >
                overdue on your audits
              </Figure>
            </li>
            <li>
              <Figure to="/review" count={figures.awaitingReview}>
                {figures.awaitingReview === 1
                  ? 'answer awaiting review'
                  : 'answers awaiting review'}
              </Figure>
            </li>
          </ul>
        )}
      </Card>
    </section>
  )
}

function Figure({
  to,
  count,
  tone,
  children,
}: {
  to: string
  count: number
  tone?: string
  children: ReactNode
}) {
  return (
    <Link to={to} className="group rounded-sm text-sm underline-offset-4">
      <span className={cn('text-lg font-semibold tabular-nums', tone)}>{counted(count)}</span>{' '}
      <span className="text-primary group-hover:underline">{children}</span>
    </Link>
  )
}
