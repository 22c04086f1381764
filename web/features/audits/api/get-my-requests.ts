import { queryOptions, useQuery } from '@tanstack/react-query'
import type { MyRequests } from '@shared/schemas/requests'
import { api } from '@/lib/api'
import { requestKeys } from '@/lib/query-keys'

export function getMyRequests({ signal }: { signal?: AbortSignal } = {}) {
  return api.get<MyRequests>('/api/my-requests', { signal })
}

export const myRequestsQueryOptions = () =>
  queryOptions({ queryKey: requestKeys.mine(), queryFn: ({ signal }) => getMyRequests({ signal }) })

export function useMyRequests() {
  return useQuery(myRequestsQueryOptions())
}
