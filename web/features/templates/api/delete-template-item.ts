import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { dashboardKeys, templateItemKeys, templateKeys } from '@/lib/query-keys'

export function deleteTemplateItem({ id }: { id: string; templateId: string }) {
  return api.delete(`/api/template-items/${encodeURIComponent(id)}`)
}

export function useDeleteTemplateItem() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteTemplateItem,
    onSuccess: (_, { templateId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: templateItemKeys.list(templateId) }),
        queryClient.invalidateQueries({ queryKey: templateKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]),
  })
}
