import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Project } from '@shared/schemas/projects'
import { api } from '@/lib/api'
import { projectKeys } from '@/lib/query-keys'

export function getProjects({ signal }: { signal?: AbortSignal } = {}) {
  return api.get<Project[]>('/api/projects', { signal })
}

export const projectsQueryOptions = () =>
  queryOptions({ queryKey: projectKeys.list(), queryFn: ({ signal }) => getProjects({ signal }) })

export function useProjects() {
  return useQuery(projectsQueryOptions())
}
