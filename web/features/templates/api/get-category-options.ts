import { useQuery } from '@tanstack/react-query'
import type { Category } from '@shared/schemas/templates'
import { api } from '@/lib/api'
import { categoryKeys } from '@/lib/query-keys'

// The categories list (same key and call as the Categories page), for the template dialog's select.
export function getCategories({ signal }: { signal?: AbortSignal } = {}) {
  return api.get<Category[]>('/api/template-categories', { signal })
}

export function useCategoryOptions() {
  return useQuery({
    queryKey: categoryKeys.list(),
    queryFn: ({ signal }) => getCategories({ signal }),
  })
}
