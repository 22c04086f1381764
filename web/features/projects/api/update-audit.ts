import { auditsApi } from '@shared/api/engagements'
import type { AuditDetail, UpdateAuditInput } from '@shared/schemas/audits'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { auditQueries, dashboardQueries } from '@/lib/queries/engagements'

interface Variables {
  id: string
  input: UpdateAuditInput
}

export const updateAudit = ({ id, input }: Variables) =>
  call(auditsApi.update, { params: { id }, body: input })

export const useUpdateAudit = (options?: MutationOptions<AuditDetail, Variables>) =>
  useApiMutation(
    updateAudit,
    {
      // The reply is the audit's page as it now is.
      update: (queryClient, audit) =>
        queryClient.setQueryData(auditQueries.detail(audit.id).queryKey, audit),
      invalidates: (audit) => [auditQueries.list(audit.projectId).queryKey, dashboardQueries.all],
    },
    options,
  )
