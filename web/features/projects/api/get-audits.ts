import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Audit } from '@shared/schemas/audits'
import { api } from '@/lib/api'
import { auditKeys } from '@/lib/query-keys'

export function getAudits(projectId: string, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<Audit[]>(`/api/audits?projectId=${encodeURIComponent(projectId)}`, { signal })
}

export const auditsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: auditKeys.list(projectId),
    queryFn: ({ signal }) => getAudits(projectId, { signal }),
  })

export function useAudits(projectId: string) {
  return useQuery(auditsQueryOptions(projectId))
}
