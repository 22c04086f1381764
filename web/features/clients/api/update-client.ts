import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Client, UpdateClientInput } from '@shared/schemas/clients'
import { api } from '@/lib/api'
import { clientKeys, dashboardKeys, projectKeys } from '@/lib/query-keys'

export function updateClient({ id, input }: { id: string; input: UpdateClientInput }) {
  return api.patch<Client>(`/api/clients/${encodeURIComponent(id)}`, input)
}

export function useUpdateClient() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateClient,
    onSuccess: (client) => {
      queryClient.setQueryData(clientKeys.detail(client.id), client)
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: clientKeys.all }),
        // Projects show their client's name.
        queryClient.invalidateQueries({ queryKey: projectKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ])
    },
  })
}
