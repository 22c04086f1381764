import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Category } from '@shared/schemas/templates'
import { api } from '@/lib/api'
import { categoryKeys } from '@/lib/query-keys'

export function getCategories({ signal }: { signal?: AbortSignal } = {}) {
  return api.get<Category[]>('/api/template-categories', { signal })
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: categoryKeys.list(),
    queryFn: ({ signal }) => getCategories({ signal }),
  })

export function useCategories() {
  return useQuery(categoriesQueryOptions())
}
