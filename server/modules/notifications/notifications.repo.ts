import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Notification } from '@shared/schemas/reminders'
import type { Db } from '../../db/client'
import { key, pageQuery, toPage, type Keyset } from '../../db/keyset'
import { notifications } from '../../db/schema'
import { isoTimestamp } from '../../db/timestamps'

const newestFirst: Keyset = {
  keys: [key(notifications.createdAt, 'timestamptz'), key(notifications.id, 'uuid')],
  direction: 'desc',
}

/** A page of the user's notifications in the app, newest first. */
export async function listNotifications(
  db: Db,
  userId: string,
  request: { limit: number; cursor?: string },
) {
  const page = pageQuery(newestFirst, request)
  const rows = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      url: notifications.url,
      createdAt: isoTimestamp(notifications.createdAt),
      readAt: isoTimestamp(notifications.readAt),
      pageKey: page.pageKey,
    })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.inApp, true), page.after))
    .orderBy(...page.orderBy)
    .limit(page.limit)
  return toPage(rows, request) as { items: Notification[]; next: string | null }
}

export async function unreadCount(db: Db, userId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.inApp, true),
        sql`${notifications.readAt} is null`,
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
