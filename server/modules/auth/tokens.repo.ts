import { and, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { oneTimeTokens, type TokenPurpose } from '../../db/schema'
import { randomToken, sha256 } from '../../lib/crypto'

/**
 * Issues a single-use token; only its hash is stored. A new reset token voids the older ones.
 * `bindingHash`: the browser a verification link belongs to (decision 042).
 */
export async function issueToken(
  db: Db,
  userId: string,
  purpose: TokenPurpose,
  ttlMs: number,
  now: Date,
  bindingHash: string | null = null,
) {
  if (purpose === 'reset_password') await voidTokens(db, userId, purpose, now)
  const token = randomToken()
  await db.insert(oneTimeTokens).values({
    userId,
    purpose,
    tokenHash: sha256(token),
    bindingHash,
    expiresAt: new Date(now.getTime() + ttlMs),
    createdAt: now,
    updatedAt: now,
  })
  return token
}

/** A token that can still be used, without using it: its user and the browser it is bound to. */
export async function findLiveToken(db: Db, token: string, purpose: TokenPurpose, now: Date) {
  const [row] = await db
    .select({ userId: oneTimeTokens.userId, bindingHash: oneTimeTokens.bindingHash })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.tokenHash, sha256(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
  return row ?? null
}

/** Marks the token used and returns its user, atomically; null when invalid, expired or used. */
export async function consumeToken(
  db: Db,
  token: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<string | null> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now, updatedAt: now })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, sha256(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .returning({ userId: oneTimeTokens.userId })
  return row?.userId ?? null
}

export async function voidTokens(db: Db, userId: string, purpose: TokenPurpose, now: Date) {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now, updatedAt: now })
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
      ),
    )
}

/** Tokens used, voided or expired: no link can use them again. */
export async function deleteSpentTokens(db: Db, now: Date) {
  const deleted = await db
    .delete(oneTimeTokens)
    .where(or(isNotNull(oneTimeTokens.usedAt), lte(oneTimeTokens.expiresAt, now)))
    .returning({ id: oneTimeTokens.id })
  return deleted.length
}
