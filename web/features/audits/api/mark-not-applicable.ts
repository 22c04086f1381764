import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AuditRequest } from '@shared/schemas/requests'
import { api } from '@/lib/api'
import { invalidateRequests } from './invalidate'

export function markNotApplicable({ id, reason }: { id: string; reason: string }) {
  return api.post<AuditRequest>(`/api/requests/${encodeURIComponent(id)}/not-applicable`, {
    reason,
  })
}

export function useMarkNotApplicable() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markNotApplicable,
    onSuccess: () => invalidateRequests(queryClient),
  })
}
