import { useInfiniteQuery } from '@tanstack/react-query'
import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { ListSection, ListSkeleton } from '@/components/list-section'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { formatDateTime, formatRelativeTime } from '@/lib/dates'
import { requestQueries } from '@/lib/queries/requests'
import { reviewHref } from '../lib/review-queue'

/** How many of the oldest answers the card names. */
const SHOWN = 5

/**
 * The firm's dashboard card of answers waiting for review: how many (the queue's first page:
 * "100+" beyond it), the oldest few with their client and audit, each opening the request with
 * Previous / Next through the queue, and the way to the whole queue.
 */
export function AwaitingReview() {
  const queue = useInfiniteQuery(requestQueries.reviewQueue())
  const items = queue.data ?? []
  const count = queue.hasNextPage ? `${items.length}+` : String(items.length)

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle asChild>
          <h2 className="flex items-center gap-2">
            Awaiting Review
            {queue.isSuccess ? (
              <Badge variant={items.length > 0 ? 'default' : 'secondary'} className="tabular-nums">
                {count}
              </Badge>
            ) : null}
          </h2>
        </CardTitle>
        {items.length > 0 ? (
          <Link
            to="/review"
            className="inline-flex items-center gap-1 rounded-sm text-sm text-primary underline-offset-4 hover:underline"
          >
            Open the review queue
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        ) : null}
      </CardHeader>
      <CardContent>
        {/* A glance: no retry (the review queue has one), and no more than the first few. */}
        <ListSection
          query={queue}
          loading={
            <ListSkeleton
              label="Loading the answers awaiting review..."
              rowClassName="h-10"
              className="gap-2"
            />
          }
          error={
            <p className="text-sm text-muted-foreground">
              The answers awaiting review are not available right now.
            </p>
          }
          empty={
            <p className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
              No answers are waiting for review.
            </p>
          }
        >
          {(queued) => (
            <ul aria-label="Oldest answers awaiting review" className="grid divide-y">
              {queued.slice(0, SHOWN).map((item) => (
                <li key={item.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 py-2">
                  <Link
                    to={reviewHref(item.id)}
                    className="min-w-0 truncate font-medium text-primary underline-offset-4 hover:underline"
                  >
                    <span className="mr-1.5 text-muted-foreground tabular-nums">
                      #{item.number}
                    </span>
                    {item.title}
                  </Link>
                  <span className="min-w-0 truncate text-sm text-muted-foreground">
                    {item.clientName} · {item.auditName}
                  </span>
                  <time
                    dateTime={item.submittedAt}
                    title={formatDateTime(item.submittedAt)}
                    className="ml-auto text-sm text-muted-foreground"
                  >
                    {formatRelativeTime(item.submittedAt)}
                  </time>
                </li>
              ))}
            </ul>
          )}
        </ListSection>
      </CardContent>
    </Card>
  )
}
