import { and, count, eq, lt, or, sql } from 'drizzle-orm'
import type { PrepareFileInput, PreparedFileKind } from '@shared/schemas/prepared-files'
import type { Db } from '../../db/client'
import { people, preparedFiles, users, withPerson } from '../../db/schema'

export type PreparedFileRow = typeof preparedFiles.$inferSelect

export async function insertPreparedFile(
  db: Db,
  row: {
    organizationId: string
    userId: string
    kind: PreparedFileKind
    input: PrepareFileInput
    createdAt: Date
  },
) {
  const [inserted] = await db.insert(preparedFiles).values(row).returning()
  return inserted!
}

/** The user's own file (anyone else's: undefined). */
export async function findPreparedFile(db: Db, orgId: string, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(preparedFiles)
    .where(
      and(
        eq(preparedFiles.id, id),
        eq(preparedFiles.organizationId, orgId),
        eq(preparedFiles.userId, userId),
      ),
    )
  return row
}

/** The file a job is to make, if it is still waiting to be made. */
export async function pendingPreparedFile(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(preparedFiles)
    .where(and(eq(preparedFiles.id, id), eq(preparedFiles.status, 'pending')))
  return row
}

/**
 * How many of the user's files are still being made, the user held until the transaction ends: two
 * asks at once count one after the other.
 */
export async function pendingCountHeld(tx: Db, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
  const [row] = await tx
    .select({ n: count() })
    .from(preparedFiles)
    .where(and(eq(preparedFiles.userId, userId), eq(preparedFiles.status, 'pending')))
  return row?.n ?? 0
}

/** Records the stored file; false when the row is no longer waiting (made by another try). */
export async function markReady(
  db: Db,
  id: string,
  file: {
    fileName: string
    contentType: string
    storageKey: string
    sizeBytes: number
    readyAt: Date
    expiresAt: Date
  },
) {
  const rows = await db
    .update(preparedFiles)
    .set({ status: 'ready', ...file })
    .where(and(eq(preparedFiles.id, id), eq(preparedFiles.status, 'pending')))
    .returning({ id: preparedFiles.id })
  return rows.length > 0
}

/** Records why it could not be made; false when the row is no longer waiting. */
export async function markFailed(db: Db, id: string, error: string, at: Date) {
  const rows = await db
    .update(preparedFiles)
    .set({ status: 'failed', error, readyAt: at })
    .where(and(eq(preparedFiles.id, id), eq(preparedFiles.status, 'pending')))
    .returning({ id: preparedFiles.id })
  return rows.length > 0
}

/**
 * Deletes the files past their day (and those that failed or never finished a day ago): the rows,
 * answering the stored keys to delete.
 */
export async function deleteExpired(db: Db, now: Date, dayAgo: Date) {
  const rows = await db
    .delete(preparedFiles)
    .where(
      or(
        lt(preparedFiles.expiresAt, now),
        and(sql`${preparedFiles.status} <> 'ready'`, lt(preparedFiles.createdAt, dayAgo)),
      ),
    )
    .returning({ storageKey: preparedFiles.storageKey })
  return rows.flatMap((row) => (row.storageKey ? [row.storageKey] : []))
}

/** The asker as they are now (null: no longer a user of the company). */
export async function askerOf(db: Db, orgId: string, userId: string) {
  const [row] = await db
    .select({
      userId: users.id,
      organizationId: users.organizationId,
      role: users.role,
      clientId: users.clientId,
      firstName: people.firstName,
      lastName: people.lastName,
    })
    .from(users)
    .innerJoin(people, withPerson)
    .where(and(eq(users.id, userId), eq(users.organizationId, orgId)))
  return row ?? null
}
