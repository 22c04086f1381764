import type { authApi } from '@shared/api/auth'
import { endpoint } from '@shared/api/route'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'

// Method and path only: the public pages' initial JS carries no schemas (decision 012).
const route = endpoint<typeof authApi.verifyEmail>('POST', '/api/auth/verify-email')

export type VerifyEmailReply = Awaited<ReturnType<typeof verifyEmail>>

export const verifyEmail = (body: { token: string }) => call(route, { body })

export const useVerifyEmail = (options?: MutationOptions<VerifyEmailReply, { token: string }>) =>
  useApiMutation(verifyEmail, {}, options)
