import { authApi } from '@shared/api/auth'
import type { EmailOnlyInput } from '@shared/schemas/auth'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'

type Reply = Awaited<ReturnType<typeof resendVerification>>

export const resendVerification = (body: EmailOnlyInput) =>
  call(authApi.resendVerification, { body })

export const useResendVerification = (options?: MutationOptions<Reply, EmailOnlyInput>) =>
  useApiMutation(resendVerification, {}, options)
