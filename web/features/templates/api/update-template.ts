import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Template, UpdateTemplateInput } from '@shared/schemas/templates'
import { api } from '@/lib/api'
import { dashboardKeys, templateKeys } from '@/lib/query-keys'

export function updateTemplate({ id, input }: { id: string; input: UpdateTemplateInput }) {
  return api.patch<Template>(`/api/templates/${encodeURIComponent(id)}`, input)
}

export function useUpdateTemplate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateTemplate,
    onSuccess: (template) => {
      queryClient.setQueryData(templateKeys.detail(template.id), template)
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: templateKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ])
    },
  })
}
