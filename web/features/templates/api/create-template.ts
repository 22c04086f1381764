import { templatesApi } from '@shared/api/templates'
import type { CreateTemplateInput, Template } from '@shared/schemas/templates'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { dashboardQueries } from '@/lib/queries/engagements'
import { templateQueries } from '@/lib/queries/templates'

export const createTemplate = (body: CreateTemplateInput) => call(templatesApi.create, { body })

export const useCreateTemplate = (options?: MutationOptions<Template, CreateTemplateInput>) =>
  useApiMutation(
    createTemplate,
    { invalidates: () => [templateQueries.all, dashboardQueries.all] },
    options,
  )
