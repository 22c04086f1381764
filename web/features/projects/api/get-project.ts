import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Project } from '@shared/schemas/projects'
import { api } from '@/lib/api'
import { projectKeys } from '@/lib/query-keys'

export function getProject(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<Project>(`/api/projects/${encodeURIComponent(id)}`, { signal })
}

export const projectQueryOptions = (id: string) =>
  queryOptions({
    queryKey: projectKeys.detail(id),
    queryFn: ({ signal }) => getProject(id, { signal }),
  })

export function useProject(id: string) {
  return useQuery(projectQueryOptions(id))
}
