import type { invitationsApi } from '@shared/api/administration'
import { endpoint } from '@shared/api/route'
import type { AcceptInvitationInput } from '@shared/schemas/invitations'
import { call } from '@/lib/api'

// Method and path only: the public pages' initial JS carries no schemas (decision 012).
const route = endpoint<typeof invitationsApi.accept>('POST', '/api/invitations/accept')

/** Creates the invited account (verified) and signs it in: 201 `{ user }` with a session cookie. */
export const acceptInvitation = (body: AcceptInvitationInput) => call(route, { body })
