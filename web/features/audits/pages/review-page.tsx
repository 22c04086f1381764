import type { ReviewItem } from '@shared/schemas/requests'
import { useInfiniteQuery } from '@tanstack/react-query'
import { ClipboardCheck } from 'lucide-react'
import { Link } from 'react-router'
import { EmptyState } from '@/components/empty-state'
import { ListSection, ListSkeleton } from '@/components/list-section'
import { PageHeader } from '@/components/page-header'
import { RequirePermission } from '@/components/require-permission'
import { Badge } from '@/components/ui/badge'
import { formatDateTime, formatRelativeTime } from '@/lib/dates'
import { requestQueries } from '@/lib/queries/requests'
import { reviewHref } from '../lib/review-queue'

/** The answers waiting for the firm's review, across audits: the reviewer's work list. */
export function ReviewPage() {
  return (
    <RequirePermission to="engagements.manage">
      <ReviewPageContent />
    </RequirePermission>
  )
}

function ReviewPageContent() {
  const queue = useInfiniteQuery(requestQueries.reviewQueue())
  const now = Date.now()

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Review"
        description="Answers waiting for your decision: your audits first, then the oldest first. Open one, decide, and the next one opens."
      />
      <ListSection
        query={queue}
        loading={
          <ListSkeleton
            label="Loading answers to review..."
            rows={4}
            rowClassName="h-16 rounded-lg"
            className="gap-2"
          />
        }
        errorTitle="Could not load the answers to review"
        empty={
          <EmptyState icon={ClipboardCheck} title="Nothing to review">
            When a client submits an answer, it waits here for your decision.
          </EmptyState>
        }
        loadMoreLabel="Load more answers"
      >
        {(items) => (
          <>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {items.length}
              {queue.hasNextPage ? '+' : ''} {items.length === 1 ? 'answer' : 'answers'} to review
            </p>
            <ol className="grid gap-2" aria-label="Answers to review">
              {items.map((item) => (
                <li key={item.id}>
                  <ReviewRow item={item} now={now} />
                </li>
              ))}
            </ol>
          </>
        )}
      </ListSection>
    </div>
  )
}

function ReviewRow({ item, now }: { item: ReviewItem; now: number }) {
  return (
    <Link
      to={reviewHref(item.id)}
      className="grid gap-1 rounded-lg border bg-card px-4 py-3 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:grid-cols-[1fr_auto] sm:items-center sm:gap-4"
    >
      <span className="grid min-w-0 gap-0.5">
        <span className="flex min-w-0 items-center gap-2 font-medium">
          <span className="truncate">
            #{item.number} {item.title}
          </span>
          {item.onMyAudit ? <Badge variant="secondary">Your audit</Badge> : null}
        </span>
        <span className="truncate text-sm text-muted-foreground">
          {item.clientName} · {item.auditName}
          {item.assigneeName ? ` · ${item.assigneeName}` : ''}
        </span>
      </span>
      <span className="text-sm text-muted-foreground tabular-nums">
        Submitted{' '}
        <time dateTime={item.submittedAt} title={formatDateTime(item.submittedAt)}>
          {formatRelativeTime(item.submittedAt, now)}
        </time>
      </span>
    </Link>
  )
}
