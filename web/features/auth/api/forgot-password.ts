import { useMutation } from '@tanstack/react-query'
import type { EmailOnlyInput, messageReply } from '@shared/schemas/auth'
import type { z } from 'zod'
import { api } from '@/lib/api'

export function forgotPassword(input: EmailOnlyInput) {
  return api.post<z.infer<typeof messageReply>>('/api/auth/forgot-password', input)
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword })
}
