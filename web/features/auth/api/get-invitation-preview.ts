import type { InvitationPreview } from '@shared/schemas/invitations'
import { api } from '@/lib/api'

// A plain call, not a query: the accept-invitation page is public and keeps its bundle as small
// as the other sign-in pages'.
export function getInvitationPreview(token: string, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<InvitationPreview>(`/api/invitations/accept?token=${encodeURIComponent(token)}`, {
    signal,
  })
}
