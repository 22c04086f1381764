import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Project, UpdateProjectInput } from '@shared/schemas/projects'
import { api } from '@/lib/api'
import { dashboardKeys, projectKeys } from '@/lib/query-keys'

export function updateProject({ id, input }: { id: string; input: UpdateProjectInput }) {
  return api.patch<Project>(`/api/projects/${encodeURIComponent(id)}`, input)
}

export function useUpdateProject() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProject,
    onSuccess: (project) => {
      queryClient.setQueryData(projectKeys.detail(project.id), project)
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ])
    },
  })
}
