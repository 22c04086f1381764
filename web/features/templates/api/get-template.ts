import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Template } from '@shared/schemas/templates'
import { api } from '@/lib/api'
import { templateKeys } from '@/lib/query-keys'

export function getTemplate(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<Template>(`/api/templates/${encodeURIComponent(id)}`, { signal })
}

export const templateQueryOptions = (id: string) =>
  queryOptions({
    queryKey: templateKeys.detail(id),
    queryFn: ({ signal }) => getTemplate(id, { signal }),
  })

export function useTemplate(id: string) {
  return useQuery(templateQueryOptions(id))
}
