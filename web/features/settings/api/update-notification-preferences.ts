import { notificationPreferencesApi } from '@shared/api/reminders'
import type {
  NotificationPreferences,
  UpdateNotificationPreferencesInput,
} from '@shared/schemas/reminders'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { notificationPreferenceQueries } from '@/lib/queries/reminders'

/** Answers with all of the user's preferences as they now are. */
export const updateNotificationPreferences = (body: UpdateNotificationPreferencesInput) =>
  call(notificationPreferencesApi.update, { body })

export const useUpdateNotificationPreferences = (
  options?: MutationOptions<NotificationPreferences, UpdateNotificationPreferencesInput>,
) =>
  useApiMutation(
    updateNotificationPreferences,
    {
      update: (queryClient, preferences) =>
        queryClient.setQueryData(notificationPreferenceQueries.get().queryKey, preferences),
    },
    options,
  )
