import { queryOptions, useQuery } from '@tanstack/react-query'
import { publicConfig } from '@shared/schemas/auth'
import { api } from '@/lib/api'
import { authKeys } from '@/lib/query-keys'

export async function getPublicConfig({ signal }: { signal?: AbortSignal } = {}) {
  // Parsed, so a misconfigured server shows the widget's load error instead of crashing the page.
  return publicConfig.parse(await api.get<unknown>('/api/config', { signal }))
}

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.publicConfig(),
    queryFn: ({ signal }) => getPublicConfig({ signal }),
  })

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions())
}
