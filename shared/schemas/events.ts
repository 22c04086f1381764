import { z } from 'zod'
import { fieldChangeDto, type ActivityAction } from './dashboard'

/**
 * The domain events (decision 035): every change of an audit, its requests, their files and their
 * discussion, written once in the change's own transaction to the trail (`activity_events`, the
 * outbox). The trail, live updates, notifications and mails are derived from them; webhooks will
 * send them as `domainEventDto` says.
 */
export type RequestEventType = Extract<ActivityAction, `request.${string}`>
export type AuditEventType = Extract<ActivityAction, `audit.${string}`>
export type DomainEventType = RequestEventType | AuditEventType

/**
 * What each event says besides who, when and what it is about: `detail`, the words that come with
 * it (what they are), and `changes`, when it records fields from what to what.
 */
export const DOMAIN_EVENTS = {
  'request.created': {},
  'request.updated': { changes: true },
  'request.reworded': { changes: true },
  'request.moved': { detail: 'the draft’s new place' },
  'request.deleted': {},
  'request.sent': {},
  'request.submitted': {},
  'request.accepted': {},
  'request.reopened': {},
  'request.returned': { detail: 'the reason' },
  'request.not_applicable': { detail: 'the reason' },
  'request.not_applicable_proposed': { detail: 'the client’s reason' },
  'request.proposal_accepted': { detail: 'the client’s reason, now the request’s' },
  'request.proposal_declined': { detail: 'the firm’s reason' },
  'request.question_asked': { detail: 'the question' },
  'request.commented': { detail: 'the comment’s first words' },
  'request.noted': { detail: 'the internal note’s first words' },
  'request.files_added': {},
  'request.file_removed': {},
  'audit.created': {},
  'audit.updated': { changes: true },
  'audit.deleted': {},
  'audit.team_changed': {},
  'audit.completed': {},
  'audit.reopened': {},
} as const satisfies Record<DomainEventType, { detail?: string; changes?: true }>

export const DOMAIN_EVENT_TYPES = Object.keys(DOMAIN_EVENTS) as DomainEventType[]

export const isDomainEventType = (action: ActivityAction): action is DomainEventType =>
  action in DOMAIN_EVENTS

const eventOf = <T extends DomainEventType>(type: T) => {
  const spec: { detail?: string; changes?: true } = DOMAIN_EVENTS[type]
  return z.object({
    id: z.string(),
    type: z.literal(type),
    occurredAt: z.iso.datetime({ offset: true }),
    /** Who did it: their id while their account exists, their name as it was then. */
    actor: z.object({ id: z.string().nullable(), name: z.string().min(1) }),
    /** The audit it happened in; null once the audit is deleted. */
    auditId: z.string().nullable(),
    /** The request it is about (null for an audit's own events, and once the request is deleted). */
    requestId: type.startsWith('request.') ? z.string().nullable() : z.null(),
    /** What it is about, named as it was then: the request's label, the audit's name, files. */
    target: z.string().min(1),
    detail: spec.detail ? z.string().min(1) : z.null(),
    changes: spec.changes ? z.array(fieldChangeDto).min(1) : z.array(fieldChangeDto).length(0),
  })
}

/** One domain event as it is kept and sent: its type decides what its detail and changes hold. */
export const domainEventDto = z
  .discriminatedUnion(
    'type',
    DOMAIN_EVENT_TYPES.map(eventOf) as unknown as [
      ReturnType<typeof eventOf>,
      ...ReturnType<typeof eventOf>[],
    ],
  )
  .meta({ id: 'DomainEvent' })
export type DomainEventRecord = z.infer<typeof domainEventDto>
