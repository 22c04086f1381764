import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { categoryKeys, dashboardKeys, templateKeys } from '@/lib/query-keys'

export function deleteCategory(id: string) {
  return api.delete(`/api/template-categories/${encodeURIComponent(id)}`)
}

export function useDeleteCategory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
        // Its templates stay, now without a category.
        queryClient.invalidateQueries({ queryKey: templateKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]),
  })
}
