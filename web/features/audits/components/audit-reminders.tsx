import type { AuditDetail } from '@shared/schemas/audits'
import { Bell, BellOff, BellRing } from 'lucide-react'
import { useId } from 'react'
import { PendingButton } from '@/components/ui/pending-button'
import { toastFailure } from '@/lib/mutation-feedback'
import { toast } from '@/lib/toast'
import { usePauseAuditReminders } from '../api/pause-audit-reminders'
import { useRemindAudit } from '../api/remind-audit'
import { toastReminded, toastRemindFailure } from '../lib/remind-feedback'
import { RemindersPausedBadge } from './reminders-paused-badge'

/**
 * The audit's reminders, for the firm: whether they are paused (with the toggle) and "Remind now",
 * which mails everyone with requests waiting for their answer.
 */
export function AuditReminders({
  audit,
  awaitingClient,
}: {
  audit: AuditDetail
  /** How many of its requests wait for the client's answer; undefined while loading. */
  awaitingClient: number | undefined
}) {
  const headingId = useId()
  const canPause = audit.allowedActions.includes('edit')
  const canRemind = audit.allowedActions.includes('plan_requests')
  const paused = audit.remindersPaused
  const pause = usePauseAuditReminders({
    onSuccess: (saved) =>
      toast(
        saved.remindersPaused
          ? {
              title: 'Reminders paused',
              description: 'No reminder goes out for this audit’s requests until you resume them.',
            }
          : {
              title: 'Reminders resumed',
              description: 'This audit’s requests are reminded as the company’s settings say.',
            },
      ),
    onError: (error) =>
      toastFailure(paused ? 'Failed to resume reminders' : 'Failed to pause reminders', error),
  })
  const remind = useRemindAudit({
    onSuccess: (reply) =>
      toastReminded(reply, 'No request of this audit is waiting for an assignee’s answer.'),
    onError: toastRemindFailure,
  })

  if (!canPause && !canRemind) return null
  const someoneToRemind = awaitingClient === undefined || awaitingClient > 0

  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="flex items-center gap-1.5 text-sm font-medium">
          <Bell aria-hidden="true" className="size-4 text-muted-foreground" />
          Reminders
          {paused ? <RemindersPausedBadge /> : null}
        </h3>
        <div className="flex flex-wrap gap-2">
          {canRemind && someoneToRemind ? (
            <PendingButton
              variant="outline"
              size="sm"
              disabled={awaitingClient === undefined}
              pending={remind.isPending}
              pendingLabel="Reminding..."
              onClick={() => remind.mutate(audit.id)}
            >
              <BellRing aria-hidden="true" />
              Remind now
            </PendingButton>
          ) : null}
          {canPause ? (
            <PendingButton
              variant="outline"
              size="sm"
              pending={pause.isPending}
              pendingLabel={paused ? 'Resuming...' : 'Pausing...'}
              onClick={() => pause.mutate({ auditId: audit.id, paused: !paused })}
            >
              {paused ? <Bell aria-hidden="true" /> : <BellOff aria-hidden="true" />}
              {paused ? 'Resume reminders' : 'Pause reminders'}
            </PendingButton>
          ) : null}
        </div>
      </div>
      <p className="text-sm text-muted-foreground">
        {paused
          ? 'No automatic reminder goes out for this audit’s requests; “Remind now” still does.'
          : 'The assignees of requests waiting for the client are reminded by e-mail as the company’s reminder settings say.'}
      </p>
    </section>
  )
}
