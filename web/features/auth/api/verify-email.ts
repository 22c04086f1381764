import { useMutation } from '@tanstack/react-query'
import type { verifyEmailReply } from '@shared/schemas/auth'
import type { z } from 'zod'
import { api } from '@/lib/api'

export type VerifyEmailReply = z.infer<typeof verifyEmailReply>

export function verifyEmail(input: { token: string }) {
  return api.post<VerifyEmailReply>('/api/auth/verify-email', input)
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail })
}
