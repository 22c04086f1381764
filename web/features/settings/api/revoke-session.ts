import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { sessionKeys } from '@/lib/query-keys'

export function revokeSession(id: string) {
  return api.delete(`/api/auth/sessions/${encodeURIComponent(id)}`)
}

export function useRevokeSession() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: revokeSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  })
}
