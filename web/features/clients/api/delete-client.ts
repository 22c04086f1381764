import { clientsApi } from '@shared/api/engagements'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { clientQueries, dashboardQueries } from '@/lib/queries/engagements'

export const deleteClient = (id: string) => call(clientsApi.remove, { params: { id } })

export const useDeleteClient = (options?: MutationOptions<void, string>) =>
  useApiMutation(
    deleteClient,
    {
      update: (queryClient, _, id) =>
        queryClient.removeQueries({ queryKey: clientQueries.detail(id).queryKey }),
      invalidates: () => [clientQueries.lists, dashboardQueries.all],
    },
    options,
  )
