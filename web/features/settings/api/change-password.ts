import { authApi } from '@shared/api/auth'
import type { ChangePasswordInput } from '@shared/schemas/auth'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { sessionQueries } from '@/lib/queries/administration'

type Reply = Awaited<ReturnType<typeof changePassword>>

/** Ends the user's other sessions; a wrong current password answers 400 with a field error. */
export const changePassword = (body: ChangePasswordInput) => call(authApi.changePassword, { body })

export const useChangePassword = (options?: MutationOptions<Reply, ChangePasswordInput>) =>
  useApiMutation(changePassword, { invalidates: () => [sessionQueries.all] }, options)
