import type { authApi } from '@shared/api/auth'
import { endpoint } from '@shared/api/route'
import type { ResetPasswordInput } from '@shared/schemas/auth'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'

// Method and path only: the public pages' initial JS carries no schemas (decision 012).
const route = endpoint<typeof authApi.resetPassword>('POST', '/api/auth/reset-password')

type Reply = Awaited<ReturnType<typeof resetPassword>>

export const resetPassword = (body: ResetPasswordInput) => call(route, { body })

export const useResetPassword = (options?: MutationOptions<Reply, ResetPasswordInput>) =>
  useApiMutation(resetPassword, {}, options)
