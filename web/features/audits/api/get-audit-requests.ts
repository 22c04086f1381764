import { queryOptions, useQuery } from '@tanstack/react-query'
import type { RequestList } from '@shared/schemas/requests'
import { api } from '@/lib/api'
import { requestKeys } from '@/lib/query-keys'

export function getAuditRequests(auditId: string, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<RequestList>(`/api/audits/${encodeURIComponent(auditId)}/requests`, { signal })
}

export const auditRequestsQueryOptions = (auditId: string) =>
  queryOptions({
    queryKey: requestKeys.auditList(auditId),
    queryFn: ({ signal }) => getAuditRequests(auditId, { signal }),
  })

export function useAuditRequests(auditId: string) {
  return useQuery(auditRequestsQueryOptions(auditId))
}
