import type { Assignee, AuditRequest, RequestListRow } from '@shared/schemas/requests'
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { ClipboardList, ListFilter } from 'lucide-react'
import { useCallback, useEffect, useMemo, useRef } from 'react'
import { Link, useSearchParams } from 'react-router'
import { EmptyState } from '@/components/empty-state'
import { ListSection } from '@/components/list-section'
import { LoadMore, type PagedState } from '@/components/paged/load-more'
import { VirtualList } from '@/components/paged/virtual-list'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { formatCalendarDate } from '@/lib/dates'
import { toastFailure } from '@/lib/mutation-feedback'
import { requestQueries } from '@/lib/queries/requests'
import { useMediaQuery } from '@/lib/use-media-query'
import { useMoveRequest } from '../api/move-request'
import {
  filterFromSearch,
  isFiltered,
  listQuery,
  searchFromFilter,
  showsDraftOrder,
  type RequestTableFilter,
} from '../lib/request-table-filter'
import { RequestStateBadges } from './whose-move'
import { ArrangeSectionsDialog } from './arrange-sections-dialog'
import { BulkBar } from './bulk-bar'
import { RequestFilters } from './request-filters'
import { RequestGrid, type DraftMoves } from './request-grid'
import { useRowSelection, type RowSelection } from '../hooks/use-row-selection'

/** Where the table has room: below, each request is a short card in a list. */
const WIDE = '(min-width: 80rem)'

/**
 * The audit page's "Requests" section: filters (kept in the address), the matching requests as
 * the server filters, sorts and counts them, read a page at a time, and the bulk actions for the
 * chosen ones.
 */
export function RequestTable({
  auditId,
  assignees,
  firm,
  canAdd,
}: {
  auditId: string
  /** Who requests may be assigned to; undefined while loading (or for a client user). */
  assignees: Assignee[] | undefined
  /** The viewer plans the audit's requests: filters by assignee, selects for bulk actions. */
  firm: boolean
  /** The audit takes new requests from this user (the empty state says how). */
  canAdd: boolean
}) {
  const [search, setSearch] = useSearchParams()
  const filter = useMemo(() => filterFromSearch(search), [search])
  const setFilter = (next: RequestTableFilter) =>
    setSearch(searchFromFilter(next), { replace: true, preventScrollReset: true })
  const requests = useInfiniteQuery({
    ...requestQueries.auditList(auditId, listQuery(filter)),
    // A new filter keeps the rows in place until its own arrive: no jump, no skeleton flash.
    placeholderData: keepPreviousData,
  })
  const sections = useQuery(requestQueries.sections(auditId))
  // Without matchMedia (tests), the table.
  const wide = useMediaQuery(WIDE, true)
  const data = requests.data

  return (
    <section className="grid gap-3" aria-labelledby="requests-heading">
      <div className="flex min-h-9 flex-wrap items-center gap-2">
        <h2 id="requests-heading" className="flex items-center gap-2 text-lg font-semibold">
          Requests
          {data ? (
            <Badge variant="secondary" className="tabular-nums">
              {data.progress.total}
            </Badge>
          ) : null}
        </h2>
        {firm && canAdd && sections.data && sections.data.length > 1 ? (
          <div className="ml-auto">
            <ArrangeSectionsDialog auditId={auditId} sections={sections.data} />
          </div>
        ) : null}
      </div>
      {/* "Load more" is the rows' own: the wide grid reads the next page as it scrolls. */}
      <ListSection
        query={requests}
        loading={
          <div role="status" className="grid gap-2">
            <span className="sr-only">Loading requests...</span>
            <Skeleton className="h-9 w-full max-w-xl" />
            {[0, 1, 2, 3, 4].map((index) => (
              <Skeleton key={index} className="h-10 w-full" />
            ))}
          </div>
        }
        errorTitle="Could not load requests"
        isEmpty={(list) => list.progress.total === 0 && !isFiltered(filter)}
        empty={
          <EmptyState icon={ClipboardList}>
            {canAdd
              ? 'No requests yet. Click "Add Request" or "Add from Template" to ask the client for what the audit needs.'
              : 'No requests for you in this audit yet. Your audit firm will send them here.'}
          </EmptyState>
        }
      >
        {(list) => (
          <>
            <RequestFilters
              filter={filter}
              onChange={setFilter}
              counts={list.counts}
              assignees={firm ? (assignees ?? []) : undefined}
              sections={sections.data}
            />
            <p className="sr-only" aria-live="polite">
              {isFiltered(filter)
                ? `${list.matching} ${list.matching === 1 ? 'request matches' : 'requests match'}`
                : ''}
            </p>
            {list.matching === 0 ? (
              <EmptyState
                icon={ListFilter}
                title="No requests match"
                action={
                  <Button
                    variant="outline"
                    onClick={() => setFilter({ statuses: [], overdue: false, sort: filter.sort })}
                  >
                    Clear filters
                  </Button>
                }
              >
                Nothing in this audit matches these filters.
              </EmptyState>
            ) : (
              // A new filter starts a new selection.
              <MatchingRequests
                key={JSON.stringify(
                  listQuery({ ...filter, sort: { field: 'position', descending: false } }),
                )}
                auditId={auditId}
                rows={list.requests}
                total={list.matching}
                filter={filter}
                onSort={(sort) => setFilter({ ...filter, sort })}
                assignees={assignees}
                firm={firm}
                wide={wide}
                requests={requests}
              />
            )}
          </>
        )}
      </ListSection>
    </section>
  )
}

function MatchingRequests({
  auditId,
  rows,
  total,
  filter,
  onSort,
  assignees,
  firm,
  wide,
  requests,
}: {
  auditId: string
  rows: RequestListRow[]
  total: number
  filter: RequestTableFilter
  onSort: (sort: RequestTableFilter['sort']) => void
  assignees: Assignee[] | undefined
  firm: boolean
  wide: boolean
  requests: PagedState
}) {
  const order = useMemo(() => rows.map((row) => row.id), [rows])
  const selection = useRowSelection(order)
  // The firm chooses requests for bulk actions; a client user acts on one at a time.
  const selectable = firm ? selection : undefined
  const chosen = rows.filter((row) => selection.has(row.id))
  const moves = useDraftMoves(rows, showsDraftOrder(filter))
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = requests
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage()
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage])

  return (
    <>
      {wide ? (
        <RequestGrid
          rows={rows}
          total={total}
          filter={filter}
          onSort={onSort}
          assignees={assignees}
          selection={selectable}
          hasMore={hasNextPage}
          loadMore={loadMore}
          moves={moves}
        />
      ) : (
        <>
          <VirtualList
            label="Requests"
            items={rows}
            total={total}
            getKey={(request) => request.id}
            estimateRowHeight={84}
            gap="none"
            renderItem={(request) => <RequestCard request={request} selection={selectable} />}
          />
          <LoadMore list={requests} label="Load more requests" />
        </>
      )}
      {wide && isFetchNextPageError ? (
        <LoadMore list={requests} label="Load more requests" />
      ) : null}
      {selectable && chosen.length > 0 ? (
        <BulkBar
          auditId={auditId}
          selected={chosen}
          assignees={assignees}
          onDone={selection.clear}
          onClear={selection.clear}
        />
      ) : null}
    </>
  )
}

/** A request as a short card, where the table has no room (phones, narrow windows). */
function RequestCard({
  request,
  selection,
}: {
  request: RequestListRow
  selection: RowSelection | undefined
}) {
  return (
    <div className="flex gap-3 border-b px-1 py-3">
      {selection ? (
        <input
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-primary"
          aria-label={`Select request ${request.number}`}
          checked={selection.has(request.id)}
          onChange={() => selection.toggle(request.id)}
        />
      ) : null}
      <div className="grid min-w-0 flex-1 gap-1.5">
        <p className="min-w-0 truncate font-medium">
          <span className="mr-1.5 text-muted-foreground tabular-nums">
            #{request.number}
            {request.reference ? ` · ${request.reference}` : ''}
          </span>
          <Link
            to={`/requests/${request.id}`}
            className="text-primary underline-offset-4 hover:underline"
          >
            {request.title}
          </Link>
        </p>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <RequestStateBadges request={request} />
          {request.section ? <span className="truncate">{request.section}</span> : null}
          <span className="truncate">{request.assigneeName ?? 'Unassigned'}</span>
          {request.dueDate ? (
            <span>
              Due{' '}
              <time dateTime={request.dueDate} className="tabular-nums">
                {formatCalendarDate(request.dueDate)}
              </time>
            </span>
          ) : null}
          {request.fileCount > 0 ? (
            <span className="tabular-nums">
              {request.fileCount} {request.fileCount === 1 ? 'file' : 'files'}
            </span>
          ) : null}
        </div>
      </div>
    </div>
  )
}

/**
 * Up and Down for drafts, where the table shows the audit's own order (the move call takes a
 * draft's new index among the drafts); the keyboard stays on the moved request's buttons.
 */
function useDraftMoves(rows: AuditRequest[], inDraftOrder: boolean): DraftMoves | undefined {
  const focusAfterMove = useRef<string[] | null>(null)
  const moveRequest = useMoveRequest({
    onError: (error) => toastFailure('Failed to move the request', error),
  })
  const moving = moveRequest.isPending
  const movable = rows.filter((request) => request.allowedActions.includes('move'))

  useEffect(() => {
    const keys = focusAfterMove.current
    if (moving || !keys) return
    focusAfterMove.current = null
    for (const key of keys) {
      const button = document.querySelector<HTMLButtonElement>(`[data-move="${key}"]`)
      if (button && !button.disabled) return button.focus()
    }
  }, [moving, rows])

  if (!inDraftOrder) return undefined
  const move = (request: AuditRequest, position: number, direction: 'up' | 'down') => {
    focusAfterMove.current = [
      `${request.id}:${direction}`,
      `${request.id}:${direction === 'up' ? 'down' : 'up'}`,
    ]
    moveRequest.mutate({ id: request.id, position })
  }
  return {
    moving,
    up: (request) => {
      const index = movable.indexOf(request)
      return index > 0 ? () => move(request, index - 1, 'up') : undefined
    },
    down: (request) => {
      const index = movable.indexOf(request)
      return index >= 0 && index < movable.length - 1
        ? () => move(request, index + 1, 'down')
        : undefined
    },
  }
}
