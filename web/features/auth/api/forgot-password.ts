import { authApi } from '@shared/api/auth'
import type { EmailOnlyInput } from '@shared/schemas/auth'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'

type Reply = Awaited<ReturnType<typeof forgotPassword>>

export const forgotPassword = (body: EmailOnlyInput) => call(authApi.forgotPassword, { body })

export const useForgotPassword = (options?: MutationOptions<Reply, EmailOnlyInput>) =>
  useApiMutation(forgotPassword, {}, options)
