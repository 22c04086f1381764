import { invitationsApi } from '@shared/api/administration'
import type { Invitation } from '@shared/schemas/invitations'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { invitationQueries } from '@/lib/queries/administration'
import { dashboardQueries } from '@/lib/queries/engagements'

/** Mails a new link with a new expiry; the old link stops working. */
export const resendInvitation = (id: string) => call(invitationsApi.resend, { params: { id } })

export const useResendInvitation = (options?: MutationOptions<Invitation, string>) =>
  useApiMutation(
    resendInvitation,
    { invalidates: () => [invitationQueries.all, dashboardQueries.all] },
    options,
  )
