import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CurrentUser } from '@shared/schemas/auth'
import type { Organization, UpdateOrganizationInput } from '@shared/schemas/organization'
import { api } from '@/lib/api'
import { authKeys, dashboardKeys, organizationKeys } from '@/lib/query-keys'

export function updateOrganization(input: UpdateOrganizationInput) {
  return api.patch<Organization>('/api/organization', input)
}

export function useUpdateOrganization() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateOrganization,
    onSuccess: (organization) => {
      queryClient.setQueryData(organizationKeys.all, organization)
      // The header shows the company's name.
      queryClient.setQueryData<CurrentUser | null>(authKeys.me(), (user) =>
        user ? { ...user, company: { ...user.company, name: organization.name } } : user,
      )
      return queryClient.invalidateQueries({ queryKey: dashboardKeys.all })
    },
  })
}
