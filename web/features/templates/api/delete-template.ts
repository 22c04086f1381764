import { templatesApi } from '@shared/api/templates'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { dashboardQueries } from '@/lib/queries/engagements'
import { templateItemQueries, templateQueries } from '@/lib/queries/templates'

export const deleteTemplate = (id: string) => call(templatesApi.remove, { params: { id } })

export const useDeleteTemplate = (options?: MutationOptions<void, string>) =>
  useApiMutation(
    deleteTemplate,
    {
      // Its items go with it.
      update: (queryClient, _, id) => {
        queryClient.removeQueries({ queryKey: templateQueries.detail(id).queryKey })
        queryClient.removeQueries({ queryKey: templateItemQueries.list(id).queryKey })
      },
      invalidates: () => [templateQueries.lists, dashboardQueries.all],
    },
    options,
  )
