import type { AuditRequest } from '@shared/schemas/requests'
import { Ban, Check, MessageCircleQuestion, X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { PendingButton } from '@/components/ui/pending-button'
import { formatDateTime } from '@/lib/dates'
import { toastFailure } from '@/lib/mutation-feedback'
import { toast } from '@/lib/toast'
import { useAcceptProposal, useDeclineProposal } from '../api/decide-proposal'
import { useAskQuestion, useProposeNotApplicable } from '../api/put-to-firm'
import { ReasonDialog } from './reason-dialog'

/**
 * The client's other answers to an open request: "this does not apply to us" (the firm decides)
 * and a question (answered in the discussion). Either puts the request on the firm's side.
 */
export function PutToFirmActions({ request }: { request: AuditRequest }) {
  const propose = useProposeNotApplicable({
    onSuccess: () => toast({ title: 'Sent to your audit firm: they will decide' }),
    onError: (error) => toastFailure('Failed to send your proposal', error),
  })
  const ask = useAskQuestion({
    onSuccess: () => toast({ title: 'Question sent to your audit firm' }),
    onError: (error) => toastFailure('Failed to send your question', error),
  })
  const can = (action: 'propose_not_applicable' | 'ask') => request.allowedActions.includes(action)
  if (!can('propose_not_applicable') && !can('ask')) return null
  return (
    <div className="flex flex-wrap gap-2">
      {can('ask') ? (
        <ReasonDialog
          title="Ask a Question"
          description="Your audit firm answers in the discussion. The request waits with them until then."
          label="Your question"
          submitLabel="Send Question"
          pendingLabel="Sending..."
          onSubmit={(text) => ask.mutateAsync({ id: request.id, text })}
          trigger={
            <Button variant="outline" size="sm">
              <MessageCircleQuestion aria-hidden="true" />
              Ask a question
            </Button>
          }
        />
      ) : null}
      {can('propose_not_applicable') ? (
        <ReasonDialog
          title="Does Not Apply to Us"
          description="Say why this request does not apply. Your audit firm agrees (it is set aside) or tells you why it still does."
          label="Why it does not apply"
          submitLabel="Send to the Firm"
          pendingLabel="Sending..."
          onSubmit={(text) => propose.mutateAsync({ id: request.id, text })}
          trigger={
            <Button variant="outline" size="sm">
              <Ban aria-hidden="true" />
              Doesn’t apply to us
            </Button>
          }
        />
      ) : null}
    </div>
  )
}

/**
 * What the client put to the firm and waits for: for the client, that it is with the firm; for the
 * firm, the words and the answer to give (agree or decline a proposal; reply to a question in the
 * discussion).
 */
export function ClientAskNotice({
  request,
  viewer,
}: {
  request: AuditRequest
  viewer: 'client' | 'firm'
}) {
  const ask = request.clientAsk
  if (!ask || request.whoseMove !== 'firm') return null
  const proposal = ask.kind === 'not_applicable'
  const heading =
    viewer === 'client'
      ? proposal
        ? 'You proposed that this does not apply: waiting for your audit firm'
        : 'You asked your audit firm a question: waiting for their answer'
      : proposal
        ? 'The client proposes that this does not apply'
        : 'The client asked a question: reply in the discussion'
  return (
    <div
      role="note"
      aria-label={proposal ? 'Proposed as not applicable' : 'Question from the client'}
      className="grid gap-2 rounded-lg border bg-muted p-4"
    >
      <p className="flex items-center gap-2 font-semibold">
        {proposal ? (
          <Ban aria-hidden="true" className="size-4 shrink-0" />
        ) : (
          <MessageCircleQuestion aria-hidden="true" className="size-4 shrink-0" />
        )}
        {heading}
      </p>
      <blockquote className="border-l-2 pl-3 text-sm whitespace-pre-line">{ask.text}</blockquote>
      <p className="text-xs text-muted-foreground">
        <time dateTime={ask.at}>{formatDateTime(ask.at)}</time>
      </p>
      {viewer === 'firm' && request.allowedActions.includes('decide_proposal') ? (
        <ProposalDecision requestId={request.id} />
      ) : null}
    </div>
  )
}

function ProposalDecision({ requestId }: { requestId: string }) {
  const accept = useAcceptProposal({
    onSuccess: () => toast({ title: 'Request marked as not applicable' }),
    onError: (error) => toastFailure('Failed to agree with the proposal', error),
  })
  const decline = useDeclineProposal({
    onSuccess: () => toast({ title: 'Proposal declined: the request is back with the client' }),
    onError: (error) => toastFailure('Failed to decline the proposal', error),
  })
  return (
    <div className="flex flex-wrap gap-2 pt-1">
      <PendingButton
        size="sm"
        pending={accept.isPending}
        pendingLabel="Saving..."
        onClick={() => accept.mutate(requestId)}
      >
        <Check aria-hidden="true" />
        Agree: Not Applicable
      </PendingButton>
      <ReasonDialog
        title="Decline the Proposal"
        description="The client reads your reason in the discussion, and the request is theirs to answer again."
        label="Why it still applies"
        submitLabel="Decline Proposal"
        pendingLabel="Declining..."
        onSubmit={(reason) => decline.mutateAsync({ id: requestId, reason })}
        trigger={
          <Button size="sm" variant="outline">
            <X aria-hidden="true" />
            Decline
          </Button>
        }
      />
    </div>
  )
}
