import { auditsApi } from '@shared/api/engagements'
import type { AuditDetail, RollForwardInput } from '@shared/schemas/audits'
import { queryOptions } from '@tanstack/react-query'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { auditQueries, dashboardQueries } from '@/lib/queries/engagements'

interface Variables {
  auditId: string
  input: RollForwardInput
}

/** What a roll-forward would copy (nothing is written), as its dialog's choices change. */
export const rollForwardPreview = ({ auditId, input }: Variables) =>
  queryOptions({
    queryKey: [...auditQueries.all, 'roll-forward', auditId, input],
    queryFn: ({ signal }) =>
      call(auditsApi.rollForwardPreview, { params: { id: auditId }, body: input }, { signal }),
  })

export const rollForward = ({ auditId, input }: Variables) =>
  call(auditsApi.rollForward, { params: { id: auditId }, body: input })

export const useRollForward = (options?: MutationOptions<AuditDetail, Variables>) =>
  useApiMutation(
    rollForward,
    { invalidates: () => [auditQueries.lists, dashboardQueries.all] },
    options,
  )
