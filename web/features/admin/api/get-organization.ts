import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Organization } from '@shared/schemas/organization'
import { api } from '@/lib/api'
import { organizationKeys } from '@/lib/query-keys'

export function getOrganization({ signal }: { signal?: AbortSignal } = {}) {
  return api.get<Organization>('/api/organization', { signal })
}

export const organizationQueryOptions = () =>
  queryOptions({
    queryKey: organizationKeys.all,
    queryFn: ({ signal }) => getOrganization({ signal }),
  })

export function useOrganization() {
  return useQuery(organizationQueryOptions())
}
