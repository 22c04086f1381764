import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Dashboard } from '@shared/schemas/dashboard'
import { api } from '@/lib/api'
import { dashboardKeys } from '@/lib/query-keys'

export function getDashboard({ signal }: { signal?: AbortSignal } = {}) {
  return api.get<Dashboard>('/api/dashboard', { signal })
}

export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.all, queryFn: ({ signal }) => getDashboard({ signal }) })

export function useDashboard() {
  return useQuery(dashboardQueryOptions())
}
