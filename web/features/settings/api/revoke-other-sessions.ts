import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { RevokeOtherSessionsReply } from '@shared/schemas/auth'
import { api } from '@/lib/api'
import { sessionKeys } from '@/lib/query-keys'

/** Signs out every session of the user but this one. */
export function revokeOtherSessions() {
  return api.post<RevokeOtherSessionsReply>('/api/auth/sessions/revoke-others')
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  })
}
