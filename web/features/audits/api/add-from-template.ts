import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AuditRequest } from '@shared/schemas/requests'
import { api } from '@/lib/api'
import { invalidateRequests } from './invalidate'

export function addFromTemplate({ auditId, templateId }: { auditId: string; templateId: string }) {
  return api.post<AuditRequest[]>(
    `/api/audits/${encodeURIComponent(auditId)}/requests/from-template`,
    { templateId },
  )
}

export function useAddFromTemplate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addFromTemplate,
    onSuccess: () => invalidateRequests(queryClient),
  })
}
