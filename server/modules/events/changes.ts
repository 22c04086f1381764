import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { EVERYTHING } from './sse'

/** NOTIFY channel of the changes live clients are told of (GET /api/events). */
export const CHANGES_CHANNEL = 'auditdesk_changes'

/**
 * PostgreSQL (and PGlite) refuse a NOTIFY payload of this many bytes or more, and the refusal
 * fails the whole transaction of the change.
 */
export const MAX_NOTICE_BYTES = 8000

/**
 * Something changed that open pages may show. Only ids travel; who may hear of it is said here and
 * decided by the events stream for each listener: the company's firm users, plus the client users
 * of `clientId` (null: the firm only, e.g. an internal note), or exactly `userIds` when given.
 */
export interface Change {
  organizationId: string
  clientId: string | null
  userIds?: string[]
  /**
   * `request:<id>`, `audit:<id>`, `my-requests`, `notifications`, `*` (everything). A change of
   * many requests of one audit names the audit, not each request.
   */
  topics: string[]
}

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value))

/**
 * The NOTIFY payloads that tell of `change`, each under MAX_NOTICE_BYTES, whatever a caller puts
 * in it: topics too many to name become `*` (the same audience reloads everything), and named
 * users too many for one notice are told in several.
 */
export function noticesOf(change: Change): string[] {
  if (bytes(change) < MAX_NOTICE_BYTES) return [JSON.stringify(change)]
  const { userIds, ...rest } = change
  const topics = bytes({ ...rest, userIds: [] }) < MAX_NOTICE_BYTES ? change.topics : EVERYTHING
  if (!userIds) return [JSON.stringify({ ...rest, topics })]
  const empty = bytes({ ...rest, topics, userIds: [] })
  const notices: string[] = []
  let batch: string[] = []
  let size = empty
  for (const userId of userIds) {
    const more = bytes(userId) + (batch.length > 0 ? 1 : 0)
    if (batch.length > 0 && size + more >= MAX_NOTICE_BYTES) {
      notices.push(JSON.stringify({ ...rest, topics, userIds: batch }))
      batch = []
      size = empty
    }
    size += bytes(userId) + (batch.length > 0 ? 1 : 0)
    batch.push(userId)
  }
  notices.push(JSON.stringify({ ...rest, topics, userIds: batch }))
  return notices
}

/**
 * Tells every instance's listeners of the change, when `db`'s transaction commits (NOTIFY is
 * delivered on commit; one outside a transaction goes at once).
 */
export async function publishChange(db: Db, change: Change) {
  for (const notice of noticesOf(change))
    await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${notice})`)
}
