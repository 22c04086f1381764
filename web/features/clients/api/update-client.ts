import { clientsApi } from '@shared/api/engagements'
import type { Client, UpdateClientInput } from '@shared/schemas/clients'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { clientQueries, dashboardQueries, projectQueries } from '@/lib/queries/engagements'

interface Variables {
  id: string
  input: UpdateClientInput
}

export const updateClient = ({ id, input }: Variables) =>
  call(clientsApi.update, { params: { id }, body: input })

export const useUpdateClient = (options?: MutationOptions<Client, Variables>) =>
  useApiMutation(
    updateClient,
    {
      update: (queryClient, client) =>
        queryClient.setQueryData(clientQueries.detail(client.id).queryKey, client),
      // Projects show their client's name.
      invalidates: () => [clientQueries.all, projectQueries.all, dashboardQueries.all],
    },
    options,
  )
