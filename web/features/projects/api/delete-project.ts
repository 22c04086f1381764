import { projectsApi } from '@shared/api/engagements'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { dashboardQueries, projectQueries } from '@/lib/queries/engagements'

export const deleteProject = (id: string) => call(projectsApi.remove, { params: { id } })

export const useDeleteProject = (options?: MutationOptions<void, string>) =>
  useApiMutation(
    deleteProject,
    {
      update: (queryClient, _, id) =>
        queryClient.removeQueries({ queryKey: projectQueries.detail(id).queryKey }),
      invalidates: () => [projectQueries.all, dashboardQueries.all],
    },
    options,
  )
