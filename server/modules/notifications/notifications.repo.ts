import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Notification } from '@shared/schemas/reminders'
import { visibleNotifications, type RequestAudience } from '../../access/audience'
import type { Principal } from '../../access/principal'
import type { Db } from '../../db/client'
import { idIn } from '../../db/id-in'
import { jsonRows, key, pageQuery, type Keyset } from '../../db/keyset'
import { auditRequests, audits, notifications, projects, users } from '../../db/schema'
import { isoTimestamp } from '../../db/timestamps'

type Viewer = Pick<Principal, 'userId' | 'role' | 'clientId'>

const newestFirst: Keyset = {
  keys: [key(notifications.createdAt, 'timestamptz'), key(notifications.id, 'uuid')],
  direction: 'desc',
}

/** Lists read a notification as one JSON text per row (decision 052). */
const listed = jsonRows(newestFirst, {
  id: notifications.id,
  kind: notifications.kind,
  title: notifications.title,
  body: notifications.body,
  url: notifications.url,
  createdAt: isoTimestamp(notifications.createdAt),
  readAt: isoTimestamp(notifications.readAt),
})

/** A page of the user's notifications in the app that they may see now, newest first. */
export async function listNotifications(
  db: Db,
  viewer: Viewer,
  request: { limit: number; cursor?: string },
) {
  const page = pageQuery(newestFirst, request)
  const rows = await db
    .select({ row: listed.row })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, viewer.userId),
        eq(notifications.inApp, true),
        visibleNotifications(viewer),
        page.after,
      ),
    )
    .orderBy(...page.orderBy)
    .limit(page.limit)
  return listed.page(rows, request) as { items: Notification[]; next: string | null }
}

export async function unreadCount(db: Db, viewer: Viewer) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, viewer.userId),
        eq(notifications.inApp, true),
        sql`${notifications.readAt} is null`,
        visibleNotifications(viewer),
      ),
    )
  return row?.n ?? 0
}

/** These of the user's (others' ids are ignored), or all of them. */
export async function markRead(db: Db, userId: string, ids: string[] | undefined, now: Date) {
  if (ids?.length === 0) return
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.userId, userId),
        sql`${notifications.readAt} is null`,
        ids ? inArray(notifications.id, ids) : undefined,
      ),
    )
}

/** The role and client of each of these users of the company now (the audience rule's viewer). */
export async function viewersOf(db: Db, orgId: string, userIds: string[]) {
  const rows = await db
    .select({ id: users.id, role: users.role, clientId: users.clientId })
    .from(users)
    .where(and(eq(users.organizationId, orgId), idIn(users.id, userIds)))
  return new Map(rows.map((row) => [row.id, row]))
}

/** Whose each of these requests of the company is, and whether it was sent, now. */
export async function requestAudiences(db: Db, orgId: string, requestIds: string[]) {
  const rows = await db
    .select({
      id: auditRequests.id,
      clientId: projects.clientId,
      sent: sql<boolean>`${isNotNull(auditRequests.sentAt)}`,
    })
    .from(auditRequests)
    .innerJoin(audits, eq(audits.id, auditRequests.auditId))
    .innerJoin(projects, eq(projects.id, audits.projectId))
    .where(and(eq(auditRequests.organizationId, orgId), idIn(auditRequests.id, requestIds)))
  return new Map<string, RequestAudience>(rows.map(({ id, ...audience }) => [id, audience]))
}
