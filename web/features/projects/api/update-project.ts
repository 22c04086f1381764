import { projectsApi } from '@shared/api/engagements'
import type { Project, UpdateProjectInput } from '@shared/schemas/projects'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { dashboardQueries, projectQueries } from '@/lib/queries/engagements'

interface Variables {
  id: string
  input: UpdateProjectInput
}

export const updateProject = ({ id, input }: Variables) =>
  call(projectsApi.update, { params: { id }, body: input })

export const useUpdateProject = (options?: MutationOptions<Project, Variables>) =>
  useApiMutation(
    updateProject,
    {
      update: (queryClient, project) =>
        queryClient.setQueryData(projectQueries.detail(project.id).queryKey, project),
      invalidates: () => [projectQueries.all, dashboardQueries.all],
    },
    options,
  )
