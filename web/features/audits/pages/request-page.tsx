import type { RequestDetail } from '@shared/schemas/requests'
import { requestLabel } from '@shared/request-rules'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Link, useNavigate, useParams } from 'react-router'
import { BackLink } from '@/components/back-link'
import { Breadcrumbs } from '@/components/breadcrumbs'
import { DetailLoadError } from '@/components/detail-load-error'
import { DetailSkeleton } from '@/components/detail-skeleton'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { useHashTarget } from '@/lib/focus'
import { requestQueries } from '@/lib/queries/requests'
import { useCan } from '@/lib/session'
import { AnswerSection } from '../components/answer-section'
import { ClientAskNotice } from '../components/client-ask'
import { Discussion } from '../components/discussion'
import { PreviousAnswer } from '../components/previous-answer'
import { RequestHistory } from '../components/request-history'
import { hasReminderActions, RequestReminderActions } from '../components/request-reminder-actions'
import { RequestNotices, RequestSummary } from '../components/request-summary'
import { RequestVersions } from '../components/request-versions'
import { hasReviewActions, ReviewActions } from '../components/review-actions'
import { useReviewNavigation, type ReviewNavigation } from '../hooks/use-review-navigation'
import { reviewHref } from '../lib/review-queue'
import { toDoInOrder } from '../lib/to-do'

export function RequestPage() {
  const { id = '' } = useParams()
  const request = useQuery(requestQueries.detail(id))
  // A client user comes from My requests; the firm from its projects.
  const back = useCan('requests.answer')
    ? { backTo: '/my-requests', backLabel: 'Back to My Requests' }
    : { backTo: '/projects', backLabel: 'Back to Projects' }

  if (request.isPending) return <RequestPageSkeleton />
  if (request.isError) return <DetailLoadError noun="Request" query={request} {...back} />
  return <RequestView request={request.data} />
}

function RequestView({ request }: { request: RequestDetail }) {
  const navigate = useNavigate()
  // A search result's comment or file.
  useHashTarget()
  const answers = useCan('requests.answer')
  const queue = useReviewNavigation(request.id)
  // From the review queue, a decision opens the next answer (the queue when none is left).
  const openNext = queue
    ? () => void navigate(queue.next ? reviewHref(queue.next.id) : '/review')
    : undefined

  // While the answer can still change, the version being prepared shows in the upload area.
  const versions = request.allowedActions.includes('upload')
    ? request.versions.filter((version) => version.submittedAt !== null)
    : request.versions

  return (
    <div className="grid gap-6">
      {answers ? (
        <ToDoBar requestId={request.id} />
      ) : (
        <>
          <Breadcrumbs
            items={[
              { label: 'Clients', to: '/clients' },
              { label: request.client.name, to: `/clients/${request.client.id}` },
              { label: request.project.name, to: `/projects/${request.project.id}` },
              { label: request.auditName, to: `/audits/${request.auditId}` },
              { label: requestLabel(request) },
            ]}
          />
          {queue ? <ReviewQueueBar navigation={queue} /> : null}
        </>
      )}
      <PageHeader
        title={requestLabel(request)}
        description={answers ? request.auditName : `${request.client.name} · ${request.auditName}`}
        actions={
          hasReminderActions(request) || hasReviewActions(request) ? (
            <>
              <ReviewActions request={request} onDecided={openNext} />
              <RequestReminderActions request={request} />
            </>
          ) : undefined
        }
      />
      <RequestSummary request={request} />
      <RequestNotices request={request} />
      <ClientAskNotice request={request} viewer={answers ? 'client' : 'firm'} />
      <AnswerSection request={request} />
      <RequestVersions versions={versions} />
      <PreviousAnswer previous={request.previous} />
      <Discussion request={request} />
      <RequestHistory history={request.history} />
    </div>
  )
}

/**
 * A client user works from My requests: the way back there, and to the next thing to do (so
 * that, once this one is answered, the next is one click away).
 */
function ToDoBar({ requestId }: { requestId: string }) {
  const mine = useInfiniteQuery(requestQueries.mine())
  const next = mine.data
    ? toDoInOrder(mine.data).find((request) => request.id !== requestId)
    : undefined
  return (
    <nav aria-label="My requests" className="flex flex-wrap items-center justify-between gap-2">
      <BackLink to="/my-requests">Back to My Requests</BackLink>
      {next ? (
        <Button variant="outline" size="sm" asChild className="max-w-full">
          <Link to={`/requests/${next.id}`}>
            <span className="truncate">
              Next to do: #{next.number} {next.title}
            </span>
            <ChevronRight aria-hidden="true" />
          </Link>
        </Button>
      ) : null}
    </nav>
  )
}

/** Previous / Next through the review queue, and the way back to it. */
function ReviewQueueBar({ navigation }: { navigation: ReviewNavigation }) {
  const { previous, next, place, count } = navigation
  return (
    <nav aria-label="Review queue" className="flex flex-wrap items-center justify-between gap-2">
      <BackLink to="/review">Back to Review</BackLink>
      <div className="flex items-center gap-2">
        {place > 0 ? (
          <span className="text-sm text-muted-foreground tabular-nums">
            {place} of {count}
          </span>
        ) : null}
        <QueueStep to={previous} label="Previous" icon="previous" />
        <QueueStep to={next} label="Next" icon="next" />
      </div>
    </nav>
  )
}

function QueueStep({
  to,
  label,
  icon,
}: {
  to: ReviewNavigation['next']
  label: string
  icon: 'previous' | 'next'
}) {
  const content = (
    <>
      {icon === 'previous' ? <ChevronLeft aria-hidden="true" /> : null}
      {label}
      {icon === 'next' ? <ChevronRight aria-hidden="true" /> : null}
    </>
  )
  if (!to)
    return (
      <Button variant="outline" size="sm" disabled>
        {content}
      </Button>
    )
  return (
    <Button variant="outline" size="sm" asChild>
      <Link to={reviewHref(to.id)} aria-label={`${label}: #${to.number} ${to.title}`}>
        {content}
      </Link>
    </Button>
  )
}

function RequestPageSkeleton() {
  return (
    <DetailSkeleton noun="Request">
      <Skeleton className="h-36 w-full" />
      <Skeleton className="h-32 w-full" />
    </DetailSkeleton>
  )
}
