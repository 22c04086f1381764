import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AuditRequest } from '@shared/schemas/requests'
import { api } from '@/lib/api'
import { invalidateRequests } from './invalidate'

export function returnRequest({ id, reason }: { id: string; reason: string }) {
  return api.post<AuditRequest>(`/api/requests/${encodeURIComponent(id)}/return`, { reason })
}

export function useReturnRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: returnRequest,
    onSuccess: () => invalidateRequests(queryClient),
  })
}
