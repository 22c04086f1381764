import { importsApi } from '@shared/api/imports'
import type { ImportMapping, TemplateImportResult } from '@shared/schemas/imports'
import { choiceFields } from '@/components/spreadsheet-import-dialog'
import { upload } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { dashboardQueries } from '@/lib/queries/engagements'
import { templateItemQueries, templateQueries } from '@/lib/queries/templates'

interface Variables {
  templateId: string
  file: File
  sheet?: string
  mapping?: ImportMapping
  signal?: AbortSignal
}

/** Reads the spreadsheet and checks every row as an item; writes nothing. */
export const previewTemplateImport = (variables: Variables) =>
  upload(importsApi.previewTemplate, { params: { id: variables.templateId } }, variables.file, {
    fields: choiceFields(variables),
    signal: variables.signal,
  })

/** Every row as an item after the template's last one, or none. */
export const importTemplateItems = (variables: Variables) =>
  upload(importsApi.importTemplate, { params: { id: variables.templateId } }, variables.file, {
    fields: choiceFields(variables),
    signal: variables.signal,
  })

export const useImportTemplateItems = (
  options?: MutationOptions<TemplateImportResult, Variables>,
) =>
  useApiMutation(
    importTemplateItems,
    {
      invalidates: (_result, { templateId }) => [
        templateItemQueries.list(templateId).queryKey,
        templateQueries.all,
        dashboardQueries.all,
      ],
    },
    options,
  )
