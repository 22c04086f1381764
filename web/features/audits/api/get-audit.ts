import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Audit } from '@shared/schemas/audits'
import { api } from '@/lib/api'
import { auditKeys } from '@/lib/query-keys'

export function getAudit(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<Audit>(`/api/audits/${encodeURIComponent(id)}`, { signal })
}

export const auditQueryOptions = (id: string) =>
  queryOptions({
    queryKey: auditKeys.detail(id),
    queryFn: ({ signal }) => getAudit(id, { signal }),
  })

export function useAudit(id: string) {
  return useQuery(auditQueryOptions(id))
}
