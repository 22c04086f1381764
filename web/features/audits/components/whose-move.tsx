import type { AuditRequest, RequestStatus } from '@shared/schemas/requests'
import { ListFilter } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { RequestStatusBadge } from '@/components/status-badge'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { SegmentedControl } from '@/components/ui/segmented-control'
import { useCan } from '@/lib/session'

type Side = 'client' | 'firm'
export type WhoseMoveFilter = 'all' | Side

/** Who is looking: a client user answers requests, everyone else is the firm. */
export function useViewerSide(): Side {
  return useCan('requests.answer') ? 'client' : 'firm'
}

/**
 * Each side's words for whose move it is: the firm's own move is "Your move"; a client, who opens
 * the app now and then, reads what is left to them to do.
 */
export const MOVE_LABELS: Record<Side, Record<Side, string>> = {
  firm: { client: 'Client’s move', firm: 'Your move' },
  client: { client: 'To do', firm: 'With the firm' },
}

/**
 * Who acts next on the request, in the viewer's words; once it is settled, "Done" for a client
 * and nothing for the firm (its status says so).
 */
export function WhoseMoveBadge({ whoseMove }: { whoseMove: AuditRequest['whoseMove'] }) {
  const side = useViewerSide()
  if (!whoseMove) return side === 'client' ? <Badge variant="outline">Done</Badge> : null
  return (
    <Badge variant={whoseMove === side ? 'secondary' : 'outline'}>
      {MOVE_LABELS[side][whoseMove]}
    </Badge>
  )
}

/**
 * What a client reads of each status: what is left to them, not the firm's workflow ("Sent",
 * "Submitted"). A draft never reaches a client.
 */
const CLIENT_STATUS_WORDS: Record<
  RequestStatus,
  { label: string; variant: 'outline' | 'warning' | 'default' | 'success' | 'neutral' }
> = {
  draft: { label: 'Draft', variant: 'neutral' },
  sent: { label: 'To do', variant: 'outline' },
  returned: { label: 'Returned to you', variant: 'warning' },
  submitted: { label: 'With the firm', variant: 'default' },
  accepted: { label: 'Done', variant: 'success' },
  not_applicable: { label: 'Not applicable', variant: 'neutral' },
}

/** What the firm reads of what the client put to it. */
export const CLIENT_ASK_LABELS = {
  not_applicable: 'N/A proposed',
  question: 'Question',
} as const

/**
 * A request's state in the viewer's words: for the firm its status (with "Overdue"), what the
 * client put to it and, unless `move` is false, whose move it is; for a client one badge of what
 * is left to them (and "Overdue").
 */
export function RequestStateBadges({
  request,
  move = true,
}: {
  request: Pick<AuditRequest, 'status' | 'overdue' | 'whoseMove' | 'clientAsk'>
  move?: boolean
}) {
  const side = useViewerSide()
  if (side === 'firm')
    return (
      <span className="inline-flex flex-wrap gap-1">
        <RequestStatusBadge status={request.status} overdue={request.overdue} />
        {request.clientAsk ? (
          <Badge variant="warning">{CLIENT_ASK_LABELS[request.clientAsk.kind]}</Badge>
        ) : null}
        {move ? <WhoseMoveBadge whoseMove={request.whoseMove} /> : null}
      </span>
    )
  // What the client put to the firm is the firm's to answer.
  const words = request.clientAsk
    ? CLIENT_STATUS_WORDS.submitted
    : CLIENT_STATUS_WORDS[request.status]
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge variant={words.variant}>{words.label}</Badge>
      {request.overdue ? <Badge variant="destructive">Overdue</Badge> : null}
    </span>
  )
}

export const matchesWhoseMove = (filter: WhoseMoveFilter, request: AuditRequest) =>
  filter === 'all' || request.whoseMove === filter

/** "Whose move: All / Client’s move / Your move", in the viewer's words. */
export function WhoseMoveFilterControl({
  value,
  onChange,
}: {
  value: WhoseMoveFilter
  onChange: (value: WhoseMoveFilter) => void
}) {
  const side = useViewerSide()
  const labels = MOVE_LABELS[side]
  // One's own move first.
  const order: Side[] = side === 'firm' ? ['firm', 'client'] : ['client', 'firm']
  return (
    <SegmentedControl
      label="Whose move"
      value={value}
      onValueChange={onChange}
      options={[
        { value: 'all', label: 'All' },
        ...order.map((move) => ({ value: move, label: labels[move] })),
      ]}
    />
  )
}

/** What a filter that matches nothing says. */
function noMatchText(filter: Side, side: Side) {
  return filter === side
    ? 'Nothing is waiting for you here.'
    : side === 'firm'
      ? 'Nothing here is waiting for the client.'
      : 'Nothing here is waiting for your audit firm.'
}

/** The list's empty state while a whose-move filter matches nothing, with the way back to all. */
export function NoMatchingRequests({ filter, onShowAll }: { filter: Side; onShowAll: () => void }) {
  const side = useViewerSide()
  return (
    <EmptyState
      icon={ListFilter}
      title="No requests match"
      action={
        <Button variant="outline" onClick={onShowAll}>
          Show all requests
        </Button>
      }
    >
      {noMatchText(filter, side)}
    </EmptyState>
  )
}
