import type { authApi } from '@shared/api/auth'
import { endpoint } from '@shared/api/route'
import type { RegisterInput } from '@shared/schemas/auth'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'

// Method and path only: the public pages' initial JS carries no schemas (decision 012).
const route = endpoint<typeof authApi.register>('POST', '/api/auth/register')

export type RegisterReply = Awaited<ReturnType<typeof register>>

export const register = (body: RegisterInput) => call(route, { body })

export const useRegister = (options?: MutationOptions<RegisterReply, RegisterInput>) =>
  useApiMutation(register, {}, options)
