import { and, asc, eq } from 'drizzle-orm'
import { RECENT_ACTIVITY_LIMIT, type ActivityAction } from '@shared/schemas/dashboard'
import type { Db } from '../../db/client'
import { key, mapPage, pageQuery, toPage, type Keyset, type PageRequest } from '../../db/keyset'
import { activityEvents, auditRequests, audits, clients, projects } from '../../db/schema'
import { iso } from '../../lib/dto'

/** Who did it, in which company: their id and their name at that moment. */
export interface Actor {
  organizationId: string
  userId: string
  name: string
}

/** Appends one event to the company's trail; call it inside the change's own transaction. */
export async function recordActivity(
  db: Db,
  actor: Actor,
  action: ActivityAction,
  target: string,
  now: Date,
  about: { requestId?: string; detail?: string | null } = {},
) {
  await recordActivities(
    db,
    actor,
    action,
    [{ target, requestId: about.requestId, detail: about.detail }],
    now,
  )
}

/** The same action on several targets (a send of many requests): one statement per 1,000. */
export async function recordActivities(
  db: Db,
  actor: Actor,
  action: ActivityAction,
  events: Array<{
    target: string
    requestId?: string | undefined
    detail?: string | null | undefined
  }>,
  now: Date,
) {
  for (let start = 0; start < events.length; start += 1000)
    await db.insert(activityEvents).values(
      events.slice(start, start + 1000).map((event) => ({
        organizationId: actor.organizationId,
        actorUserId: actor.userId,
        actorName: actor.name,
        action,
        target: event.target,
        requestId: event.requestId ?? null,
        detail: event.detail ?? null,
        createdAt: now,
        updatedAt: now,
      })),
    )
}

const eventColumns = {
  id: activityEvents.id,
  actor: activityEvents.actorName,
  action: activityEvents.action,
  target: activityEvents.target,
  detail: activityEvents.detail,
  createdAt: activityEvents.createdAt,
}

const toDto = <T extends { createdAt: Date }>(row: T) => ({
  ...row,
  createdAt: iso(row.createdAt),
  request: null,
})

/** Where an event's request sits, while it exists: the link and the names of its audit and client. */
const placeColumns = {
  requestId: activityEvents.requestId,
  auditId: audits.id,
  auditName: audits.name,
  clientName: clients.name,
}

const withPlace = <
  T extends {
    createdAt: Date
    requestId: string | null
    auditId: string | null
    auditName: string | null
    clientName: string | null
  },
>({
  requestId,
  auditId,
  auditName,
  clientName,
  ...row
}: T) => ({
  ...row,
  createdAt: iso(row.createdAt),
  request:
    requestId && auditId && auditName !== null && clientName !== null
      ? { id: requestId, auditId, auditName, clientName }
      : null,
})

const newestFirst: Keyset = {
  keys: [key(activityEvents.createdAt, 'timestamptz'), key(activityEvents.id, 'uuid')],
  direction: 'desc',
}

/** A page of the company's trail, newest first; `actorUserId` narrows it to one user's events. */
export async function activityPage(
  db: Db,
  orgId: string,
  filter: { actorUserId?: string | undefined },
  request: PageRequest,
) {
  const page = pageQuery(newestFirst, request)
  const rows = await db
    .select({ ...eventColumns, ...placeColumns, pageKey: page.pageKey })
    .from(activityEvents)
    .leftJoin(auditRequests, eq(auditRequests.id, activityEvents.requestId))
    .leftJoin(audits, eq(audits.id, auditRequests.auditId))
    .leftJoin(projects, eq(projects.id, audits.projectId))
    .leftJoin(clients, eq(clients.id, projects.clientId))
    .where(
      and(
        eq(activityEvents.organizationId, orgId),
        filter.actorUserId ? eq(activityEvents.actorUserId, filter.actorUserId) : undefined,
        page.after,
      ),
    )
    .orderBy(...page.orderBy)
    .limit(page.limit)
  return mapPage(toPage(rows, request), withPlace)
}

/** The newest events (the dashboard's). */
export async function recentActivity(
  db: Db,
  orgId: string,
  filter: { actorUserId?: string | undefined } = {},
) {
  return (await activityPage(db, orgId, filter, { limit: RECENT_ACTIVITY_LIMIT })).items
}

/** One request's events, oldest first: its history. */
export async function requestActivity(db: Db, orgId: string, requestId: string) {
  const rows = await db
    .select(eventColumns)
    .from(activityEvents)
    .where(and(eq(activityEvents.organizationId, orgId), eq(activityEvents.requestId, requestId)))
    .orderBy(asc(activityEvents.createdAt), asc(activityEvents.id))
  return rows.map(toDto)
}
