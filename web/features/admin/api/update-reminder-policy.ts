import { remindersApi } from '@shared/api/reminders'
import type { ReminderPolicy, ReminderPolicyInput } from '@shared/schemas/reminders'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { reminderPolicyQueries } from '@/lib/queries/reminders'

export const updateReminderPolicy = (body: ReminderPolicyInput) =>
  call(remindersApi.putPolicy, { body })

export const useUpdateReminderPolicy = (
  options?: MutationOptions<ReminderPolicy, ReminderPolicyInput>,
) =>
  useApiMutation(
    updateReminderPolicy,
    {
      // The reply is the policy as it now is.
      update: (queryClient, policy) =>
        queryClient.setQueryData(reminderPolicyQueries.get().queryKey, policy),
    },
    options,
  )
