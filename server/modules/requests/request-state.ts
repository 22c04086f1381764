import {
  PLANNING_EDITABLE,
  REQUEST_STATUS_LABELS,
  type RequestStatus,
} from '@shared/schemas/requests'

/**
 * The request state machine, the one place that says who may move a request from where to where.
 * Pure: the service asks it before writing, and writes with `WHERE status IN (from)` so that a
 * concurrent change cannot slip between the check and the update.
 */

export type Role = 'admin' | 'client'
export type RequestTransition = 'send' | 'submit' | 'accept' | 'return' | 'not_applicable'

interface TransitionRule {
  roles: readonly Role[]
  from: readonly RequestStatus[]
  to: RequestStatus
  /** What the refusal says the request cannot be: "This request is accepted: it cannot be …". */
  verb: string
}

export const TRANSITIONS = {
  send: { roles: ['admin'], from: ['draft'], to: 'sent', verb: 'sent' },
  submit: { roles: ['client'], from: ['sent', 'returned'], to: 'submitted', verb: 'submitted' },
  accept: { roles: ['admin'], from: ['submitted'], to: 'accepted', verb: 'accepted' },
  return: { roles: ['admin'], from: ['submitted'], to: 'returned', verb: 'returned' },
  not_applicable: {
    roles: ['admin'],
    from: ['draft', 'sent', 'submitted', 'returned'],
    to: 'not_applicable',
    verb: 'marked as not applicable',
  },
} as const satisfies Record<RequestTransition, TransitionRule>

export type TransitionCheck =
  | { ok: true; to: RequestStatus }
  | { ok: false; refusal: 'forbidden' | 'conflict'; message: string }

export const statusText = (status: RequestStatus) => REQUEST_STATUS_LABELS[status].toLowerCase()

/** How messages, e-mails and the activity log name a request: "#3 Bank statements". */
export const requestLabel = (row: { number: number; title: string }) =>
  `#${row.number} ${row.title}`

/** The message of a refused transition names the request's current status. */
export const refusedMessage = (transition: RequestTransition, status: RequestStatus) =>
  `This request is ${statusText(status)}: it cannot be ${TRANSITIONS[transition].verb}`

export function checkTransition(
  transition: RequestTransition,
  role: Role,
  status: RequestStatus,
): TransitionCheck {
  const rule: TransitionRule = TRANSITIONS[transition]
  if (!rule.roles.includes(role))
    return {
      ok: false,
      refusal: 'forbidden',
      message: 'You do not have permission to do this',
    }
  if (!rule.from.includes(status))
    return { ok: false, refusal: 'conflict', message: refusedMessage(transition, status) }
  return { ok: true, to: rule.to }
}

/** Title, description, flags and position: drafts only. */
export const CONTENT_EDITABLE: readonly RequestStatus[] = ['draft']
/** Only drafts can be deleted; anything the client has seen stays. */
export const DELETABLE: readonly RequestStatus[] = ['draft']

/** Which statuses allow a change of these fields, and the refusal otherwise. */
export function editableStatuses(fields: readonly string[]): readonly RequestStatus[] {
  const content = fields.some((f) => !['assigneeId', 'dueDate'].includes(f))
  return content ? CONTENT_EDITABLE : PLANNING_EDITABLE
}

export function refusedEditMessage(fields: readonly string[], status: RequestStatus) {
  const content = fields.some((f) => !['assigneeId', 'dueDate'].includes(f))
  return content
    ? `This request is ${statusText(status)}: only a draft's title, description, requirements and position can change`
    : `This request is ${statusText(status)}: its assignee and due date can no longer change`
}

export const refusedDeleteMessage = (status: RequestStatus) =>
  `This request is ${statusText(status)}: only drafts can be deleted`

/** Waiting for the client: these can be overdue. */
export const AWAITING_CLIENT: readonly RequestStatus[] = ['sent', 'returned']
