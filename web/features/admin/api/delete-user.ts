import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { dashboardKeys, userKeys } from '@/lib/query-keys'

export function deleteUser(id: string) {
  return api.delete(`/api/users/${encodeURIComponent(id)}`)
}

export function useDeleteUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]),
  })
}
