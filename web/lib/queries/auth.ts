import { queryOptions } from '@tanstack/react-query'
import { authApi } from '@shared/api/auth'
import { systemApi } from '@shared/api/system'
import { call, isApiError } from '../api'

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
          return await call(authApi.me, {}, { signal })
        } catch (error) {
          if (isApiError(error) && error.status === 401) return null
          throw error
        }
      },
    }),
  publicConfig: () =>
    queryOptions({
      queryKey: ['public-config'],
      queryFn: ({ signal }) => call(systemApi.config, {}, { signal }),
    }),
}
