import { queryOptions, useQuery } from '@tanstack/react-query'
import type { RequestComment } from '@shared/schemas/requests'
import { api } from '@/lib/api'
import { requestKeys } from '@/lib/query-keys'

export function getComments(requestId: string, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<RequestComment[]>(`/api/requests/${encodeURIComponent(requestId)}/comments`, {
    signal,
  })
}

export const commentsQueryOptions = (requestId: string) =>
  queryOptions({
    queryKey: requestKeys.comments(requestId),
    queryFn: ({ signal }) => getComments(requestId, { signal }),
  })

export function useComments(requestId: string) {
  return useQuery(commentsQueryOptions(requestId))
}
