import { organizationApi } from '@shared/api/administration'
import type { Organization, UpdateOrganizationInput } from '@shared/schemas/organization'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { organizationQueries } from '@/lib/queries/administration'
import { authQueries } from '@/lib/queries/auth'
import { dashboardQueries } from '@/lib/queries/engagements'
import { reminderPolicyQueries } from '@/lib/queries/reminders'

export const updateOrganization = (body: UpdateOrganizationInput) =>
  call(organizationApi.update, { body })

export const useUpdateOrganization = (
  options?: MutationOptions<Organization, UpdateOrganizationInput>,
) =>
  useApiMutation(
    updateOrganization,
    {
      update: (queryClient, organization) => {
        queryClient.setQueryData(organizationQueries.get().queryKey, organization)
        // The header shows the company's name; every date follows its date format.
        queryClient.setQueryData(authQueries.me().queryKey, (user) =>
          user
            ? {
                ...user,
                company: {
                  ...user.company,
                  name: organization.name,
                  dateFormat: organization.dateFormat,
                },
              }
            : user,
        )
        // Reminders go out at their hour in the company's time zone.
        queryClient.setQueryData(reminderPolicyQueries.get().queryKey, (policy) =>
          policy ? { ...policy, timeZone: organization.timeZone } : policy,
        )
      },
      invalidates: () => [dashboardQueries.all],
    },
    options,
  )
