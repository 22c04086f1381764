import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AuditRequest } from '@shared/schemas/requests'
import { api } from '@/lib/api'
import { invalidateRequests } from './invalidate'

/** Sends the chosen drafts, or every draft when `requestIds` is omitted. */
export function sendRequests({ auditId, requestIds }: { auditId: string; requestIds?: string[] }) {
  return api.post<AuditRequest[]>(
    `/api/audits/${encodeURIComponent(auditId)}/send`,
    requestIds ? { requestIds } : {},
  )
}

export function useSendRequests() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: sendRequests, onSuccess: () => invalidateRequests(queryClient) })
}
