import type { Capability, RequestAction } from './access'
import { REQUEST_STATUS_LABELS, type ClientAsk, type RequestStatus } from './schemas/requests'

interface RequestRule {
  /** The capability the caller needs (server/access/can.ts says which roles hold it). */
  needs: Capability
  /** The statuses in which the action is possible. */
  when: readonly RequestStatus[]
  /** For the transitions of the state machine: the status the request moves to. */
  to?: RequestStatus
  /** What a refusal says after "This request is {status}: ". */
  refusal: string
  /** Only while the client's pending ask is this one (and what the refusal says otherwise). */
  asked?: { ask: ClientAsk; refusal: string }
}

const OPEN: readonly RequestStatus[] = ['draft', 'sent', 'submitted', 'returned']
const ANY: readonly RequestStatus[] = [...OPEN, 'accepted', 'not_applicable']

/**
 * Every action on a request, in one table: who may take it, from which statuses, and (for the
 * transitions draft → sent → submitted → accepted | returned → submitted …, accepted → submitted
 * again when the firm reopens it, and not applicable from any open status) where it leads. The server's `can()` is its only reader; services write
 * with `WHERE status IN (when)`, so a concurrent change cannot slip between check and update.
 */
export const REQUEST_RULES = {
  edit: {
    needs: 'engagements.manage',
    when: ['draft'],
    refusal: "only a draft's requirements can change",
  },
  reword: {
    needs: 'engagements.manage',
    when: ['sent', 'submitted', 'returned'],
    refusal: 'its title and description can no longer change',
  },
  plan: {
    needs: 'engagements.manage',
    when: OPEN,
    refusal: 'its assignee and due date can no longer change',
  },
  move: { needs: 'engagements.manage', when: ['draft'], refusal: 'only drafts can be moved' },
  delete: { needs: 'engagements.manage', when: ['draft'], refusal: 'only drafts can be deleted' },
  send: { needs: 'engagements.manage', when: ['draft'], to: 'sent', refusal: 'it cannot be sent' },
  submit: {
    needs: 'requests.answer',
    when: ['sent', 'returned'],
    to: 'submitted',
    refusal: 'it cannot be submitted',
  },
  upload: {
    needs: 'requests.answer',
    when: ['sent', 'returned'],
    refusal: 'files can be changed only before it is submitted',
  },
  accept: {
    needs: 'engagements.manage',
    when: ['submitted'],
    to: 'accepted',
    refusal: 'it cannot be accepted',
  },
  reopen: {
    needs: 'engagements.manage',
    when: ['accepted'],
    to: 'submitted',
    refusal: 'only an accepted request can be reopened',
  },
  return: {
    needs: 'engagements.manage',
    when: ['submitted'],
    to: 'returned',
    refusal: 'it cannot be returned',
  },
  not_applicable: {
    needs: 'engagements.manage',
    when: OPEN,
    to: 'not_applicable',
    refusal: 'it cannot be marked as not applicable',
  },
  propose_not_applicable: {
    needs: 'requests.answer',
    when: ['sent', 'returned'],
    refusal: 'only a request waiting for an answer can be proposed as not applicable',
  },
  ask: {
    needs: 'requests.answer',
    when: ['sent', 'returned'],
    refusal: 'questions are asked on a request waiting for an answer',
  },
  /** The firm's answer to the client's proposal: agreed (not applicable) or declined. */
  decide_proposal: {
    needs: 'engagements.manage',
    when: ['sent', 'returned'],
    to: 'not_applicable',
    refusal: 'it has no proposal to decide',
    asked: {
      ask: 'not_applicable',
      refusal: 'The client has not proposed this request as not applicable',
    },
  },
  comment: { needs: 'workspace.read', when: ANY, refusal: 'it cannot be commented on' },
  internal_note: {
    needs: 'engagements.manage',
    when: ANY,
    refusal: 'it cannot take internal notes',
  },
} as const satisfies Record<RequestAction, RequestRule>

/** The actions that move a request to another status. */
export type RequestTransition = {
  [A in RequestAction]: (typeof REQUEST_RULES)[A] extends { to: RequestStatus } ? A : never
}[RequestAction]

/** The client's statuses: their answer is still being prepared (files can change). */
export const AWAITING_CLIENT: readonly RequestStatus[] = REQUEST_RULES.submit.when

/**
 * Waiting for the client: in one of their statuses with nothing put to the firm. Only these can be
 * overdue or reminded of.
 */
export const awaitsClient = (row: { status: RequestStatus; clientAsk: ClientAsk | null }) =>
  AWAITING_CLIENT.includes(row.status) && row.clientAsk === null

/** Not counted in an audit's progress. */
export const SET_ASIDE: readonly RequestStatus[] = ['not_applicable']

export const statusText = (status: RequestStatus) => REQUEST_STATUS_LABELS[status].toLowerCase()

/** The refusal of an action in the request's current status: "This request is sent: …". */
export const refusedMessage = (action: RequestAction, status: RequestStatus) =>
  `This request is ${statusText(status)}: ${REQUEST_RULES[action].refusal}`

/** How messages, e-mails and the activity log name a request: "#3 Bank statements". */
/** "#12 Bank statements", or with its reference in its list, "#12 (3.1) Bank statements". */
export const requestLabel = (row: { number: number; title: string; reference?: string | null }) =>
  row.reference ? `#${row.number} (${row.reference}) ${row.title}` : `#${row.number} ${row.title}`

/** Who acts next on a request in each status, when the client has put nothing to the firm. */
export const WHOSE_MOVE = {
  draft: 'firm',
  sent: 'client',
  submitted: 'firm',
  accepted: null,
  returned: 'client',
  not_applicable: null,
} as const satisfies Record<RequestStatus, 'client' | 'firm' | null>

/** Who acts next on a request: the client, the firm (also on what the client put to it), or no one. */
export const whoseMove = (row: { status: RequestStatus; clientAsk: ClientAsk | null }) =>
  row.clientAsk !== null && AWAITING_CLIENT.includes(row.status) ? 'firm' : WHOSE_MOVE[row.status]
