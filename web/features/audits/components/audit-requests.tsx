import type { Assignee, RequestList as Requests } from '@shared/schemas/requests'
import type { UseInfiniteQueryResult } from '@tanstack/react-query'
import { ClipboardList } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { QueryErrorState } from '@/components/error-state'
import { LoadMore } from '@/components/paged/load-more'
import { Badge } from '@/components/ui/badge'
import { Skeleton } from '@/components/ui/skeleton'
import { RequestList } from './request-list'

/** The audit page's "Requests" section: loading, error, empty, or the list. */
export function AuditRequests({
  requests,
  assignees,
  canAdd,
}: {
  requests: UseInfiniteQueryResult<Requests>
  assignees: Assignee[] | undefined
  /** The audit takes new requests from this user (the empty state says how). */
  canAdd: boolean
}) {
  return (
    <section className="grid gap-3" aria-labelledby="requests-heading">
      <h2 id="requests-heading" className="flex items-center gap-2 text-lg font-semibold">
        Requests
        {requests.isSuccess ? (
          <Badge variant="secondary" className="tabular-nums">
            {requests.data.progress.total}
          </Badge>
        ) : null}
      </h2>
      {requests.isPending ? (
        <div role="status" className="grid gap-3">
          <span className="sr-only">Loading requests...</span>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-32 w-full rounded-lg" />
          ))}
        </div>
      ) : requests.isError && !requests.isFetchNextPageError ? (
        <QueryErrorState title="Could not load requests" query={requests} />
      ) : requests.data.requests.length === 0 ? (
        <EmptyState icon={ClipboardList}>
          {canAdd
            ? 'No requests yet. Click "Add Request" or "Add from Template" to ask the client for what the audit needs.'
            : 'No requests for you in this audit yet. Your audit firm will send them here.'}
        </EmptyState>
      ) : (
        <>
          <RequestList
            requests={requests.data.requests}
            total={requests.data.progress.total}
            assignees={assignees}
          />
          <LoadMore list={requests} label="Load more requests" />
        </>
      )}
    </section>
  )
}
