import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'

/** NOTIFY channel of the changes live clients are told of (GET /api/events). */
export const CHANGES_CHANNEL = 'auditdesk_changes'

/**
 * Something changed that open pages may show. Only ids travel; who may hear of it is said here and
 * decided by the events stream for each listener: the company's firm users, plus the client users
 * of `clientId` (null: the firm only, e.g. an internal note), or exactly `userIds` when given.
 */
export interface Change {
  organizationId: string
  clientId: string | null
  userIds?: string[]
  /** `request:<id>`, `audit:<id>`, `my-requests`, `notifications`. */
  topics: string[]
}

/** Who hears of a change: decided once here, for every listener. */
export function mayHear(
  listener: { userId: string; organizationId: string; clientId: string | null; firm: boolean },
  change: Change,
) {
  if (listener.organizationId !== change.organizationId) return false
  if (change.userIds) return change.userIds.includes(listener.userId)
  return listener.firm || (change.clientId !== null && listener.clientId === change.clientId)
}

/**
 * Tells every instance's listeners of the change, when `db`'s transaction commits (NOTIFY is
 * delivered on commit; one outside a transaction goes at once).
 */
export async function publishChange(db: Db, change: Change) {
  await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify(change)})`)
}
