import { templateItemsApi } from '@shared/api/templates'
import type { CreateTemplateItemInput, TemplateItem } from '@shared/schemas/templates'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { dashboardQueries } from '@/lib/queries/engagements'
import { templateItemQueries, templateQueries } from '@/lib/queries/templates'

export const createTemplateItem = (body: CreateTemplateItemInput) =>
  call(templateItemsApi.create, { body })

export const useCreateTemplateItem = (
  options?: MutationOptions<TemplateItem, CreateTemplateItemInput>,
) =>
  useApiMutation(
    createTemplateItem,
    {
      invalidates: (item) => [
        templateItemQueries.list(item.templateId).queryKey,
        // Templates show their item count.
        templateQueries.all,
        dashboardQueries.all,
      ],
    },
    options,
  )
