import type { CurrentUser } from '@shared/schemas/auth'
import type { AcceptInvitationInput } from '@shared/schemas/invitations'
import { api } from '@/lib/api'

/** Creates the invited account (verified) and signs it in: 201 `{ user }` with a session cookie. */
export function acceptInvitation(input: AcceptInvitationInput) {
  return api.post<{ user: CurrentUser }>('/api/invitations/accept', input)
}
