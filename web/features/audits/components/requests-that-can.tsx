import { REQUEST_RULES } from '@shared/request-rules'
import type { RequestAction } from '@shared/access'
import type { AuditRequest } from '@shared/schemas/requests'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useEffect, type ReactNode } from 'react'
import { QueryErrorState } from '@/components/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { requestQueries } from '@/lib/queries/requests'

/** The requests a dialog works on: given (the table's selection), or read when it opens. */
export type RequestSource = AuditRequest[] | { auditId: string; action: RequestAction }

/**
 * Hands `children` the requests of `source`; for an audit and an action, every request of the
 * audit that can take it now, read (every page of the statuses the action allows) when shown.
 */
export function RequestsThatCan({
  source,
  children,
}: {
  source: RequestSource
  children: (requests: AuditRequest[]) => ReactNode
}) {
  if (Array.isArray(source)) return children(source)
  return (
    <ReadRequests auditId={source.auditId} action={source.action}>
      {children}
    </ReadRequests>
  )
}

function ReadRequests({
  auditId,
  action,
  children,
}: {
  auditId: string
  action: RequestAction
  children: (requests: AuditRequest[]) => ReactNode
}) {
  const list = useInfiniteQuery(
    requestQueries.auditList(auditId, { status: REQUEST_RULES[action].when.join(',') }),
  )
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = list
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage()
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage])

  if (list.isError) return <QueryErrorState title="Could not load requests" query={list} />
  if (list.isPending || hasNextPage)
    return (
      <div role="status" className="grid gap-2">
        <span className="sr-only">Loading requests...</span>
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    )
  return children(list.data.requests.filter((request) => request.allowedActions.includes(action)))
}
