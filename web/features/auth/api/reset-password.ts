import { authApi } from '@shared/api/auth'
import type { ResetPasswordInput } from '@shared/schemas/auth'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'

type Reply = Awaited<ReturnType<typeof resetPassword>>

export const resetPassword = (body: ResetPasswordInput) => call(authApi.resetPassword, { body })

export const useResetPassword = (options?: MutationOptions<Reply, ResetPasswordInput>) =>
  useApiMutation(resetPassword, {}, options)
