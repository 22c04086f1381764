import { queryOptions } from '@tanstack/react-query'
import { notificationPreferencesApi, remindersApi } from '@shared/api/reminders'
import { call } from '../api'

const reminderPolicy = ['reminder-policy'] as const
const notificationPreferences = ['notification-preferences'] as const

/** The company's reminder policy (its time zone included). */
export const reminderPolicyQueries = {
  all: reminderPolicy,
  get: () =>
    queryOptions({
      queryKey: reminderPolicy,
      queryFn: ({ signal }) => call(remindersApi.getPolicy, {}, { signal }),
    }),
}

/** What the signed-in user is told of, in the app and by e-mail. */
export const notificationPreferenceQueries = {
  all: notificationPreferences,
  get: () =>
    queryOptions({
      queryKey: notificationPreferences,
      queryFn: ({ signal }) => call(notificationPreferencesApi.get, {}, { signal }),
    }),
}
