import type { RequestDetail } from '@shared/schemas/requests'
import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { BackLink } from '@/components/back-link'
import { DetailLoadError } from '@/components/detail-load-error'
import { DetailSkeleton } from '@/components/detail-skeleton'
import { PageHeader } from '@/components/page-header'
import { Skeleton } from '@/components/ui/skeleton'
import { requestQueries } from '@/lib/queries/requests'
import { useCan } from '@/lib/session'
import { AnswerSection } from '../components/answer-section'
import { Discussion } from '../components/discussion'
import { RequestHistory } from '../components/request-history'
import { hasReminderActions, RequestReminderActions } from '../components/request-reminder-actions'
import { RequestNotices, RequestSummary } from '../components/request-summary'
import { RequestVersions } from '../components/request-versions'
import { hasReviewActions, ReviewActions } from '../components/review-actions'

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
  // While the answer can still change, the version being prepared shows in the upload area.
  const versions = request.allowedActions.includes('upload')
    ? request.versions.filter((version) => version.submittedAt !== null)
    : request.versions

  return (
    <div className="grid gap-6">
      <BackLink to={`/audits/${request.auditId}`}>Back to {request.auditName}</BackLink>
      <PageHeader
        title={`#${request.number} ${request.title}`}
        description={request.auditName}
        actions={
          hasReminderActions(request) || hasReviewActions(request) ? (
            <>
              <ReviewActions request={request} />
              <RequestReminderActions request={request} />
            </>
          ) : undefined
        }
      />
      <RequestSummary request={request} />
      <RequestNotices request={request} />
      <AnswerSection request={request} />
      <RequestVersions versions={versions} />
      <Discussion request={request} />
      <RequestHistory history={request.history} />
    </div>
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
