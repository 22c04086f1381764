import { authApi } from '@shared/api/auth'
import type { RegisterInput } from '@shared/schemas/auth'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'

export type RegisterReply = Awaited<ReturnType<typeof register>>

export const register = (body: RegisterInput) => call(authApi.register, { body })

export const useRegister = (options?: MutationOptions<RegisterReply, RegisterInput>) =>
  useApiMutation(register, {}, options)
