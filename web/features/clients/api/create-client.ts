import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Client, CreateClientInput } from '@shared/schemas/clients'
import { api } from '@/lib/api'
import { clientKeys, dashboardKeys } from '@/lib/query-keys'

export function createClient(input: CreateClientInput) {
  return api.post<Client>('/api/clients', input)
}

export function useCreateClient() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createClient,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: clientKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]),
  })
}
