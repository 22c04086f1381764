import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AuditRequest } from '@shared/schemas/requests'
import { api } from '@/lib/api'
import { invalidateRequests } from './invalidate'

export function submitRequest({ id, response }: { id: string; response: string | null }) {
  return api.post<AuditRequest>(`/api/requests/${encodeURIComponent(id)}/submit`, { response })
}

export function useSubmitRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: submitRequest,
    onSuccess: () => invalidateRequests(queryClient),
  })
}
