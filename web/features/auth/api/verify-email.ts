import type { authApi } from '@shared/api/auth'
import { endpoint } from '@shared/api/route'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'

// Method and path only: the public pages' initial JS carries no schemas (decision 012).
const route = endpoint<typeof authApi.verifyEmail>('POST', '/api/auth/verify-email')

export type VerifyEmailReply = Awaited<ReturnType<typeof verifyEmail>>

/** `password`: when the link is opened in another browser than the registering one. */
export interface VerifyEmailBody {
  token: string
  password?: string
}

export const verifyEmail = (body: VerifyEmailBody) => call(route, { body })

export const useVerifyEmail = (options?: MutationOptions<VerifyEmailReply, VerifyEmailBody>) =>
  useApiMutation(verifyEmail, {}, options)
