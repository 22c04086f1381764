import { AWAITING_CLIENT } from '@shared/request-rules'
import type { Assignee, AuditRequest, BulkActionInput } from '@shared/schemas/requests'
import { BellRing, Check, CircleSlash, Trash2, Undo2, UserRoundCheck, X } from 'lucide-react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { Button } from '@/components/ui/button'
import { toastFailure } from '@/lib/mutation-feedback'
import { countOf } from '@/lib/plural'
import { toast } from '@/lib/toast'
import { useBulkRequests } from '../api/bulk-requests'
import { AssignRequestsDialog } from './assign-requests-dialog'
import { ReasonDialog } from './reason-dialog'

type Action = AuditRequest['allowedActions'][number]

/** What each bulk action says once done: "3 requests accepted". */
const DONE: Record<BulkActionInput['action'], string> = {
  accept: 'accepted',
  return: 'returned',
  not_applicable: 'marked not applicable',
  remind: 'reminded',
  delete: 'deleted',
  assign: 'assigned',
  due_date: 'dated',
}

/**
 * The actions the chosen requests can all take, in one call each (POST …/requests/bulk): all or
 * nothing, so a refusal names the requests that could not and changes none.
 */
export function BulkBar({
  auditId,
  selected,
  assignees,
  onDone,
  onClear,
}: {
  auditId: string
  selected: AuditRequest[]
  assignees: Assignee[] | undefined
  /** After a change: the selection is spent. */
  onDone: () => void
  onClear: () => void
}) {
  const bulk = useBulkRequests()
  const all = (action: Action) =>
    selected.length > 0 && selected.every((request) => request.allowedActions.includes(action))
  const remindable =
    all('plan') && selected.every((request) => AWAITING_CLIENT.includes(request.status))
  const count = countOf(selected.length, 'request')

  const run = async (input: Omit<BulkActionInput, 'requestIds'>) => {
    const reply = await bulk.mutateAsync({
      auditId,
      input: { ...input, requestIds: selected.map((request) => request.id) } as BulkActionInput,
    })
    const skipped = reply.skipped.length
    toast({
      title: `${countOf(reply.changed.length, 'request')} ${DONE[input.action]}`,
      description:
        skipped > 0
          ? `${countOf(skipped, 'request')} left as they were: ${reply.skipped[0]!.reason}${skipped > 1 ? ', …' : ''}`
          : undefined,
    })
    onDone()
  }
  const runNow = (input: Omit<BulkActionInput, 'requestIds'>, failure: string) =>
    void run(input).catch((error: unknown) => toastFailure(failure, error))

  return (
    <div
      role="toolbar"
      aria-label="Actions for the chosen requests"
      className="sticky bottom-4 z-20 flex flex-wrap items-center gap-2 rounded-lg border bg-card p-2 shadow-md"
    >
      <span className="px-2 text-sm font-medium tabular-nums" aria-live="polite">
        {selected.length} selected
      </span>
      {all('accept') ? (
        <Button
          size="sm"
          disabled={bulk.isPending}
          onClick={() => runNow({ action: 'accept' }, 'Failed to accept the requests')}
        >
          <Check aria-hidden="true" />
          Accept
        </Button>
      ) : null}
      {all('return') ? (
        <ReasonDialog
          title={`Return ${count}`}
          description="The answers go back to the client with this reason: say what is missing."
          label="What is missing"
          submitLabel="Return"
          savedAs="return"
          pendingLabel="Returning..."
          onSubmit={(reason) => run({ action: 'return', reason })}
          trigger={
            <Button size="sm" variant="outline" disabled={bulk.isPending}>
              <Undo2 aria-hidden="true" />
              Return
            </Button>
          }
        />
      ) : null}
      {all('not_applicable') ? (
        <ReasonDialog
          title={`Mark ${count} Not Applicable`}
          description="They leave the audit’s progress; the reason stays in each one’s history."
          label="Reason"
          submitLabel="Mark Not Applicable"
          pendingLabel="Saving..."
          savedAs="not_applicable"
          onSubmit={(reason) => run({ action: 'not_applicable', reason })}
          trigger={
            <Button size="sm" variant="outline" disabled={bulk.isPending}>
              <CircleSlash aria-hidden="true" />
              Not Applicable
            </Button>
          }
        />
      ) : null}
      {remindable ? (
        <Button
          size="sm"
          variant="outline"
          disabled={bulk.isPending}
          onClick={() => runNow({ action: 'remind' }, 'Failed to send the reminders')}
        >
          <BellRing aria-hidden="true" />
          Remind
        </Button>
      ) : null}
      {all('plan') ? (
        <AssignRequestsDialog
          auditId={auditId}
          requests={selected}
          assignees={assignees}
          onDone={onDone}
          trigger={
            <Button size="sm" variant="outline" disabled={bulk.isPending}>
              <UserRoundCheck aria-hidden="true" />
              Assign &amp; Date
            </Button>
          }
        />
      ) : null}
      {all('delete') ? (
        <ConfirmDialog
          triggerLabel="Delete"
          triggerContext={count}
          trigger={
            <Button
              size="sm"
              variant="outline"
              className="text-destructive hover:text-destructive"
              disabled={bulk.isPending}
            >
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          }
          title={`Delete ${count}?`}
          description="These drafts have not been sent, so the client never sees them."
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          failureTitle="Failed to delete the requests"
          onConfirm={() => run({ action: 'delete' })}
        />
      ) : null}
      {selected.length > 0 &&
      !['accept', 'return', 'not_applicable', 'plan', 'delete'].some((action) =>
        all(action as Action),
      ) ? (
        <span className="text-sm text-muted-foreground">
          No action fits every chosen request: choose requests in the same status.
        </span>
      ) : null}
      <Button size="sm" variant="ghost" className="ml-auto" onClick={onClear}>
        <X aria-hidden="true" />
        Clear selection
      </Button>
    </div>
  )
}
