import { remindersApi } from '@shared/api/reminders'
import type { RemindReply } from '@shared/schemas/reminders'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { dashboardQueries } from '@/lib/queries/engagements'
import { requestQueries } from '@/lib/queries/requests'

/** Mails each assignee with open requests in the audit the list of them. */
export const remindAudit = (auditId: string) =>
  call(remindersApi.remindAudit, { params: { id: auditId } })

export const useRemindAudit = (options?: MutationOptions<RemindReply, string>) =>
  useApiMutation(
    remindAudit,
    // The requests' histories and the company's activity may tell of the reminder.
    { invalidates: () => [[...requestQueries.all, 'detail'], dashboardQueries.all] },
    options,
  )
