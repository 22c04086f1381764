import { useQuery } from '@tanstack/react-query'
import type { Template } from '@shared/schemas/templates'
import { api } from '@/lib/api'
import { templateKeys } from '@/lib/query-keys'

// The templates list (same key and call as the Templates page), for "Add from template".
export function getTemplates({ signal }: { signal?: AbortSignal } = {}) {
  return api.get<Template[]>('/api/templates', { signal })
}

export function useTemplateOptions() {
  return useQuery({
    queryKey: templateKeys.list(),
    queryFn: ({ signal }) => getTemplates({ signal }),
  })
}
