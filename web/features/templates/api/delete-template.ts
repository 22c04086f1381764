import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { dashboardKeys, templateItemKeys, templateKeys } from '@/lib/query-keys'

export function deleteTemplate(id: string) {
  return api.delete(`/api/templates/${encodeURIComponent(id)}`)
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: (_, id) => {
      // Its items go with it.
      queryClient.removeQueries({ queryKey: templateKeys.detail(id) })
      queryClient.removeQueries({ queryKey: templateItemKeys.list(id) })
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: templateKeys.list() }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ])
    },
  })
}
