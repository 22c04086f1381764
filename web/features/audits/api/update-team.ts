import { auditsApi } from '@shared/api/engagements'
import type { AuditDetail, UpdateTeamInput } from '@shared/schemas/audits'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { auditQueries } from '@/lib/queries/engagements'
import { teamChanges } from './invalidate'

interface Variables {
  auditId: string
  input: UpdateTeamInput
}

export const updateTeam = ({ auditId, input }: Variables) =>
  call(auditsApi.updateTeam, { params: { id: auditId }, body: input })

export const useUpdateTeam = (options?: MutationOptions<AuditDetail, Variables>) =>
  useApiMutation(
    updateTeam,
    {
      update: (queryClient, audit) =>
        queryClient.setQueryData(auditQueries.detail(audit.id).queryKey, audit),
      invalidates: teamChanges,
    },
    options,
  )
