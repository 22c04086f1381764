import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AuditRequest } from '@shared/schemas/requests'
import { api } from '@/lib/api'
import { invalidateRequests } from './invalidate'

export function acceptRequest({ id }: { id: string }) {
  return api.post<AuditRequest>(`/api/requests/${encodeURIComponent(id)}/accept`, {})
}

export function useAcceptRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: acceptRequest,
    onSuccess: () => invalidateRequests(queryClient),
  })
}
