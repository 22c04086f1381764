import type { FastifyInstance } from 'fastify'
import { requestLabel } from '@shared/request-rules'
import type { ActivityAction, FieldChange } from '@shared/schemas/dashboard'
import type { AuditEventType, DomainEventRecord, RequestEventType } from '@shared/schemas/events'
import { liveAudience } from '../../access/audience'
import type { Principal } from '../../access/principal'
import type { Db } from '../../db/client'
import { iso } from '../../lib/dto'
import { groupBy } from '../../lib/group-by'
import { recordActivities, type RecordedEvent } from '../activity/activity.repo'
import { deliverNotices, noticesOfRequestEvents, type RequestFacts } from '../notifications/notify'
import { mailsOfRequestEvents } from '../notifications/request-mails'
import { queueWebhookDeliveries } from '../webhooks/webhook-deliveries'
import { publishChange, type Change } from './changes'

/** A request as its events tell of it, from any read of it. */
export const requestFacts = (row: {
  id: string
  auditId: string
  clientId: string
  assigneeId: string | null
  number: number
  title: string
  reference?: string | null
  sentAt: unknown
  dueDate: string | null
}): RequestFacts => ({
  id: row.id,
  auditId: row.auditId,
  clientId: row.clientId,
  assigneeId: row.assigneeId,
  label: requestLabel(row),
  sent: row.sentAt !== null,
  dueDate: row.dueDate,
})

/**
 * One change of a request, as it happened (decision 035; the events, with what each records, are
 * named in shared/schemas/events.ts). A service says what happened, once, by
 * emitting it; what follows is derived here from the event alone: its line in the trail, what open
 * pages hear, and who is told (notifications and the mails they feed), each through the audience
 * rule.
 */
export interface RequestEvent {
  type: RequestEventType
  /**
   * The request, as read for the change: its label, client and audience; an edit's own fields
   * may be those from before it (the new ones are in `changes`).
   */
  request: RequestFacts
  /** How the trail names what it is about, when more than the request (files: their names). */
  target?: string
  /** What was said with it, as the trail shows it (a reason, a comment's first words). */
  detail?: string | null
  /** An edit's fields, from what to what. */
  changes?: FieldChange[]
  /**
   * Words it put in the request's discussion (a comment, an internal note, a question, the reason
   * a proposal was declined), and what the others are told when they come with something else.
   */
  said?: { body: string; internal: boolean; title?: string }
  /** The firm's comment answered the client's question: the request is the client's again. */
  answered?: true
}

/** A change of an audit: its details, its team, its lock, its creation or deletion. */
export interface AuditEvent {
  type: AuditEventType
  /** The audit, under its name after the change (before it, for a deletion). */
  audit: { id: string; name: string; clientId: string }
  /** An edit's fields, from what to what. */
  changes?: FieldChange[]
}

export type DomainEvent = RequestEvent | AuditEvent

const isRequestEvent = (event: DomainEvent): event is RequestEvent => 'request' in event

/** Events that change only what the request's own page shows: its discussion and its files. */
const OWN_PAGE: ReadonlySet<RequestEventType> = new Set([
  'request.commented',
  'request.noted',
  'request.files_added',
  'request.file_removed',
])

/**
 * What open pages hear of the events: the audit, when it or its requests changed (its request
 * pages follow it; the client's lists too once any of them was sent, and of the audit itself,
 * except its team, which is the firm's), and the request, when only its own page changed or words
 * were added to its discussion (the client not of an internal note). One notice per audit,
 * however many requests: it stays small (changes.ts).
 */
export function liveChangesOf(organizationId: string, events: DomainEvent[]): Change[] {
  const changes: Change[] = []
  const audits = new Map<string, { clientId: string | null }>()
  for (const event of events) {
    if (!isRequestEvent(event)) {
      const heard = audits.get(event.audit.id) ?? { clientId: null }
      if (event.type !== 'audit.team_changed') heard.clientId ??= event.audit.clientId
      audits.set(event.audit.id, heard)
      continue
    }
    const { request } = event
    const ownPage = OWN_PAGE.has(event.type)
    if (!ownPage || event.answered) {
      const heard = audits.get(request.auditId) ?? { clientId: null }
      heard.clientId ??= liveAudience(request)
      audits.set(request.auditId, heard)
    }
    if (ownPage || event.said)
      changes.push({
        organizationId,
        clientId: liveAudience(request, event.said?.internal ?? false),
        topics: [`request:${request.id}`],
      })
  }
  for (const [auditId, { clientId }] of audits)
    changes.unshift({
      organizationId,
      clientId,
      topics: [`audit:${auditId}`, ...(clientId ? ['my-requests'] : [])],
    })
  return changes
}

/** A domain event as the trail keeps it and webhooks send it (`domainEventDto`). */
const domainEventRecord = (row: RecordedEvent): DomainEventRecord =>
  ({
    id: row.id,
    type: row.action,
    occurredAt: iso(row.createdAt),
    actor: { id: row.actorUserId, name: row.actorName },
    auditId: row.auditId,
    requestId: row.action.startsWith('request.') ? row.requestId : null,
    target: row.target,
    detail: row.detail,
    changes: row.changes ?? [],
  }) as DomainEventRecord

/**
 * Writes the events to the trail and derives the rest from them. Call it inside the change's
 * transaction: the trail, the live notices (sent on commit), the notifications and the webhook
 * deliveries exist exactly when the change does. A request about to be deleted is emitted before its delete.
 */
export async function emit(
  app: FastifyInstance,
  tx: Db,
  actor: Principal,
  events: DomainEvent[],
  now: Date,
) {
  if (events.length === 0) return
  const recorded: RecordedEvent[] = []
  for (const [type, ofType] of groupBy(events, (event): ActivityAction => event.type))
    recorded.push(
      ...(await recordActivities(
        tx,
        actor,
        type,
        ofType.map((event) =>
          isRequestEvent(event)
            ? {
                target: event.target ?? event.request.label,
                requestId: event.request.id,
                auditId: event.request.auditId,
                detail: event.detail ?? null,
                changes: event.changes,
              }
            : { target: event.audit.name, auditId: event.audit.id, changes: event.changes },
        ),
        now,
      )),
    )
  await queueWebhookDeliveries(app, tx, actor.organizationId, recorded.map(domainEventRecord))
  for (const change of liveChangesOf(actor.organizationId, events)) await publishChange(tx, change)
  const requestEvents = events.filter(isRequestEvent)
  await deliverNotices(
    app,
    tx,
    actor.organizationId,
    await noticesOfRequestEvents(tx, actor, requestEvents),
    now,
  )
  await mailsOfRequestEvents(app, tx, actor, requestEvents, now)
}
