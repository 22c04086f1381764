import { useQuery } from '@tanstack/react-query'
import type { Client } from '@shared/schemas/clients'
import { api } from '@/lib/api'
import { clientKeys } from '@/lib/query-keys'

// The clients list (same key and call as the Clients page), for choosing a client user's client.
export function getClients({ signal }: { signal?: AbortSignal } = {}) {
  return api.get<Client[]>('/api/clients', { signal })
}

export function useClientOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: clientKeys.list(),
    queryFn: ({ signal }) => getClients({ signal }),
    enabled,
  })
}
