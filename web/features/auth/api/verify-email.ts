import { authApi } from '@shared/api/auth'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'

export type VerifyEmailReply = Awaited<ReturnType<typeof verifyEmail>>

export const verifyEmail = (body: { token: string }) => call(authApi.verifyEmail, { body })

export const useVerifyEmail = (options?: MutationOptions<VerifyEmailReply, { token: string }>) =>
  useApiMutation(verifyEmail, {}, options)
