import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AuditRequest, CreateRequestInput } from '@shared/schemas/requests'
import { api } from '@/lib/api'
import { invalidateRequests } from './invalidate'

export function createRequest({ auditId, input }: { auditId: string; input: CreateRequestInput }) {
  return api.post<AuditRequest>(`/api/audits/${encodeURIComponent(auditId)}/requests`, input)
}

export function useCreateRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createRequest,
    onSuccess: () => invalidateRequests(queryClient),
  })
}
