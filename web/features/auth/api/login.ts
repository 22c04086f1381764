import type { authApi } from '@shared/api/auth'
import { endpoint } from '@shared/api/route'
import type { LoginInput, LoginReply } from '@shared/schemas/auth'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { authQueries } from '@/lib/queries/auth'

// Method and path only: the public pages' initial JS carries no schemas (decision 012).
const route = endpoint<typeof authApi.login>('POST', '/api/auth/login')

export const login = (body: LoginInput) => call(route, { body })

export const useLogin = (options?: MutationOptions<LoginReply, LoginInput>) =>
  useApiMutation(
    login,
    {
      update: (queryClient, { user }) => queryClient.setQueryData(authQueries.me().queryKey, user),
    },
    options,
  )
