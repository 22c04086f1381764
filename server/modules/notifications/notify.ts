import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { fullName } from '@shared/format'
import type { NotificationKind } from '@shared/schemas/reminders'
import { seesRequest } from '../../access/audience'
import type { Principal } from '../../access/principal'
import type { Db } from '../../db/client'
import {
  auditMembers,
  notifications,
  people,
  requestComments,
  users,
  withPerson,
} from '../../db/schema'
import { publishChange } from '../events/changes'
import { requestAudiences, viewersOf } from './notifications.repo'
import { preferencesOf } from './preferences.repo'

/**
 * Who is told of what, in one place: notifications in the bell and the event mails they feed,
 * derived from the events of a change (events/domain-events.ts) inside its transaction, so that
 * they exist exactly when the change does. Never the actor; never anyone the audience rule
 * (access/audience.ts) keeps from the request: a draft, an internal note, another client's.
 */

/** Kinds that are also mailed (gathered: at most one event mail per user per ten minutes). */
const MAILED: readonly NotificationKind[] = [
  'submitted',
  'returned',
  'comment',
  'mention',
  'file_ready',
]

export const EVENT_MAIL_QUEUE = 'event-mail'

export interface RequestFacts {
  id: string
  auditId: string
  clientId: string
  assigneeId: string | null
  /** "#3 Bank statements" */
  label: string
  /** Whether it has been sent (the client's users see only what was). */
  sent: boolean
  /** Its due date (YYYY-MM-DD), for the mails that list it. */
  dueDate?: string | null
}

export interface Notice {
  userId: string
  kind: NotificationKind
  title: string
  body?: string | null
  url: string
  /** The request it tells of: delivered only if the recipient may see it (and its firm's notes). */
  about?: { requestId: string; internal?: boolean }
}

/** The notices whose recipients the audience rule lets see what they tell of, as they are now. */
async function withinAudience(tx: Db, organizationId: string, notices: Notice[]) {
  const requestIds = [...new Set(notices.flatMap((notice) => notice.about?.requestId ?? []))]
  if (requestIds.length === 0) return notices
  const viewers = await viewersOf(tx, organizationId, [
    ...new Set(notices.map((notice) => notice.userId)),
  ])
  const requests = await requestAudiences(tx, organizationId, requestIds)
  return notices.filter((notice) => {
    const viewer = viewers.get(notice.userId)
    if (!viewer) return false
    if (!notice.about) return true
    const request = requests.get(notice.about.requestId)
    return request !== undefined && seesRequest(viewer, request, notice.about.internal)
  })
}

/**
 * Writes the notices their recipients may have (the audience rule) and want (in the app, by mail),
 * and wakes the mail job.
 */
export async function deliverNotices(
  app: FastifyInstance,
  tx: Db,
  organizationId: string,
  notices: Notice[],
  now: Date,
) {
  notices = await withinAudience(tx, organizationId, notices)
  if (notices.length === 0) return
  const preferences = await preferencesOf(
    tx,
    notices.map((notice) => notice.userId),
  )
  const rows = notices.flatMap((notice) => {
    const wants = preferences.get(notice.userId)![notice.kind]
    const emailPending = wants.email && MAILED.includes(notice.kind)
    if (!wants.inApp && !emailPending) return []
    return [
      {
        organizationId,
        userId: notice.userId,
        kind: notice.kind,
        title: notice.title,
        body: notice.body ?? null,
        url: notice.url,
        requestId: notice.about?.requestId ?? null,
        internal: notice.about?.internal ?? false,
        inApp: wants.inApp,
        emailPending,
        createdAt: now,
      },
    ]
  })
  if (rows.length === 0) return
  await tx.insert(notifications).values(rows)
  for (const userId of new Set(rows.filter((row) => row.emailPending).map((row) => row.userId)))
    await app.jobs.enqueue(
      tx,
      EVENT_MAIL_QUEUE,
      { userId },
      { singletonKey: userId, startAfterSeconds: app.config.eventMailDelaySeconds },
    )
  await publishChange(tx, {
    organizationId,
    clientId: null,
    userIds: [...new Set(rows.filter((row) => row.inApp).map((row) => row.userId))],
    topics: ['notifications'],
  })
}

/** The audit's lead, if it has one. */
async function leadOf(tx: Db, auditId: string) {
  const [lead] = await tx
    .select({ userId: auditMembers.userId })
    .from(auditMembers)
    .where(and(eq(auditMembers.auditId, auditId), eq(auditMembers.lead, true)))
  return lead?.userId ?? null
}

/** Everyone who wrote on the request. */
async function commenters(tx: Db, requestId: string) {
  const rows = await tx
    .selectDistinct({ userId: requestComments.authorUserId })
    .from(requestComments)
    .where(eq(requestComments.requestId, requestId))
  return rows.flatMap((row) => (row.userId ? [row.userId] : []))
}

/**
 * Who may be @mentioned by the actor: the firm's people mention the firm's people; a client user
 * mentions the users of their own client and the firm's people on the audit.
 */
async function mentionable(tx: Db, actor: Principal, request: RequestFacts) {
  const firm = sql`${users.role} in ('admin', 'staff')`
  const candidates =
    actor.role === 'client'
      ? await tx
          .select({ id: users.id, firstName: people.firstName, lastName: people.lastName })
          .from(users)
          .innerJoin(people, withPerson)
          .leftJoin(
            auditMembers,
            and(eq(auditMembers.userId, users.id), eq(auditMembers.auditId, request.auditId)),
          )
          .where(
            and(
              eq(users.organizationId, actor.organizationId),
              sql`(${users.clientId} = ${request.clientId} or (${firm} and ${auditMembers.userId} is not null))`,
            ),
          )
      : await tx
          .select({ id: users.id, firstName: people.firstName, lastName: people.lastName })
          .from(users)
          .innerJoin(people, withPerson)
          .where(and(eq(users.organizationId, actor.organizationId), firm))
  return candidates
}

/** `@Ada Lovelace` anywhere in the text, as a whole name (any case). */
function mentioned(
  body: string,
  people: Array<{ id: string; firstName: string; lastName: string }>,
) {
  const text = body.toLowerCase()
  return people.filter((person) => {
    const handle = `@${fullName(person).toLowerCase()}`
    const at = text.indexOf(handle)
    if (at < 0) return false
    const after = text[at + handle.length]
    return after === undefined || !/[\p{L}\p{N}]/u.test(after)
  })
}

const requestUrl = (request: RequestFacts) => `/requests/${request.id}`

const DECISION_TITLES = {
  'request.accepted': (actor: string, label: string) => `${actor} accepted ${label}`,
  'request.returned': (actor: string, label: string) => `${actor} returned ${label}`,
  'request.proposal_accepted': (actor: string, label: string) =>
    `${actor} agreed that ${label} is not applicable`,
}
type DecisionType = keyof typeof DECISION_TITLES
const isDecision = (type: string): type is DecisionType => Object.hasOwn(DECISION_TITLES, type)

/** The assignee told of a decision on their request (never the actor); a return says why. */
function decisionNotice(
  actor: Principal,
  request: RequestFacts,
  type: DecisionType,
  reason: string | null,
): Notice[] {
  return request.assigneeId && request.assigneeId !== actor.userId
    ? [
        {
          userId: request.assigneeId,
          kind: type === 'request.returned' ? 'returned' : 'accepted',
          title: DECISION_TITLES[type](actor.name, request.label),
          body: type === 'request.returned' ? reason : null,
          url: requestUrl(request),
          about: { requestId: request.id },
        },
      ]
    : []
}

/**
 * Words added to the discussion: everyone taking part (the audit's lead, the assignee, whoever
 * wrote on it) is told, those @mentioned as mentions; the audience rule keeps internal notes to the
 * firm and drafts from the client. `title`: what the others are told when the words come with
 * something else (a client's question or proposal, the firm's answer to it).
 */
async function discussionNotices(
  tx: Db,
  actor: Principal,
  request: RequestFacts,
  said: { body: string; internal: boolean; title?: string },
  lead: string | null,
): Promise<Notice[]> {
  const takingPart = [
    ...(lead ? [lead] : []),
    ...(request.assigneeId ? [request.assigneeId] : []),
    ...(await commenters(tx, request.id)),
  ]
  // The candidates are read only when the text can mention anyone.
  const mentions = new Set(
    said.body.includes('@')
      ? mentioned(said.body, await mentionable(tx, actor, request)).map((person) => person.id)
      : [],
  )
  const excerpt = said.body.length > 300 ? `${said.body.slice(0, 300)}…` : said.body
  const what = said.internal ? 'an internal note' : 'a comment'
  return [...new Set([...takingPart, ...mentions])]
    .filter((userId) => userId !== actor.userId)
    .map((userId) => ({
      userId,
      kind: mentions.has(userId) ? 'mention' : 'comment',
      title: mentions.has(userId)
        ? `${actor.name} mentioned you on ${request.label}`
        : (said.title ?? `${actor.name} wrote ${what} on ${request.label}`),
      body: excerpt,
      url: requestUrl(request),
      about: { requestId: request.id, internal: said.internal },
    }))
}

/**
 * Who is told of these events of the request domain (events/domain-events.ts), by `actor`: a
 * submission its audit's lead; a decision (accepted, returned, a proposal agreed to) the request's
 * assignee; words in the discussion everyone taking part. The audience rule is applied on delivery.
 */
export async function noticesOfRequestEvents(
  tx: Db,
  actor: Principal,
  events: ReadonlyArray<{
    type: string
    request: RequestFacts
    detail?: string | null
    said?: { body: string; internal: boolean; title?: string }
  }>,
): Promise<Notice[]> {
  const leads = new Map<string, string | null>()
  const leadOfAudit = async (auditId: string) => {
    if (!leads.has(auditId)) leads.set(auditId, await leadOf(tx, auditId))
    return leads.get(auditId)!
  }
  const notices: Notice[] = []
  for (const event of events) {
    const { request } = event
    if (event.type === 'request.submitted') {
      const lead = await leadOfAudit(request.auditId)
      if (lead && lead !== actor.userId)
        notices.push({
          userId: lead,
          kind: 'submitted',
          title: `${actor.name} submitted ${request.label} for review`,
          url: requestUrl(request),
          about: { requestId: request.id },
        })
    }
    if (isDecision(event.type))
      notices.push(...decisionNotice(actor, request, event.type, event.detail ?? null))
    if (event.said)
      notices.push(
        ...(await discussionNotices(
          tx,
          actor,
          request,
          event.said,
          await leadOfAudit(request.auditId),
        )),
      )
  }
  return notices
}
