import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ChangePasswordInput } from '@shared/schemas/auth'
import { api } from '@/lib/api'
import { sessionKeys } from '@/lib/query-keys'

/** Ends the user's other sessions; a wrong current password answers 400 with a field error. */
export function changePassword(input: ChangePasswordInput) {
  return api.post<unknown>('/api/auth/change-password', input)
}

export function useChangePassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  })
}
