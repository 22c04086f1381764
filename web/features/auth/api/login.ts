import { authApi } from '@shared/api/auth'
import type { LoginInput, LoginReply } from '@shared/schemas/auth'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { authQueries } from '@/lib/queries/auth'

export const login = (body: LoginInput) => call(authApi.login, { body })

export const useLogin = (options?: MutationOptions<LoginReply, LoginInput>) =>
  useApiMutation(
    login,
    {
      update: (queryClient, { user }) => queryClient.setQueryData(authQueries.me().queryKey, user),
    },
    options,
  )
