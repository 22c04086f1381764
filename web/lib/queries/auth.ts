import { queryOptions } from '@tanstack/react-query'
import type { authApi } from '@shared/api/auth'
import { endpoint } from '@shared/api/route'
import type { systemApi } from '@shared/api/system'
import { call, isApiError } from '../api'

// Method and path only: the sign-in pages read these, and their initial JS carries no schemas.
const me = endpoint<typeof authApi.me>('GET', '/api/auth/me')
const config = endpoint<typeof systemApi.config>('GET', '/api/config')
const memberships = endpoint<typeof authApi.memberships>('GET', '/api/auth/memberships')

const all = ['auth'] as const

/** The signed-in user and what the public pages read. */
export const authQueries = {
  all,
  /** The signed-in user, or null when there is no session (401). */
  me: () =>
    queryOptions({
      queryKey: [...all, 'me'],
      queryFn: async ({ signal }) => {
        try {
          return await call(me, {}, { signal })
        } catch (error) {
          if (isApiError(error) && error.status === 401) return null
          throw error
        }
      },
    }),
  /** The companies the signed-in person belongs to (the header's switcher). */
  memberships: () =>
    queryOptions({
      queryKey: [...all, 'memberships'],
      queryFn: ({ signal }) => call(memberships, {}, { signal }),
    }),
  publicConfig: () =>
    queryOptions({
      queryKey: ['public-config'],
      queryFn: ({ signal }) => call(config, {}, { signal }),
    }),
}
