import { eq, inArray } from 'drizzle-orm'
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_KINDS,
  type NotificationPreferences,
  type UpdateNotificationPreferencesInput,
} from '@shared/schemas/reminders'
import type { Db } from '../../db/client'
import { notificationPreferences } from '../../db/schema'

type Stored = Partial<Record<string, { inApp?: boolean; email?: boolean }>>

/** The stored choices over the defaults; kinds added later start at their default. */
function merged(stored: Stored): NotificationPreferences {
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [
      kind,
      { ...DEFAULT_NOTIFICATION_PREFERENCES[kind], ...stored[kind] },
    ]),
  ) as NotificationPreferences
}

export async function getPreferences(db: Db, userId: string) {
  const [row] = await db
    .select({ preferences: notificationPreferences.preferences })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
  return merged((row?.preferences ?? {}) as Stored)
}

/** Several users' preferences at once (the recipients of one event). */
export async function preferencesOf(db: Db, userIds: string[]) {
  const unique = [...new Set(userIds)]
  const rows = unique.length
    ? await db
        .select({
          userId: notificationPreferences.userId,
          preferences: notificationPreferences.preferences,
        })
        .from(notificationPreferences)
        .where(inArray(notificationPreferences.userId, unique))
    : []
  const stored = new Map(rows.map((row) => [row.userId, row.preferences as Stored]))
  return new Map(unique.map((userId) => [userId, merged(stored.get(userId) ?? {})]))
}

/** Applies the change under the row's lock, so that two changes at once both stay. */
export async function updatePreferences(
  db: Db,
  userId: string,
  change: UpdateNotificationPreferencesInput,
  now: Date,
) {
  return db.transaction(async (tx) => {
    await tx
      .insert(notificationPreferences)
      .values({ userId, preferences: {}, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
    const [row] = await tx
      .select({ preferences: notificationPreferences.preferences })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId))
      .for('update')
    const stored = (row?.preferences ?? {}) as Stored
    const next: Stored = { ...stored }
    for (const kind of NOTIFICATION_KINDS)
      if (change[kind]) next[kind] = { ...stored[kind], ...change[kind] }
    await tx
      .update(notificationPreferences)
      .set({ preferences: next, updatedAt: now })
      .where(eq(notificationPreferences.userId, userId))
    return merged(next)
  })
}
