import { requestLabel } from '@shared/request-rules'
import type { MyWork } from '@shared/schemas/my-work'
import { ArrowRight, ClipboardCheck } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { reviewHref } from '@/features/audits'
import { formatDateTime, formatRelativeTime } from '@/lib/dates'
import { formatTotal } from '../lib/work-format'
import { SectionEmpty, WorkSection } from './work-section'
import { assigneeText, WorkRow } from './work-row'

/**
 * The answers waiting for the caller's review, oldest first: each opens with Review in the
 * review queue (Previous / Next through it, the next one after each decision).
 */
export function ReviewsSection({ reviews, now }: { reviews: MyWork['reviews']; now: number }) {
  const more = reviews.total > reviews.items.length
  return (
    <WorkSection
      id="reviews"
      title="Waiting for your review"
      icon={ClipboardCheck}
      total={reviews.total}
      empty={
        <SectionEmpty title="Nothing waiting for your review">
          When a client submits an answer on one of your audits, it waits here for your decision.
        </SectionEmpty>
      }
      footer={
        <Link
          to="/review"
          className="inline-flex items-center gap-1 justify-self-start rounded-sm text-sm text-primary underline-offset-4 hover:underline"
        >
          {more
            ? `See all ${formatTotal(reviews.total)} in the review queue`
            : 'Open the review queue'}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      }
    >
      <ul aria-label="Answers waiting for your review" className="grid divide-y">
        {reviews.items.map((item) => (
          <WorkRow
            key={item.id}
            request={item}
            place={`${item.clientName} · ${item.auditName} · ${assigneeText(item.assigneeName)}`}
            when={
              <>
                Submitted{' '}
                <time dateTime={item.submittedAt} title={formatDateTime(item.submittedAt)}>
                  {formatRelativeTime(item.submittedAt, now)}
                </time>
              </>
            }
            action={
              <Button asChild size="sm">
                <Link to={reviewHref(item.id)}>
                  Review<span className="sr-only"> {requestLabel(item)}</span>
                </Link>
              </Button>
            }
          />
        ))}
      </ul>
    </WorkSection>
  )
}
