import type { invitationsApi } from '@shared/api/administration'
import { endpoint } from '@shared/api/route'
import { call } from '@/lib/api'

// Method and path only: the public pages' initial JS carries no schemas (decision 012).
const route = endpoint<typeof invitationsApi.preview>('GET', '/api/invitations/accept')

// A plain call, not a query: the accept-invitation page is public and keeps its bundle as small
// as the other sign-in pages'.
export const getInvitationPreview = (token: string, init: { signal?: AbortSignal } = {}) =>
  call(route, { query: { token } }, init)
