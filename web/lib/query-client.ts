import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { isApiError } from './api'
import { authQueries } from './queries/auth'

/**
 * The company's policy began holding the user mid-session (every call answers 403
 * MFA_SETUP_REQUIRED): reading the session again shows the set-up page (app/session-guard.tsx).
 */
const onError = (error: unknown) => {
  if (isApiError(error) && error.code === 'MFA_SETUP_REQUIRED')
    void queryClient.invalidateQueries({ queryKey: authQueries.me().queryKey })
}

// Spec §9: no retries, no refetch on focus, no polling, never stale; mutations invalidate what they change.
export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError }),
  mutationCache: new MutationCache({ onError }),
  defaultOptions: {
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
    },
    mutations: {
      retry: false,
    },
  },
})
