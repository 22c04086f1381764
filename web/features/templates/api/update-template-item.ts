import { templateItemsApi } from '@shared/api/templates'
import type { TemplateItem, UpdateTemplateItemInput } from '@shared/schemas/templates'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { dashboardQueries } from '@/lib/queries/engagements'
import { templateItemQueries } from '@/lib/queries/templates'

interface Variables {
  id: string
  input: UpdateTemplateItemInput
}

export const updateTemplateItem = ({ id, input }: Variables) =>
  call(templateItemsApi.update, { params: { id }, body: input })

export const useUpdateTemplateItem = (options?: MutationOptions<TemplateItem, Variables>) =>
  useApiMutation(
    updateTemplateItem,
    {
      invalidates: (item) => [
        templateItemQueries.list(item.templateId).queryKey,
        dashboardQueries.all,
      ],
    },
    options,
  )
