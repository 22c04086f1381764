import { invitationsApi } from '@shared/api/administration'
import type { AcceptInvitationInput } from '@shared/schemas/invitations'
import { call } from '@/lib/api'

/** Creates the invited account (verified) and signs it in: 201 `{ user }` with a session cookie. */
export const acceptInvitation = (body: AcceptInvitationInput) =>
  call(invitationsApi.accept, { body })
