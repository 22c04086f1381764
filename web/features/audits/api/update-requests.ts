import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AuditRequest, BulkUpdateRequestsInput } from '@shared/schemas/requests'
import { api } from '@/lib/api'
import { invalidateRequests } from './invalidate'

/** The assignee and/or due date of several requests of one audit: all or nothing. */
export function updateRequests({
  auditId,
  input,
}: {
  auditId: string
  input: BulkUpdateRequestsInput
}) {
  return api.patch<AuditRequest[]>(`/api/audits/${encodeURIComponent(auditId)}/requests`, input)
}

export function useUpdateRequests() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateRequests,
    onSuccess: () => invalidateRequests(queryClient),
  })
}
