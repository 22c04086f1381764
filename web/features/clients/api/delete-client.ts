import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { clientKeys, dashboardKeys } from '@/lib/query-keys'

export function deleteClient(id: string) {
  return api.delete(`/api/clients/${encodeURIComponent(id)}`)
}

export function useDeleteClient() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteClient,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: clientKeys.detail(id) })
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: clientKeys.list() }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ])
    },
  })
}
