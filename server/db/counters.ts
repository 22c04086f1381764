import { and, eq, gt, inArray, sql } from 'drizzle-orm'
import type { Db } from './client'
import { loginThrottle } from './schema'

/** A counter with a fixed window: at most `limit` in `windowMs`, starting with the first one. */
export interface CounterRule {
  key: string
  limit: number
  windowMs: number
}

export interface CounterState {
  rule: CounterRule
  count: number
  /** Seconds until the window ends. */
  resetsIn: number
}

/**
 * Adds one to each counter and returns their new values, each in one statement (a window that
 * has ended starts again at 1): two requests at once never read the same count.
 */
export async function hit(db: Db, rules: CounterRule[], now: Date): Promise<CounterState[]> {
  const states: CounterState[] = []
  for (const rule of rules) {
    const windowEndsAt = new Date(now.getTime() + rule.windowMs)
    const [row] = await db
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
      .returning({ count: loginThrottle.failures, windowEndsAt: loginThrottle.windowEndsAt })
    states.push({
      rule,
      count: row!.count,
      resetsIn: Math.max(1, Math.ceil((row!.windowEndsAt.getTime() - now.getTime()) / 1000)),
    })
  }
  return states
}

/** Takes one back from each counter whose window is still running (an attempt that succeeded). */
export async function refund(db: Db, keys: string[], now: Date) {
  if (keys.length === 0) return
  await db
    .update(loginThrottle)
    .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)`, updatedAt: now })
    .where(and(inArray(loginThrottle.key, keys), gt(loginThrottle.windowEndsAt, now)))
}

export async function clearCounter(db: Db, key: string) {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key))
}

/** Every counter whose key starts with `prefix`. */
export async function clearCounters(db: Db, prefix: string) {
  await db.delete(loginThrottle).where(sql`starts_with(${loginThrottle.key}, ${prefix})`)
}

/** Counters whose window ended before `now`: nothing reads them again. */
export async function deleteEndedCounters(db: Db, now: Date) {
  const deleted = await db
    .delete(loginThrottle)
    .where(sql`${loginThrottle.windowEndsAt} <= ${now}`)
    .returning({ key: loginThrottle.key })
  return deleted.length
}
