import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Client } from '@shared/schemas/clients'
import { api } from '@/lib/api'
import { clientKeys } from '@/lib/query-keys'

export function getClient(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<Client>(`/api/clients/${encodeURIComponent(id)}`, { signal })
}

export const clientQueryOptions = (id: string) =>
  queryOptions({
    queryKey: clientKeys.detail(id),
    queryFn: ({ signal }) => getClient(id, { signal }),
  })

export function useClient(id: string) {
  return useQuery(clientQueryOptions(id))
}
