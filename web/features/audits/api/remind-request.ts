import { remindersApi } from '@shared/api/reminders'
import type { RemindReply } from '@shared/schemas/reminders'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { dashboardQueries } from '@/lib/queries/engagements'
import { requestQueries } from '@/lib/queries/requests'

/** Mails the request's assignee the list of their open requests in its audit. */
export const remindRequest = (id: string) => call(remindersApi.remindRequest, { params: { id } })

export const useRemindRequest = (options?: MutationOptions<RemindReply, string>) =>
  useApiMutation(
    remindRequest,
    // Its history and the company's activity may tell of the reminder.
    { invalidates: (_, id) => [requestQueries.detail(id).queryKey, dashboardQueries.all] },
    options,
  )
