import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateTemplateItemInput, TemplateItem } from '@shared/schemas/templates'
import { api } from '@/lib/api'
import { dashboardKeys, templateItemKeys, templateKeys } from '@/lib/query-keys'

export function createTemplateItem(input: CreateTemplateItemInput) {
  return api.post<TemplateItem>('/api/template-items', input)
}

export function useCreateTemplateItem() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createTemplateItem,
    onSuccess: (item) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: templateItemKeys.list(item.templateId) }),
        // Templates show their item count.
        queryClient.invalidateQueries({ queryKey: templateKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]),
  })
}
