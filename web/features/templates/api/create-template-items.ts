import { templateItemsApi } from '@shared/api/templates'
import type { BulkCreateTemplateItemsInput, TemplateItem } from '@shared/schemas/templates'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { dashboardQueries } from '@/lib/queries/engagements'
import { templateItemQueries, templateQueries } from '@/lib/queries/templates'

/** Several items at once, one per title, after the template's last item (all or nothing). */
export const createTemplateItems = (body: BulkCreateTemplateItemsInput) =>
  call(templateItemsApi.bulkCreate, { body })

export const useCreateTemplateItems = (
  options?: MutationOptions<TemplateItem[], BulkCreateTemplateItemsInput>,
) =>
  useApiMutation(
    createTemplateItems,
    {
      invalidates: (_items, { templateId }) => [
        templateItemQueries.list(templateId).queryKey,
        // Templates show their item count.
        templateQueries.all,
        dashboardQueries.all,
      ],
    },
    options,
  )
