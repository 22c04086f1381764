import { and, eq, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { mailDeliveries } from '../db/schema'

/**
 * Records that the mail of this job is about to be handed over. Answers the hand-overs begun so
 * far (this one included), or null when the mail was sent already: nothing to do.
 */
export async function beginHandover(db: Db, jobId: string, now: Date) {
  const [row] = await db
    .insert(mailDeliveries)
    .values({ jobId, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: mailDeliveries.jobId,
      set: { attempts: sql`${mailDeliveries.attempts} + 1`, updatedAt: now },
      setWhere: isNull(mailDeliveries.sentAt),
    })
    .returning({ attempts: mailDeliveries.attempts })
  return row ? row.attempts : null
}

export async function markSent(db: Db, jobId: string, now: Date) {
  await db
    .update(mailDeliveries)
    .set({ sentAt: now, updatedAt: now })
    .where(and(eq(mailDeliveries.jobId, jobId), isNull(mailDeliveries.sentAt)))
}

/** Records older than any job that could still run again (maintenance). */
export async function deleteOldDeliveries(db: Db, before: Date) {
  const rows = await db
    .delete(mailDeliveries)
    .where(lt(mailDeliveries.createdAt, before))
    .returning({ jobId: mailDeliveries.jobId })
  return rows.length
}
