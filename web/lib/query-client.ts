import { QueryClient } from '@tanstack/react-query'

// Spec §9: no retries, no refetch on focus, no polling, never stale; mutations invalidate what they change.
export const queryClient = new QueryClient({
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
