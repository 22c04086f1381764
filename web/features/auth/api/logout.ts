import type { authApi } from '@shared/api/auth'
import { endpoint } from '@shared/api/route'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { authQueries } from '@/lib/queries/auth'

// Method and path only: the public pages' initial JS carries no schemas (decision 012).
const route = endpoint<typeof authApi.logout>('POST', '/api/auth/logout')

export const logout = () => call(route)

export const useLogout = (options?: MutationOptions<void, void>) =>
  useApiMutation(
    logout,
    { update: (queryClient) => queryClient.setQueryData(authQueries.me().queryKey, null) },
    options,
  )
