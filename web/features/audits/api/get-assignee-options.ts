import { useQuery } from '@tanstack/react-query'
import type { Project } from '@shared/schemas/projects'
import type { User } from '@shared/schemas/users'
import { api } from '@/lib/api'
import { projectKeys, userKeys } from '@/lib/query-keys'

// The same keys and calls as the project page and Admin Settings, so their caches are shared.
export function getProject(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<Project>(`/api/projects/${encodeURIComponent(id)}`, { signal })
}

export function getUsers({ signal }: { signal?: AbortSignal } = {}) {
  return api.get<User[]>('/api/users', { signal })
}

/** The client users of the audit's project's client: who a request may be assigned to (staff only). */
export function useAssigneeOptions(projectId: string | undefined, { enabled = true } = {}) {
  const project = useQuery({
    queryKey: projectKeys.detail(projectId ?? ''),
    queryFn: ({ signal }) => getProject(projectId ?? '', { signal }),
    enabled: enabled && Boolean(projectId),
  })
  const users = useQuery({
    queryKey: userKeys.list(),
    queryFn: ({ signal }) => getUsers({ signal }),
    enabled,
  })
  const clientId = project.data?.clientId
  const options =
    project.data && users.data
      ? users.data.filter((user) => user.role === 'client' && user.clientId === clientId)
      : undefined
  return {
    options,
    isPending: project.isPending || users.isPending,
    isError: project.isError || users.isError,
  }
}
