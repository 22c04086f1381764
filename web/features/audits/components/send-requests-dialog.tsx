import type { AuditRequest } from '@shared/schemas/requests'
import { useId, useState, type ReactElement } from 'react'
import { FormDialog } from '@/components/form-dialog'
import { DialogFooter } from '@/components/ui/dialog'
import { PendingButton } from '@/components/ui/pending-button'
import { serverMessage } from '@/lib/mutation-feedback'
import { toast } from '@/lib/toast'
import { countOf } from '@/lib/plural'
import { useSendRequests } from '../api/send-requests'
import { RequestChecklist, useChosenRequests } from './request-checklist'

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
  const { chosen, toggle } = useChosenRequests(drafts)
  const [error, setError] = useState<string>()
  const errorId = useId()

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    if (chosen.size === 0) return setError('Choose at least one request')
    const all = chosen.size === drafts.length
    sendRequests.mutateAsync({ auditId, requestIds: all ? undefined : [...chosen] }).then(
      (sent) => {
        toast({ title: `${countOf(sent.length, 'request')} sent` })
        onDone()
      },
      (failure: unknown) =>
        setError(serverMessage(failure) ?? 'The requests could not be sent. Please try again.'),
    )
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <RequestChecklist
        legend="Drafts to send"
        requests={drafts}
        chosen={chosen}
        onToggle={toggle}
        describedBy={error ? errorId : undefined}
      />
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <DialogFooter>
        <PendingButton type="submit" pending={sendRequests.isPending} pendingLabel="Sending...">
          Send {countOf(chosen.size, 'Request')}
        </PendingButton>
      </DialogFooter>
    </form>
  )
}
