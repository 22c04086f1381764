import { templatesApi } from '@shared/api/templates'
import type { Template, UpdateTemplateInput } from '@shared/schemas/templates'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { dashboardQueries } from '@/lib/queries/engagements'
import { templateQueries } from '@/lib/queries/templates'

interface Variables {
  id: string
  input: UpdateTemplateInput
}

export const updateTemplate = ({ id, input }: Variables) =>
  call(templatesApi.update, { params: { id }, body: input })

export const useUpdateTemplate = (options?: MutationOptions<Template, Variables>) =>
  useApiMutation(
    updateTemplate,
    {
      update: (queryClient, template) =>
        queryClient.setQueryData(templateQueries.detail(template.id).queryKey, template),
      invalidates: () => [templateQueries.all, dashboardQueries.all],
    },
    options,
  )
