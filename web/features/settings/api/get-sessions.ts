import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Session } from '@shared/schemas/auth'
import { api } from '@/lib/api'
import { sessionKeys } from '@/lib/query-keys'

/** The user's unexpired sessions, most recently seen first. */
export function getSessions({ signal }: { signal?: AbortSignal } = {}) {
  return api.get<Session[]>('/api/auth/sessions', { signal })
}

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: sessionKeys.list(), queryFn: ({ signal }) => getSessions({ signal }) })

export function useSessions() {
  return useQuery(sessionsQueryOptions())
}
