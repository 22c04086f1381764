import { organizationApi } from '@shared/api/administration'
import type { SecurityPolicy, SecurityPolicyInput } from '@shared/schemas/security-policy'
import { queryOptions } from '@tanstack/react-query'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'

const policy = ['security-policy'] as const

/** The company's sign-in policy. */
export const securityPolicyQueries = {
  all: policy,
  get: () =>
    queryOptions({
      queryKey: policy,
      queryFn: ({ signal }) => call(organizationApi.getSecurity, {}, { signal }),
    }),
}

export const useUpdateSecurityPolicy = (
  options?: MutationOptions<SecurityPolicy, SecurityPolicyInput>,
) =>
  useApiMutation(
    (body: SecurityPolicyInput) => call(organizationApi.updateSecurity, { body }),
    {
      // The reply is the policy as it now is.
      update: (queryClient, saved) =>
        queryClient.setQueryData(securityPolicyQueries.get().queryKey, saved),
    },
    options,
  )
