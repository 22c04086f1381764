import { templateItemsApi } from '@shared/api/templates'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { dashboardQueries } from '@/lib/queries/engagements'
import { templateItemQueries, templateQueries } from '@/lib/queries/templates'

interface Variables {
  id: string
  /** Whose list to refresh. */
  templateId: string
}

export const deleteTemplateItem = ({ id }: Variables) =>
  call(templateItemsApi.remove, { params: { id } })

export const useDeleteTemplateItem = (options?: MutationOptions<void, Variables>) =>
  useApiMutation(
    deleteTemplateItem,
    {
      invalidates: (_, { templateId }) => [
        templateItemQueries.list(templateId).queryKey,
        // Templates show their item count.
        templateQueries.all,
        dashboardQueries.all,
      ],
    },
    options,
  )
