import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateTemplateInput, Template } from '@shared/schemas/templates'
import { api } from '@/lib/api'
import { dashboardKeys, templateKeys } from '@/lib/query-keys'

export function createTemplate(input: CreateTemplateInput) {
  return api.post<Template>('/api/templates', input)
}

export function useCreateTemplate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createTemplate,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: templateKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]),
  })
}
