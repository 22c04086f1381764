import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Audit, UpdateAuditInput } from '@shared/schemas/audits'
import { api } from '@/lib/api'
import { auditKeys, dashboardKeys } from '@/lib/query-keys'

export function updateAudit({ id, input }: { id: string; input: UpdateAuditInput }) {
  return api.patch<Audit>(`/api/audits/${encodeURIComponent(id)}`, input)
}

export function useUpdateAudit() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateAudit,
    onSuccess: (audit) => {
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: auditKeys.list(audit.projectId) }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ])
    },
  })
}
