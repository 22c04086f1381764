import { authApi } from '@shared/api/auth'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { sessionQueries } from '@/lib/queries/administration'

export const revokeSession = (id: string) => call(authApi.revokeSession, { params: { id } })

export const useRevokeSession = (options?: MutationOptions<void, string>) =>
  useApiMutation(revokeSession, { invalidates: () => [sessionQueries.all] }, options)
