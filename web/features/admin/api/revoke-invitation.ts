import { invitationsApi } from '@shared/api/administration'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { invitationQueries } from '@/lib/queries/administration'
import { dashboardQueries } from '@/lib/queries/engagements'

export const revokeInvitation = (id: string) => call(invitationsApi.revoke, { params: { id } })

export const useRevokeInvitation = (options?: MutationOptions<void, string>) =>
  useApiMutation(
    revokeInvitation,
    { invalidates: () => [invitationQueries.all, dashboardQueries.all] },
    options,
  )
