import { queryOptions, useQuery } from '@tanstack/react-query'
import type { User } from '@shared/schemas/users'
import { api } from '@/lib/api'
import { userKeys } from '@/lib/query-keys'

export function getUsers({ signal }: { signal?: AbortSignal } = {}) {
  return api.get<User[]>('/api/users', { signal })
}

export const usersQueryOptions = () =>
  queryOptions({ queryKey: userKeys.list(), queryFn: ({ signal }) => getUsers({ signal }) })

export function useUsers() {
  return useQuery(usersQueryOptions())
}
