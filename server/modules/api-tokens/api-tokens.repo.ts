import { and, count, desc, eq, gt, lte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { prepared } from '../../db/prepared'
import { apiTokens, organizations, people, users, withPerson } from '../../db/schema'
import { callerColumns, callerOf, type FoundSession } from '../auth/caller'

export type ApiTokenRow = typeof apiTokens.$inferSelect

/** last_used_at is written at most this often, as sessions' last_seen_at. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000

export async function insertApiToken(db: Db, values: typeof apiTokens.$inferInsert) {
  const [row] = await db.insert(apiTokens).values(values).returning()
  if (!row) throw new Error('API token not inserted')
  return row
}

/** How many tokens the membership holds, it held until the transaction ends (two makes at once count one after the other). */
export async function tokenCountHeld(tx: Db, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
  const [row] = await tx.select({ n: count() }).from(apiTokens).where(eq(apiTokens.userId, userId))
  return row?.n ?? 0
}

/** A membership's tokens, newest first. */
export const listUserTokens = (db: Db, userId: string) =>
  db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))

/** Every token of a company with its owner, newest first. */
export const listCompanyTokens = (db: Db, organizationId: string) =>
  db
    .select({
      token: apiTokens,
      owner: {
        id: users.id,
        firstName: people.firstName,
        lastName: people.lastName,
        email: people.email,
        role: users.role,
      },
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .innerJoin(people, withPerson)
    .where(eq(apiTokens.organizationId, organizationId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))

/** Deletes a token where `owner` holds (its membership's, or its company's); null when none. */
export async function deleteApiToken(
  db: Db,
  id: string,
  owner: { userId: string } | { organizationId: string },
) {
  const [row] = await db
    .delete(apiTokens)
    .where(
      and(
        eq(apiTokens.id, id),
        'userId' in owner
          ? eq(apiTokens.userId, owner.userId)
          : eq(apiTokens.organizationId, owner.organizationId),
      ),
    )
    .returning({ id: apiTokens.id, userId: apiTokens.userId })
  return row ?? null
}

const tokenCallerQuery = prepared((db) =>
  db
    .select({
      ...callerColumns,
      tokenId: apiTokens.id,
      canWrite: apiTokens.canWrite,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .innerJoin(people, withPerson)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(
      and(
        eq(apiTokens.tokenHash, sql.placeholder('tokenHash')),
        gt(apiTokens.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('find_api_token_caller'),
)

/**
 * Resolves an unexpired API token by its secret's hash to the membership it acts as, in one query
 * (as a session is); notes now and then when it was last used.
 */
export async function findTokenCaller(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<FoundSession | null> {
  const [row] = await tokenCallerQuery(db).execute({ tokenHash, now: now.toISOString() })
  if (!row) return null
  const { tokenId, canWrite, expiresAt, lastUsedAt, ...fields } = row
  if (!lastUsedAt || now.getTime() - lastUsedAt.getTime() > TOUCH_INTERVAL_MS)
    await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, tokenId))
  const user = callerOf(fields, {
    sessionId: null,
    token: { id: tokenId, write: canWrite },
    ssoOrganizationId: null,
  })
  return { user, expiresAt }
}

/** Tokens expired this long ago are listed no more. */
export const EXPIRED_TOKEN_KEPT_MS = 30 * 24 * 60 * 60 * 1000

export async function deleteLongExpiredApiTokens(db: Db, now: Date) {
  const deleted = await db
    .delete(apiTokens)
    .where(lte(apiTokens.expiresAt, new Date(now.getTime() - EXPIRED_TOKEN_KEPT_MS)))
    .returning({ id: apiTokens.id })
  return deleted.length
}
