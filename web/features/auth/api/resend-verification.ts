import type { authApi } from '@shared/api/auth'
import { endpoint } from '@shared/api/route'
import type { EmailOnlyInput } from '@shared/schemas/auth'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'

// Method and path only: the public pages' initial JS carries no schemas (decision 012).
const route = endpoint<typeof authApi.resendVerification>('POST', '/api/auth/resend-verification')

type Reply = Awaited<ReturnType<typeof resendVerification>>

export const resendVerification = (body: EmailOnlyInput) => call(route, { body })

export const useResendVerification = (options?: MutationOptions<Reply, EmailOnlyInput>) =>
  useApiMutation(resendVerification, {}, options)
