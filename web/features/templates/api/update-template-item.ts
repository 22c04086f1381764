import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { TemplateItem, UpdateTemplateItemInput } from '@shared/schemas/templates'
import { api } from '@/lib/api'
import { dashboardKeys, templateItemKeys } from '@/lib/query-keys'

export function updateTemplateItem({ id, input }: { id: string; input: UpdateTemplateItemInput }) {
  return api.patch<TemplateItem>(`/api/template-items/${encodeURIComponent(id)}`, input)
}

export function useUpdateTemplateItem() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateTemplateItem,
    onSuccess: (item) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: templateItemKeys.list(item.templateId) }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]),
  })
}
