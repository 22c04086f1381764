import { usersApi } from '@shared/api/administration'
import type { UpdateUserInput, User } from '@shared/schemas/users'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { userQueries } from '@/lib/queries/administration'
import { dashboardQueries } from '@/lib/queries/engagements'

interface Variables {
  id: string
  input: UpdateUserInput
}

export const updateUser = ({ id, input }: Variables) =>
  call(usersApi.update, { params: { id }, body: input })

export const useUpdateUser = (options?: MutationOptions<User, Variables>) =>
  useApiMutation(
    updateUser,
    {
      // The change shows in Recent Activity.
      invalidates: () => [userQueries.all, dashboardQueries.all],
    },
    options,
  )
