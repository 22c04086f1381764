import { authApi } from '@shared/api/auth'
import type { RevokeOtherSessionsReply } from '@shared/schemas/auth'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { sessionQueries } from '@/lib/queries/administration'

/** Signs out every session of the user but this one. */
export const revokeOtherSessions = () => call(authApi.revokeOtherSessions)

export const useRevokeOtherSessions = (options?: MutationOptions<RevokeOtherSessionsReply, void>) =>
  useApiMutation(revokeOtherSessions, { invalidates: () => [sessionQueries.all] }, options)
