import { AWAITING_CLIENT } from '@shared/request-rules'
import type { RequestDetail } from '@shared/schemas/requests'
import { Bell, BellOff, BellRing } from 'lucide-react'
import { PendingButton } from '@/components/ui/pending-button'
import { toastFailure } from '@/lib/mutation-feedback'
import { toast } from '@/lib/toast'
import { useRemindRequest } from '../api/remind-request'
import { useUpdateRequest } from '../api/update-request'
import { toastReminded, toastRemindFailure } from '../lib/remind-feedback'

/** The firm may remind the assignee now: the request waits for the client, and has an assignee. */
const canRemind = (request: RequestDetail) =>
  request.allowedActions.includes('plan') &&
  AWAITING_CLIENT.includes(request.status) &&
  request.assigneeId !== null

/** Reminders can be paused while the request is open (its planning can change). */
const canPause = (request: RequestDetail) => request.allowedActions.includes('plan')

/** Whether the request offers the caller any reminder action. */
export const hasReminderActions = (request: RequestDetail) =>
  canRemind(request) || canPause(request)

/** "Remind now" and "Pause reminders" / "Resume reminders" on the request page. */
export function RequestReminderActions({ request }: { request: RequestDetail }) {
  const paused = request.remindersPaused
  const remind = useRemindRequest({
    onSuccess: (reply) => toastReminded(reply, 'This request has nobody to remind.'),
    onError: toastRemindFailure,
  })
  const update = useUpdateRequest({
    onSuccess: (saved) =>
      toast(
        saved.remindersPaused
          ? {
              title: 'Reminders paused',
              description: 'No reminder goes out for this request until you resume them.',
            }
          : { title: 'Reminders resumed' },
      ),
    onError: (error) =>
      toastFailure(paused ? 'Failed to resume reminders' : 'Failed to pause reminders', error),
  })

  return (
    <>
      {canRemind(request) ? (
        <PendingButton
          variant="outline"
          pending={remind.isPending}
          pendingLabel="Reminding..."
          onClick={() => remind.mutate(request.id)}
        >
          <BellRing aria-hidden="true" />
          Remind now
        </PendingButton>
      ) : null}
      {canPause(request) ? (
        <PendingButton
          variant="outline"
          pending={update.isPending}
          pendingLabel={paused ? 'Resuming...' : 'Pausing...'}
          onClick={() => update.mutate({ id: request.id, input: { remindersPaused: !paused } })}
        >
          {paused ? <Bell aria-hidden="true" /> : <BellOff aria-hidden="true" />}
          {paused ? 'Resume reminders' : 'Pause reminders'}
        </PendingButton>
      ) : null}
    </>
  )
}
