import { invitationsApi } from '@shared/api/administration'
import { call } from '@/lib/api'

// A plain call, not a query: the accept-invitation page is public and keeps its bundle as small
// as the other sign-in pages'.
export const getInvitationPreview = (token: string, init: { signal?: AbortSignal } = {}) =>
  call(invitationsApi.preview, { query: { token } }, init)
