import { auditsApi } from '@shared/api/engagements'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { auditQueries, dashboardQueries } from '@/lib/queries/engagements'

interface Variables {
  id: string
  /** Whose list to refresh. */
  projectId: string
}

export const deleteAudit = ({ id }: Variables) => call(auditsApi.remove, { params: { id } })

export const useDeleteAudit = (options?: MutationOptions<void, Variables>) =>
  useApiMutation(
    deleteAudit,
    {
      update: (queryClient, _, { id }) =>
        queryClient.removeQueries({ queryKey: auditQueries.detail(id).queryKey }),
      invalidates: (_, { projectId }) => [
        auditQueries.list(projectId).queryKey,
        dashboardQueries.all,
      ],
    },
    options,
  )
