import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import {
  ACTIVITY_KINDS,
  RECENT_ACTIVITY_LIMIT,
  type ActivityAction,
  type ActivityKind,
  type FieldChange,
} from '@shared/schemas/dashboard'
import { selectRows, type Db } from '../../db/client'
import { key, mapPage, pageQuery, toPage, type Keyset, type PageRequest } from '../../db/keyset'
import { activityEvents, auditRequests, audits, clients, projects } from '../../db/schema'
import { iso } from '../../lib/dto'

/** Who did it, in which company: their id and their name at that moment. */
export interface Actor {
  organizationId: string
  userId: string
  name: string
}

/**
 * What an event is about: its request (whose audit it then belongs to, unless `auditId` says),
 * or its audit; what was said with it; what it changed.
 */
export interface EventAbout {
  requestId?: string | undefined
  auditId?: string | undefined
  detail?: string | null | undefined
  changes?: FieldChange[] | undefined
}

/**
 * Appends one event to the company's trail; call it inside the change's own transaction (and,
 * for a request about to be deleted, before the delete). The trail is append-only: nothing in the
 * app updates or deletes its rows (a test holds every module to that).
 */
export async function recordActivity(
  db: Db,
  actor: Actor,
  action: ActivityAction,
  target: string,
  now: Date,
  about: EventAbout = {},
) {
  await recordActivities(db, actor, action, [{ target, ...about }], now)
}

/**
 * The same action on several targets (a send of many requests): one statement per 1,000, its
 * events as one JSON parameter. Drizzle builds a multi-row insert value by value, about 15 ms of
 * the thread that serves everyone for 400 rows (bench/README.md, "Neighbours"). Answers the rows
 * written, as the domain events' readers (webhooks) take them.
 */
export async function recordActivities(
  db: Db,
  actor: Actor,
  action: ActivityAction,
  events: Array<{ target: string } & EventAbout>,
  now: Date,
) {
  const written: RecordedEvent[] = []
  for (let start = 0; start < events.length; start += 1000) {
    const batch = events.slice(start, start + 1000).map((event) => ({
      target: event.target,
      requestId: event.requestId ?? null,
      auditId: event.auditId ?? null,
      detail: event.detail ?? null,
      changes: event.changes && event.changes.length > 0 ? event.changes : null,
    }))
    const rows = await selectRows<{
      id: string
      target: string
      request_id: string | null
      audit_id: string | null
      detail: string | null
      changes: FieldChange[] | null
    }>(
      db,
      sql`insert into ${activityEvents} (organization_id, actor_user_id, actor_name, action, target,
          request_id, audit_id, detail, changes, created_at, updated_at)
        select ${actor.organizationId}, ${actor.userId}, ${actor.name}, ${action},
          e.value->>'target', (e.value->>'requestId')::uuid,
          coalesce((e.value->>'auditId')::uuid, (select r.audit_id from ${auditRequests} r
            where r.id = (e.value->>'requestId')::uuid)),
          e.value->>'detail', nullif(e.value->'changes', 'null'::jsonb), ${now}, ${now}
        from jsonb_array_elements(${JSON.stringify(batch)}::jsonb) with ordinality as e(value, n)
        order by e.n
        returning id, target, request_id, audit_id, detail, changes`,
    )
    for (const row of rows)
      written.push({
        id: row.id,
        action,
        actorUserId: actor.userId,
        actorName: actor.name,
        target: row.target,
        requestId: row.request_id,
        auditId: row.audit_id,
        detail: row.detail,
        changes: row.changes,
        createdAt: now,
      })
  }
  return written
}

/** A row of the trail as the domain events' readers (webhooks) take it. */
export interface RecordedEvent {
  id: string
  action: ActivityAction
  actorUserId: string | null
  actorName: string
  target: string
  requestId: string | null
  auditId: string | null
  detail: string | null
  changes: FieldChange[] | null
  createdAt: Date
}

const eventColumns = {
  id: activityEvents.id,
  actor: activityEvents.actorName,
  action: activityEvents.action,
  target: activityEvents.target,
  detail: activityEvents.detail,
  changes: activityEvents.changes,
  createdAt: activityEvents.createdAt,
}

const toDto = <T extends { createdAt: Date; changes: FieldChange[] | null }>(row: T) => ({
  ...row,
  changes: row.changes ?? [],
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
    changes: FieldChange[] | null
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
  changes: row.changes ?? [],
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

/**
 * One request's events, oldest first: its history. `firm`: false leaves out the firm's internal
 * notes (the audience rule, for a client user).
 */
export async function requestActivity(db: Db, orgId: string, requestId: string, firm: boolean) {
  const rows = await db
    .select(eventColumns)
    .from(activityEvents)
    .where(
      and(
        eq(activityEvents.organizationId, orgId),
        eq(activityEvents.requestId, requestId),
        firm ? undefined : sql`${activityEvents.action} <> 'request.noted'`,
      ),
    )
    .orderBy(asc(activityEvents.createdAt), asc(activityEvents.id))
  return rows.map(toDto)
}

export interface AuditTrailFilter {
  actorUserId?: string | undefined
  kind?: ActivityKind | undefined
}

const auditTrailWhere = (orgId: string, auditId: string, filter: AuditTrailFilter) =>
  and(
    eq(activityEvents.organizationId, orgId),
    eq(activityEvents.auditId, auditId),
    filter.actorUserId ? eq(activityEvents.actorUserId, filter.actorUserId) : undefined,
    filter.kind ? inArray(activityEvents.action, [...ACTIVITY_KINDS[filter.kind]]) : undefined,
  )

const trailColumns = {
  ...eventColumns,
  actorId: activityEvents.actorUserId,
  requestId: activityEvents.requestId,
}

const trailDto = <T extends { createdAt: Date; changes: FieldChange[] | null }>({
  requestId,
  actorId,
  ...row
}: T & { requestId: string | null; actorId: string | null }) => {
  const { request: _none, ...event } = toDto(row)
  return { ...event, actorId, requestId }
}

/**
 * A page of an audit's trail (the firm's: internal notes included), newest first: the events of
 * the audit and of its requests, those of deleted requests too.
 */
export async function auditActivityPage(
  db: Db,
  orgId: string,
  auditId: string,
  filter: AuditTrailFilter,
  request: PageRequest,
) {
  const page = pageQuery(newestFirst, request)
  const rows = await db
    .select({ ...trailColumns, pageKey: page.pageKey })
    .from(activityEvents)
    .where(and(auditTrailWhere(orgId, auditId, filter), page.after))
    .orderBy(...page.orderBy)
    .limit(page.limit)
  return mapPage(toPage(rows, request), trailDto)
}

/** The whole trail of an audit, oldest first, a batch at a time (the CSV). */
export async function* auditActivityInBatches(
  db: Db,
  orgId: string,
  auditId: string,
  filter: AuditTrailFilter,
  batch = 1000,
) {
  const oldestFirst: Keyset = { ...newestFirst, direction: 'asc' }
  let cursor: string | undefined
  do {
    const page = pageQuery(oldestFirst, { limit: batch, cursor })
    const rows = await db
      .select({ ...trailColumns, pageKey: page.pageKey })
      .from(activityEvents)
      .where(and(auditTrailWhere(orgId, auditId, filter), page.after))
      .orderBy(...page.orderBy)
      .limit(page.limit)
    const { items, next } = mapPage(toPage(rows, { limit: batch, cursor }), trailDto)
    yield items
    cursor = next ?? undefined
  } while (cursor)
}
