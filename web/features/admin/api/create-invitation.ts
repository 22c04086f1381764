import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateInvitationInput, Invitation } from '@shared/schemas/invitations'
import { api } from '@/lib/api'
import { dashboardKeys, invitationKeys } from '@/lib/query-keys'

export function createInvitation(input: CreateInvitationInput) {
  return api.post<Invitation>('/api/invitations', input)
}

export function useCreateInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]),
  })
}
