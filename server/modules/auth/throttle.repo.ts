import { inArray, sql, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { loginThrottle } from '../../db/schema'

export interface ThrottleRule {
  key: string
  limit: number
  windowMs: number
}

/** Seconds until the caller may try again, or 0 when no rule is exhausted. */
export async function throttleWait(db: Db, rules: ThrottleRule[], now: Date): Promise<number> {
  const rows = await db
    .select()
    .from(loginThrottle)
    .where(
      inArray(
        loginThrottle.key,
        rules.map((r) => r.key),
      ),
    )
  let wait = 0
  for (const row of rows) {
    const rule = rules.find((r) => r.key === row.key)
    if (!rule || row.windowEndsAt <= now || row.failures < rule.limit) continue
    wait = Math.max(wait, Math.ceil((row.windowEndsAt.getTime() - now.getTime()) / 1000))
  }
  return wait
}

/** Counts one failure against each rule, starting a new window where the old one has ended. */
export async function recordFailure(db: Db, rules: ThrottleRule[], now: Date) {
  for (const rule of rules) {
    const windowEndsAt = new Date(now.getTime() + rule.windowMs)
    await db
      .insert(loginThrottle)
      .values({ key: rule.key, failures: 1, windowEndsAt, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: sql`case when ${loginThrottle.windowEndsAt} <= ${now} then 1 else ${loginThrottle.failures} + 1 end`,
          windowEndsAt: sql`case when ${loginThrottle.windowEndsAt} <= ${now} then ${windowEndsAt} else ${loginThrottle.windowEndsAt} end`,
          updatedAt: now,
        },
      })
  }
}

export async function clearThrottle(db: Db, key: string) {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key))
}
