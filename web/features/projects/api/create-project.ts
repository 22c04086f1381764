import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateProjectInput, Project } from '@shared/schemas/projects'
import { api } from '@/lib/api'
import { dashboardKeys, projectKeys } from '@/lib/query-keys'

export function createProject(input: CreateProjectInput) {
  return api.post<Project>('/api/projects', input)
}

export function useCreateProject() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createProject,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]),
  })
}
