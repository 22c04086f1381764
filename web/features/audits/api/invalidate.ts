import type { QueryClient } from '@tanstack/react-query'
import { dashboardKeys, requestKeys } from '@/lib/query-keys'

/** After any request change: the audit's list, every request detail and My requests, the dashboard. */
export function invalidateRequests(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: requestKeys.all }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
  ])
}
