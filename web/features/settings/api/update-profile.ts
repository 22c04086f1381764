import { authApi } from '@shared/api/auth'
import type { CurrentUser, UpdateProfileInput } from '@shared/schemas/auth'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { authQueries } from '@/lib/queries/auth'

/** Answers with the current user. */
export const updateProfile = (body: UpdateProfileInput) => call(authApi.updateProfile, { body })

export const useUpdateProfile = (options?: MutationOptions<CurrentUser, UpdateProfileInput>) =>
  useApiMutation(
    updateProfile,
    {
      // The header (and everything else reading the session) shows the new name at once.
      update: (queryClient, user) => queryClient.setQueryData(authQueries.me().queryKey, user),
    },
    options,
  )
