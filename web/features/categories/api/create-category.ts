import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Category, CreateCategoryInput } from '@shared/schemas/templates'
import { api } from '@/lib/api'
import { categoryKeys, dashboardKeys } from '@/lib/query-keys'

export function createCategory(input: CreateCategoryInput) {
  return api.post<Category>('/api/template-categories', input)
}

export function useCreateCategory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]),
  })
}
