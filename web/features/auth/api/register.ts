import { useMutation } from '@tanstack/react-query'
import type { RegisterInput, registerReply } from '@shared/schemas/auth'
import type { z } from 'zod'
import { api } from '@/lib/api'

export type RegisterReply = z.infer<typeof registerReply>

export function register(input: RegisterInput) {
  return api.post<RegisterReply>('/api/auth/register', input)
}

export function useRegister() {
  return useMutation({ mutationFn: register })
}
