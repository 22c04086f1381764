import { and, eq, gt, inArray, sql } from 'drizzle-orm'
import type { Db } from './client'
import { rateCounters } from './schema'

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
      .insert(rateCounters)
      .values({ key: rule.key, count: 1, windowEndsAt, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: rateCounters.key,
        set: {
          count: sql`case when ${rateCounters.windowEndsAt} <= ${now} then 1 else ${rateCounters.count} + 1 end`,
          windowEndsAt: sql`case when ${rateCounters.windowEndsAt} <= ${now} then ${windowEndsAt} else ${rateCounters.windowEndsAt} end`,
          updatedAt: now,
        },
      })
      .returning({ count: rateCounters.count, windowEndsAt: rateCounters.windowEndsAt })
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
    .update(rateCounters)
    .set({ count: sql`greatest(${rateCounters.count} - 1, 0)`, updatedAt: now })
    .where(and(inArray(rateCounters.key, keys), gt(rateCounters.windowEndsAt, now)))
}

export async function clearCounter(db: Db, key: string) {
  await db.delete(rateCounters).where(eq(rateCounters.key, key))
}

/** Every counter whose key starts with `prefix`. */
export async function clearCounters(db: Db, prefix: string) {
  await db.delete(rateCounters).where(sql`starts_with(${rateCounters.key}, ${prefix})`)
}

/** Counters whose window ended before `now`: nothing reads them again. */
export async function deleteEndedCounters(db: Db, now: Date) {
  const deleted = await db
    .delete(rateCounters)
    .where(sql`${rateCounters.windowEndsAt} <= ${now}`)
    .returning({ key: rateCounters.key })
  return deleted.length
}
