import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Category, UpdateCategoryInput } from '@shared/schemas/templates'
import { api } from '@/lib/api'
import { categoryKeys, dashboardKeys, templateKeys } from '@/lib/query-keys'

export function updateCategory({ id, input }: { id: string; input: UpdateCategoryInput }) {
  return api.patch<Category>(`/api/template-categories/${encodeURIComponent(id)}`, input)
}

export function useUpdateCategory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateCategory,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
        // Templates show their category's name.
        queryClient.invalidateQueries({ queryKey: templateKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]),
  })
}
