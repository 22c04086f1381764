import { queryOptions, useQuery } from '@tanstack/react-query'
import type { RequestDetail } from '@shared/schemas/requests'
import { api } from '@/lib/api'
import { requestKeys } from '@/lib/query-keys'

export function getRequest(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<RequestDetail>(`/api/requests/${encodeURIComponent(id)}`, { signal })
}

export const requestQueryOptions = (id: string) =>
  queryOptions({
    queryKey: requestKeys.detail(id),
    queryFn: ({ signal }) => getRequest(id, { signal }),
  })

export function useRequest(id: string) {
  return useQuery(requestQueryOptions(id))
}
