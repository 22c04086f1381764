import { useMutation } from '@tanstack/react-query'
import type { messageReply, ResetPasswordInput } from '@shared/schemas/auth'
import type { z } from 'zod'
import { api } from '@/lib/api'

export function resetPassword(input: ResetPasswordInput) {
  return api.post<z.infer<typeof messageReply>>('/api/auth/reset-password', input)
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword })
}
