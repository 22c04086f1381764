import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CurrentUser, UpdateProfileInput } from '@shared/schemas/auth'
import { api } from '@/lib/api'
import { authKeys } from '@/lib/query-keys'

/** Answers with the current user. */
export function updateProfile(input: UpdateProfileInput) {
  return api.patch<CurrentUser>('/api/auth/profile', input)
}

export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    // The header (and everything else reading the session) shows the new name at once.
    onSuccess: (user) => queryClient.setQueryData(authKeys.me(), user),
  })
}
