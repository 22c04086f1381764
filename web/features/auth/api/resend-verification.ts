import { useMutation } from '@tanstack/react-query'
import type { EmailOnlyInput, messageReply } from '@shared/schemas/auth'
import type { z } from 'zod'
import { api } from '@/lib/api'

export function resendVerification(input: EmailOnlyInput) {
  return api.post<z.infer<typeof messageReply>>('/api/auth/resend-verification', input)
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification })
}
