import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { dashboardKeys, projectKeys } from '@/lib/query-keys'

export function deleteProject(id: string) {
  return api.delete(`/api/projects/${encodeURIComponent(id)}`)
}

export function useDeleteProject() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: projectKeys.detail(id) })
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.list() }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ])
    },
  })
}
