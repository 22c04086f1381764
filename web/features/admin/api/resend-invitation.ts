import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Invitation } from '@shared/schemas/invitations'
import { api } from '@/lib/api'
import { dashboardKeys, invitationKeys } from '@/lib/query-keys'

/** Mails a new link with a new expiry; the old link stops working. */
export function resendInvitation(id: string) {
  return api.post<Invitation>(`/api/invitations/${encodeURIComponent(id)}/resend`)
}

export function useResendInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]),
  })
}
