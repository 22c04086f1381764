import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { fullName } from '@shared/format'
import type { NotificationKind } from '@shared/schemas/reminders'
import { liveAudience, seesRequest } from '../../access/audience'
import type { Principal } from '../../access/principal'
import type { Db } from '../../db/client'
import { auditMembers, notifications, requestComments, users } from '../../db/schema'
import { publishChange } from '../events/changes'
import { requestAudiences, viewersOf } from './notifications.repo'
import { preferencesOf } from './preferences.repo'

/**
 * Who is told of what, in one place: notifications in the bell, the event mails they feed, and
 * the live hints of open pages. Called inside the transaction of the change, so that all of it
 * exists exactly when the change does. Never the actor; never anyone the audience rule
 * (access/audience.ts) keeps from the request: a draft, an internal note, another client's.
 */

/** Kinds that are also mailed (gathered: at most one event mail per user per ten minutes). */
const MAILED: readonly NotificationKind[] = ['submitted', 'returned', 'comment', 'mention']

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
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
          .from(users)
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
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
          .from(users)
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

type Decision =
  | { kind: 'accepted' }
  | { kind: 'returned'; reason: string }
  /** The firm agreed with the client's proposal that the request does not apply. */
  | { kind: 'proposal_accepted' }

const DECISION_TITLES = {
  accepted: (actor: string, label: string) => `${actor} accepted ${label}`,
  returned: (actor: string, label: string) => `${actor} returned ${label}`,
  proposal_accepted: (actor: string, label: string) =>
    `${actor} agreed that ${label} is not applicable`,
}

/** The assignees told of a decision on their requests (never the actor). */
function decisionNotices(actor: Principal, requests: RequestFacts[], event: Decision): Notice[] {
  return requests.flatMap((request) =>
    request.assigneeId && request.assigneeId !== actor.userId
      ? [
          {
            userId: request.assigneeId,
            kind: event.kind === 'returned' ? 'returned' : 'accepted',
            title: DECISION_TITLES[event.kind](actor.name, request.label),
            body: event.kind === 'returned' ? event.reason : null,
            url: requestUrl(request),
            about: { requestId: request.id },
          },
        ]
      : [],
  )
}

/**
 * One decision on many requests of an audit (the bulk actions): the assignees are told in one
 * delivery; open pages hear of the audit (publishChange is the caller's, once for all of them).
 */
export async function requestsDecided(
  app: FastifyInstance,
  tx: Db,
  actor: Principal,
  requests: RequestFacts[],
  event: Decision,
  now: Date,
) {
  await deliverNotices(app, tx, actor.organizationId, decisionNotices(actor, requests, event), now)
}

/** A change of a request's status, by `actor`: the hints for open pages and who is told. */
export async function requestChanged(
  app: FastifyInstance,
  tx: Db,
  actor: Principal,
  request: RequestFacts,
  event: { kind: 'submitted' | 'sent' | 'changed' } | Decision,
  now: Date,
) {
  await publishChange(tx, {
    organizationId: actor.organizationId,
    clientId: liveAudience(request),
    topics: [`request:${request.id}`, `audit:${request.auditId}`, 'my-requests'],
  })
  const notices: Notice[] = []
  if (event.kind === 'submitted') {
    const lead = await leadOf(tx, request.auditId)
    if (lead && lead !== actor.userId)
      notices.push({
        userId: lead,
        kind: 'submitted',
        title: `${actor.name} submitted ${request.label} for review`,
        url: requestUrl(request),
        about: { requestId: request.id },
      })
  }
  if (event.kind === 'returned' || event.kind === 'accepted' || event.kind === 'proposal_accepted')
    notices.push(...decisionNotices(actor, [request], event))
  await deliverNotices(app, tx, actor.organizationId, notices, now)
}

/**
 * A new comment (or internal note): everyone taking part (the audit's lead, the assignee, whoever
 * wrote on it) is told, those @mentioned as mentions; the audience rule keeps internal notes to the
 * firm and drafts from the client. `title`: what the others are told when the words come with
 * something else (a client's question or proposal, the firm's answer to it).
 */
export async function commentAdded(
  app: FastifyInstance,
  tx: Db,
  actor: Principal,
  request: RequestFacts,
  comment: { body: string; internal: boolean; title?: string },
  now: Date,
) {
  await publishChange(tx, {
    organizationId: actor.organizationId,
    clientId: liveAudience(request, comment.internal),
    topics: [`request:${request.id}`],
  })
  const lead = await leadOf(tx, request.auditId)
  const takingPart = [
    ...(lead ? [lead] : []),
    ...(request.assigneeId ? [request.assigneeId] : []),
    ...(await commenters(tx, request.id)),
  ]
  // The candidates are read only when the text can mention anyone.
  const mentions = new Set(
    comment.body.includes('@')
      ? mentioned(comment.body, await mentionable(tx, actor, request)).map((person) => person.id)
      : [],
  )
  const excerpt = comment.body.length > 300 ? `${comment.body.slice(0, 300)}…` : comment.body
  const what = comment.internal ? 'an internal note' : 'a comment'
  const notices: Notice[] = [...new Set([...takingPart, ...mentions])]
    .filter((userId) => userId !== actor.userId)
    .map((userId) => ({
      userId,
      kind: mentions.has(userId) ? 'mention' : 'comment',
      title: mentions.has(userId)
        ? `${actor.name} mentioned you on ${request.label}`
        : (comment.title ?? `${actor.name} wrote ${what} on ${request.label}`),
      body: excerpt,
      url: requestUrl(request),
      about: { requestId: request.id, internal: comment.internal },
    }))
  await deliverNotices(app, tx, actor.organizationId, notices, now)
}
