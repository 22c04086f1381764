import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Audit, CreateAuditInput } from '@shared/schemas/audits'
import { api } from '@/lib/api'
import { auditKeys, dashboardKeys } from '@/lib/query-keys'

export function createAudit(input: CreateAuditInput) {
  return api.post<Audit>('/api/audits', input)
}

export function useCreateAudit() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createAudit,
    onSuccess: (audit) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: auditKeys.list(audit.projectId) }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]),
  })
}
