import { usersApi } from '@shared/api/administration'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { userQueries } from '@/lib/queries/administration'
import { dashboardQueries } from '@/lib/queries/engagements'

export const deleteUser = (id: string) => call(usersApi.remove, { params: { id } })

export const useDeleteUser = (options?: MutationOptions<void, string>) =>
  useApiMutation(
    deleteUser,
    { invalidates: () => [userQueries.all, dashboardQueries.all] },
    options,
  )
