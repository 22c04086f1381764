import { authApi } from '@shared/api/auth'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { authQueries } from '@/lib/queries/auth'

export const logout = () => call(authApi.logout)

export const useLogout = (options?: MutationOptions<void, void>) =>
  useApiMutation(
    logout,
    { update: (queryClient) => queryClient.setQueryData(authQueries.me().queryKey, null) },
    options,
  )
