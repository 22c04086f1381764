import { QueryClientProvider } from '@tanstack/react-query'
import { Outlet } from 'react-router'
import { queryClient } from '@/lib/query-client'

/**
 * Provides TanStack Query to every route but the landing page, which makes no API calls; this
 * keeps query-core out of the landing page's initial JS (quality budget: 120 KB gzip).
 */
export function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  )
}
