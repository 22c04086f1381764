import { invitationsApi } from '@shared/api/administration'
import type { CreateInvitationInput, Invitation } from '@shared/schemas/invitations'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { invitationQueries } from '@/lib/queries/administration'
import { dashboardQueries } from '@/lib/queries/engagements'

export const createInvitation = (body: CreateInvitationInput) =>
  call(invitationsApi.create, { body })

export const useCreateInvitation = (options?: MutationOptions<Invitation, CreateInvitationInput>) =>
  useApiMutation(
    createInvitation,
    { invalidates: () => [invitationQueries.all, dashboardQueries.all] },
    options,
  )
