import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { fullName } from '@shared/format'
import type { NotificationKind } from '@shared/schemas/reminders'
import type { Principal } from '../../access/principal'
import type { Db } from '../../db/client'
import { auditMembers, notifications, requestComments, users } from '../../db/schema'
import { publishChange } from '../events/changes'
import { preferencesOf } from './preferences.repo'

/**
 * Who is told of what, in one place: notifications in the bell, the event mails they feed, and
 * the live hints of open pages. Called inside the transaction of the change, so that all of it
 * exists exactly when the change does. Never the actor; never a client user of anything internal
 * or of another client.
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
  /** Whether the client's users see it (it has been sent). */
  clientSees: boolean
}

export interface Notice {
  userId: string
  kind: NotificationKind
  title: string
  body?: string | null
  url: string
}

/** Writes the notices their recipients want (in the app, by mail) and wakes the mail job. */
export async function deliverNotices(
  app: FastifyInstance,
  tx: Db,
  organizationId: string,
  notices: Notice[],
  now: Date,
) {
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

/** Everyone who wrote on the request, by side (internal notes: the firm's people only). */
async function commenters(tx: Db, requestId: string) {
  const rows = await tx
    .selectDistinct({ userId: users.id, role: users.role, internal: requestComments.internal })
    .from(requestComments)
    .innerJoin(users, eq(users.id, requestComments.authorUserId))
    .where(eq(requestComments.requestId, requestId))
  return rows
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

/** A change of a request's status, by `actor`: the hints for open pages and who is told. */
export async function requestChanged(
  app: FastifyInstance,
  tx: Db,
  actor: Principal,
  request: RequestFacts,
  event:
    { kind: 'submitted' | 'accepted' | 'sent' | 'changed' } | { kind: 'returned'; reason: string },
  now: Date,
) {
  await publishChange(tx, {
    organizationId: actor.organizationId,
    clientId: request.clientSees ? request.clientId : null,
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
      })
  }
  if ((event.kind === 'returned' || event.kind === 'accepted') && request.assigneeId)
    if (request.assigneeId !== actor.userId)
      notices.push({
        userId: request.assigneeId,
        kind: event.kind,
        title:
          event.kind === 'returned'
            ? `${actor.name} returned ${request.label}`
            : `${actor.name} accepted ${request.label}`,
        body: event.kind === 'returned' ? event.reason : null,
        url: requestUrl(request),
      })
  await deliverNotices(app, tx, actor.organizationId, notices, now)
}

/**
 * A new comment (or internal note): the other side and everyone taking part are told, those
 * @mentioned as mentions. Internal notes reach the firm's people only.
 */
export async function commentAdded(
  app: FastifyInstance,
  tx: Db,
  actor: Principal,
  request: RequestFacts,
  comment: { body: string; internal: boolean },
  now: Date,
) {
  await publishChange(tx, {
    organizationId: actor.organizationId,
    clientId: comment.internal ? null : request.clientId,
    topics: [`request:${request.id}`],
  })
  const firmSide = new Set<string>()
  const clientSide = new Set<string>()
  const lead = await leadOf(tx, request.auditId)
  if (lead) firmSide.add(lead)
  if (request.assigneeId) clientSide.add(request.assigneeId)
  for (const writer of await commenters(tx, request.id)) {
    if (writer.role === 'client') {
      if (!writer.internal) clientSide.add(writer.userId)
    } else firmSide.add(writer.userId)
  }
  const audience = comment.internal ? [...firmSide] : [...firmSide, ...clientSide]
  // The candidates are read only when the text can mention anyone.
  const mentions = new Set(
    comment.body.includes('@')
      ? mentioned(comment.body, await mentionable(tx, actor, request)).map((person) => person.id)
      : [],
  )
  const excerpt = comment.body.length > 300 ? `${comment.body.slice(0, 300)}…` : comment.body
  const what = comment.internal ? 'an internal note' : 'a comment'
  const notices: Notice[] = [...new Set([...audience, ...mentions])]
    .filter((userId) => userId !== actor.userId)
    .map((userId) => ({
      userId,
      kind: mentions.has(userId) ? 'mention' : 'comment',
      title: mentions.has(userId)
        ? `${actor.name} mentioned you on ${request.label}`
        : `${actor.name} wrote ${what} on ${request.label}`,
      body: excerpt,
      url: requestUrl(request),
    }))
  await deliverNotices(app, tx, actor.organizationId, notices, now)
}
