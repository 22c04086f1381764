import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Invitation } from '@shared/schemas/invitations'
import { api } from '@/lib/api'
import { invitationKeys } from '@/lib/query-keys'

export function getInvitations({ signal }: { signal?: AbortSignal } = {}) {
  return api.get<Invitation[]>('/api/invitations', { signal })
}

export const invitationsQueryOptions = () =>
  queryOptions({
    queryKey: invitationKeys.list(),
    queryFn: ({ signal }) => getInvitations({ signal }),
  })

export function useInvitations() {
  return useQuery(invitationsQueryOptions())
}
