import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { RequestComment } from '@shared/schemas/requests'
import { api } from '@/lib/api'
import { requestKeys } from '@/lib/query-keys'

export function createComment({
  requestId,
  body,
  internal,
}: {
  requestId: string
  body: string
  internal: boolean
}) {
  return api.post<RequestComment>(`/api/requests/${encodeURIComponent(requestId)}/comments`, {
    body,
    internal,
  })
}

export function useCreateComment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createComment,
    // Internal notes come with the request detail, comments with their own list.
    onSuccess: (_comment, { requestId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: requestKeys.comments(requestId) }),
        queryClient.invalidateQueries({ queryKey: requestKeys.detail(requestId) }),
      ]),
  })
}
