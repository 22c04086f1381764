import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UpdateUserInput, User } from '@shared/schemas/users'
import { api } from '@/lib/api'
import { dashboardKeys, userKeys } from '@/lib/query-keys'

export function updateUser({ id, input }: { id: string; input: UpdateUserInput }) {
  return api.patch<User>(`/api/users/${encodeURIComponent(id)}`, input)
}

export function useUpdateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        // The change shows in Recent Activity.
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]),
  })
}
