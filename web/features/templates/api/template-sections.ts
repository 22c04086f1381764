import { templatesApi } from '@shared/api/templates'
import type { MoveSectionInput, TemplateSection } from '@shared/schemas/templates'
import { queryOptions } from '@tanstack/react-query'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { templateItemQueries, templateQueries } from '@/lib/queries/templates'

/** The template's sections in order (they follow its items: refetched with them). */
export const templateSectionsQuery = (templateId: string) =>
  queryOptions({
    queryKey: [...templateItemQueries.list(templateId).queryKey, 'sections'],
    queryFn: ({ signal }) =>
      call(templatesApi.sections, { params: { id: templateId } }, { signal }),
  })

interface Variables {
  templateId: string
  input: MoveSectionInput
}

export const moveSection = ({ templateId, input }: Variables) =>
  call(templatesApi.moveSection, { params: { id: templateId }, body: input })

export const useMoveSection = (options?: MutationOptions<TemplateSection[], Variables>) =>
  useApiMutation(
    moveSection,
    {
      update: (queryClient, sections, { templateId }) =>
        queryClient.setQueryData(templateSectionsQuery(templateId).queryKey, sections),
      invalidates: (_sections, { templateId }) => [
        templateItemQueries.list(templateId).queryKey,
        templateQueries.detail(templateId).queryKey,
      ],
    },
    options,
  )
