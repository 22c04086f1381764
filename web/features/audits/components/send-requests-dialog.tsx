import type { AuditRequest } from '@shared/schemas/requests'
import { useId, useState, type ReactElement } from 'react'
import { FormDialog } from '@/components/form-dialog'
import { DialogFooter } from '@/components/ui/dialog'
import { PendingButton } from '@/components/ui/pending-button'
import { serverMessage } from '@/lib/mutation-feedback'
import { toast } from '@/lib/toast'
import { useSendRequests } from '../api/send-requests'

export function SendRequestsDialog({
  auditId,
  drafts,
  trigger,
}: {
  auditId: string
  drafts: AuditRequest[]
  trigger: ReactElement
}) {
  return (
    <FormDialog
      title="Send Requests"
      description="The chosen drafts go to their assignees: each client user gets one e-mail listing their new requests."
      trigger={trigger}
    >
      {(done) => <SendRequestsForm auditId={auditId} drafts={drafts} onDone={done} />}
    </FormDialog>
  )
}

function SendRequestsForm({
  auditId,
  drafts,
  onDone,
}: {
  auditId: string
  drafts: AuditRequest[]
  onDone: () => void
}) {
  const sendRequests = useSendRequests()
  const [chosen, setChosen] = useState(() => new Set(drafts.map((draft) => draft.id)))
  const [error, setError] = useState<string>()
  const errorId = useId()

  const toggle = (id: string, checked: boolean) =>
    setChosen((current) => {
      const next = new Set(current)
      if (checked) next.add(id)
      else next.delete(id)
      return next
    })

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    if (chosen.size === 0) return setError('Choose at least one request')
    const all = chosen.size === drafts.length
    sendRequests.mutateAsync({ auditId, requestIds: all ? undefined : [...chosen] }).then(
      (sent) => {
        toast({ title: `${sent.length} ${sent.length === 1 ? 'request' : 'requests'} sent` })
        onDone()
      },
      (failure: unknown) =>
        setError(serverMessage(failure) ?? 'The requests could not be sent. Please try again.'),
    )
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
        <legend className="mb-2 text-sm font-medium">Drafts to send</legend>
        <ul className="grid max-h-72 gap-1 overflow-y-auto rounded-md border p-2">
          {drafts.map((draft) => (
            <li key={draft.id}>
              <label className="flex cursor-pointer items-start gap-3 rounded-sm p-2 text-sm hover:bg-accent">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 accent-primary"
                  checked={chosen.has(draft.id)}
                  onChange={(event) => toggle(draft.id, event.target.checked)}
                />
                <span className="grid gap-0.5">
                  <span>
                    <span className="tabular-nums">#{draft.number}</span> {draft.title}
                  </span>
                  <span className="text-muted-foreground">
                    {draft.assigneeName ?? 'No assignee yet'}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <DialogFooter>
        <PendingButton type="submit" pending={sendRequests.isPending} pendingLabel="Sending...">
          Send {chosen.size} {chosen.size === 1 ? 'Request' : 'Requests'}
        </PendingButton>
      </DialogFooter>
    </form>
  )
}
