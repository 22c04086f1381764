import { and, asc, desc, eq } from 'drizzle-orm'
import { RECENT_ACTIVITY_LIMIT, type ActivityAction } from '@shared/schemas/dashboard'
import type { Db } from '../../db/client'
import { activityEvents } from '../../db/schema'
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
  about: { requestId?: string } = {},
) {
  await db.insert(activityEvents).values({
    organizationId: actor.organizationId,
    actorUserId: actor.userId,
    actorName: actor.name,
    action,
    target,
    requestId: about.requestId ?? null,
    createdAt: now,
    updatedAt: now,
  })
}

const eventColumns = {
  id: activityEvents.id,
  actor: activityEvents.actorName,
  action: activityEvents.action,
  target: activityEvents.target,
  createdAt: activityEvents.createdAt,
}

const toDto = <T extends { createdAt: Date }>(row: T) => ({ ...row, createdAt: iso(row.createdAt) })

/** Newest first; `actorUserId` narrows it to one user's own events. */
export async function recentActivity(
  db: Db,
  orgId: string,
  filter: { actorUserId?: string } = {},
  limit = RECENT_ACTIVITY_LIMIT,
) {
  const rows = await db
    .select(eventColumns)
    .from(activityEvents)
    .where(
      and(
        eq(activityEvents.organizationId, orgId),
        filter.actorUserId ? eq(activityEvents.actorUserId, filter.actorUserId) : undefined,
      ),
    )
    .orderBy(desc(activityEvents.createdAt), desc(activityEvents.id))
    .limit(limit)
  return rows.map(toDto)
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
