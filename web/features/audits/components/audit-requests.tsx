import type { Assignee, RequestList as Requests } from '@shared/schemas/requests'
import type { UseInfiniteQueryResult } from '@tanstack/react-query'
import { ClipboardList } from 'lucide-react'
import { useState } from 'react'
import { EmptyState } from '@/components/empty-state'
import { QueryErrorState } from '@/components/error-state'
import { LoadMore } from '@/components/paged/load-more'
import { Badge } from '@/components/ui/badge'
import { Skeleton } from '@/components/ui/skeleton'
import { RequestList } from './request-list'
import {
  matchesWhoseMove,
  NoMatchingRequests,
  WhoseMoveFilterControl,
  type WhoseMoveFilter,
} from './whose-move'

/** The audit page's "Requests" section: loading, error, empty, or the list (filtered by whose move). */
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
  const [filter, setFilter] = useState<WhoseMoveFilter>('all')
  const all = requests.data?.requests ?? []
  // The page reads every page of the audit: the filter sees all of its requests once loaded.
  const shown = filter === 'all' ? all : all.filter((request) => matchesWhoseMove(filter, request))

  return (
    <section className="grid gap-3" aria-labelledby="requests-heading">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h2 id="requests-heading" className="flex items-center gap-2 text-lg font-semibold">
          Requests
          {requests.isSuccess ? (
            <Badge variant="secondary" className="tabular-nums">
              {requests.data.progress.total}
            </Badge>
          ) : null}
        </h2>
        {all.length > 0 ? <WhoseMoveFilterControl value={filter} onChange={setFilter} /> : null}
      </div>
      {requests.isPending ? (
        <div role="status" className="grid gap-3">
          <span className="sr-only">Loading requests...</span>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-32 w-full rounded-lg" />
          ))}
        </div>
      ) : requests.isError && !requests.isFetchNextPageError ? (
        <QueryErrorState title="Could not load requests" query={requests} />
      ) : all.length === 0 ? (
        <EmptyState icon={ClipboardList}>
          {canAdd
            ? 'No requests yet. Click "Add Request" or "Add from Template" to ask the client for what the audit needs.'
            : 'No requests for you in this audit yet. Your audit firm will send them here.'}
        </EmptyState>
      ) : filter !== 'all' && shown.length === 0 && !requests.hasNextPage ? (
        <NoMatchingRequests filter={filter} onShowAll={() => setFilter('all')} />
      ) : (
        <>
          <RequestList
            requests={shown}
            total={filter === 'all' ? requests.data.progress.total : shown.length}
            assignees={assignees}
          />
          <LoadMore list={requests} label="Load more requests" />
        </>
      )}
    </section>
  )
}
