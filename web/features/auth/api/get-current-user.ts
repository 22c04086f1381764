import { queryOptions, useQuery } from '@tanstack/react-query'
import type { CurrentUser } from '@shared/schemas/auth'
import { api, isApiError } from '@/lib/api'
import { authKeys } from './keys'

/** The signed-in user, or null when there is no session (401). */
export async function getCurrentUser({
  signal,
}: { signal?: AbortSignal } = {}): Promise<CurrentUser | null> {
  try {
    const user = await api.get<CurrentUser>('/api/auth/me', { signal })
    if (typeof user !== 'object' || user === null || typeof user.id !== 'string' || !user.company) {
      throw new Error('Unexpected reply from /api/auth/me')
    }
    return user
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null
    throw error
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.me(),
    queryFn: ({ signal }) => getCurrentUser({ signal }),
    retry: false,
  })

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions())
}
