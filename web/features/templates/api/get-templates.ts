import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Template } from '@shared/schemas/templates'
import { api } from '@/lib/api'
import { templateKeys } from '@/lib/query-keys'

export function getTemplates({ signal }: { signal?: AbortSignal } = {}) {
  return api.get<Template[]>('/api/templates', { signal })
}

export const templatesQueryOptions = () =>
  queryOptions({ queryKey: templateKeys.list(), queryFn: ({ signal }) => getTemplates({ signal }) })

export function useTemplates() {
  return useQuery(templatesQueryOptions())
}
