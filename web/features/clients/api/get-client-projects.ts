import { useQuery } from '@tanstack/react-query'
import type { Project } from '@shared/schemas/projects'
import { api } from '@/lib/api'
import { projectKeys } from '@/lib/query-keys'

// Shares the projects list cache (same key, same call) and keeps this client's projects.
export function getProjects({ signal }: { signal?: AbortSignal } = {}) {
  return api.get<Project[]>('/api/projects', { signal })
}

export function useClientProjects(clientId: string) {
  return useQuery({
    queryKey: projectKeys.list(),
    queryFn: ({ signal }) => getProjects({ signal }),
    select: (projects) => projects.filter((project) => project.clientId === clientId),
  })
}
