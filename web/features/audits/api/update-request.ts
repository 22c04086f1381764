import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AuditRequest, UpdateRequestInput } from '@shared/schemas/requests'
import { api } from '@/lib/api'
import { invalidateRequests } from './invalidate'

export function updateRequest({ id, input }: { id: string; input: UpdateRequestInput }) {
  return api.patch<AuditRequest>(`/api/requests/${encodeURIComponent(id)}`, input)
}

export function useUpdateRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateRequest,
    onSuccess: () => invalidateRequests(queryClient),
  })
}
