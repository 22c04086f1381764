import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { invalidateRequests } from './invalidate'

export function deleteRequest(id: string) {
  return api.delete(`/api/requests/${encodeURIComponent(id)}`)
}

export function useDeleteRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteRequest,
    onSuccess: () => invalidateRequests(queryClient),
  })
}
