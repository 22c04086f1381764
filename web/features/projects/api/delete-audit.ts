import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { auditKeys, dashboardKeys } from '@/lib/query-keys'

export function deleteAudit({ id }: { id: string; projectId: string }) {
  return api.delete(`/api/audits/${encodeURIComponent(id)}`)
}

export function useDeleteAudit() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteAudit,
    onSuccess: (_, { id, projectId }) => {
      queryClient.removeQueries({ queryKey: auditKeys.detail(id) })
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: auditKeys.list(projectId) }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ])
    },
  })
}
