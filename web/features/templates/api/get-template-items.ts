import { queryOptions, useQuery } from '@tanstack/react-query'
import type { TemplateItem } from '@shared/schemas/templates'
import { api } from '@/lib/api'
import { templateItemKeys } from '@/lib/query-keys'

export function getTemplateItems(templateId: string, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<TemplateItem[]>(
    `/api/template-items?templateId=${encodeURIComponent(templateId)}`,
    { signal },
  )
}

export const templateItemsQueryOptions = (templateId: string) =>
  queryOptions({
    queryKey: templateItemKeys.list(templateId),
    queryFn: ({ signal }) => getTemplateItems(templateId, { signal }),
  })

export function useTemplateItems(templateId: string) {
  return useQuery(templateItemsQueryOptions(templateId))
}
