import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CurrentUser, LoginInput } from '@shared/schemas/auth'
import { api } from '@/lib/api'
import { authKeys } from './keys'

export function login(input: LoginInput) {
  return api.post<{ user: CurrentUser }>('/api/auth/login', input)
}

export function useLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(authKeys.me(), user)
    },
  })
}
