import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Client } from '@shared/schemas/clients'
import { api } from '@/lib/api'
import { clientKeys } from '@/lib/query-keys'

export function getClients({ signal }: { signal?: AbortSignal } = {}) {
  return api.get<Client[]>('/api/clients', { signal })
}

export const clientsQueryOptions = () =>
  queryOptions({ queryKey: clientKeys.list(), queryFn: ({ signal }) => getClients({ signal }) })

export function useClients() {
  return useQuery(clientsQueryOptions())
}
