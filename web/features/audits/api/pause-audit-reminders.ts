import { auditsApi } from '@shared/api/engagements'
import type { AuditDetail } from '@shared/schemas/audits'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { auditQueries } from '@/lib/queries/engagements'

interface Variables {
  auditId: string
  paused: boolean
}

/** Pauses (or resumes) the automatic reminders of every request of the audit. */
export const pauseAuditReminders = ({ auditId, paused }: Variables) =>
  call(auditsApi.update, { params: { id: auditId }, body: { remindersPaused: paused } })

export const usePauseAuditReminders = (options?: MutationOptions<AuditDetail, Variables>) =>
  useApiMutation(
    pauseAuditReminders,
    {
      // The reply is the audit's page as it now is.
      update: (queryClient, audit) =>
        queryClient.setQueryData(auditQueries.detail(audit.id).queryKey, audit),
      invalidates: () => [auditQueries.lists],
    },
    options,
  )
