import { and, count, eq, gt, isNotNull, isNull, lt, lte, or } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { mfaChallenges, recoveryCodes, totpFactors } from '../../db/schema'
import { randomToken, sha256 } from '../../lib/crypto'

export async function findTotp(db: Db, personId: string) {
  const [row] = await db.select().from(totpFactors).where(eq(totpFactors.personId, personId))
  return row ?? null
}

/** Keeps a new pending secret (replacing a pending one); false when TOTP is already confirmed. */
export async function savePendingTotp(db: Db, personId: string, secretSealed: string, now: Date) {
  const saved = await db
    .insert(totpFactors)
    .values({ personId, secretSealed, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: totpFactors.personId,
      set: { secretSealed, lastStep: null, createdAt: now, updatedAt: now },
      setWhere: isNull(totpFactors.confirmedAt),
    })
    .returning({ personId: totpFactors.personId })
  return saved.length > 0
}

/** Confirms the pending secret with the step of its first code; false if none was pending. */
export async function confirmTotp(db: Db, personId: string, step: number, now: Date) {
  const confirmed = await db
    .update(totpFactors)
    .set({ confirmedAt: now, lastStep: step, updatedAt: now })
    .where(and(eq(totpFactors.personId, personId), isNull(totpFactors.confirmedAt)))
    .returning({ personId: totpFactors.personId })
  return confirmed.length > 0
}

/** Spends the step of an accepted code: false when it (or a later one) was already used. */
export async function spendTotpStep(db: Db, personId: string, step: number, now: Date) {
  const spent = await db
    .update(totpFactors)
    .set({ lastStep: step, updatedAt: now })
    .where(
      and(
        eq(totpFactors.personId, personId),
        isNotNull(totpFactors.confirmedAt),
        or(isNull(totpFactors.lastStep), lt(totpFactors.lastStep, step)),
      ),
    )
    .returning({ personId: totpFactors.personId })
  return spent.length > 0
}

/** Removes the authenticator app; true when there was one. */
export async function deleteTotp(db: Db, personId: string) {
  const deleted = await db
    .delete(totpFactors)
    .where(and(eq(totpFactors.personId, personId), isNotNull(totpFactors.confirmedAt)))
    .returning({ personId: totpFactors.personId })
  return deleted.length > 0
}

export async function replaceRecoveryCodes(db: Db, personId: string, hashes: string[], now: Date) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.personId, personId))
  await db
    .insert(recoveryCodes)
    .values(hashes.map((codeHash) => ({ personId, codeHash, createdAt: now })))
}

/** Spends a recovery code, once: false when unknown or used. */
export async function spendRecoveryCode(db: Db, personId: string, codeHash: string, now: Date) {
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.personId, personId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id })
  return spent.length > 0
}

export async function countRecoveryCodesLeft(db: Db, personId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.personId, personId), isNull(recoveryCodes.usedAt)))
  return row?.n ?? 0
}

/** A sign-in waiting for its second factor; the token goes into the browser's cookie. */
export async function insertChallenge(
  db: Db,
  userId: string,
  now: Date,
  ttlMs: number,
  meta: { ip?: string; userAgent?: string },
) {
  const token = randomToken()
  await db.insert(mfaChallenges).values({
    tokenHash: sha256(token),
    userId,
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
    expiresAt: new Date(now.getTime() + ttlMs),
    createdAt: now,
  })
  return token
}

export async function findChallenge(db: Db, token: string, now: Date) {
  const [row] = await db
    .select({ id: mfaChallenges.id, userId: mfaChallenges.userId })
    .from(mfaChallenges)
    .where(and(eq(mfaChallenges.tokenHash, sha256(token)), gt(mfaChallenges.expiresAt, now)))
  return row ?? null
}

/** Ends a challenge; false when another request ended it first (a double submit). */
export async function deleteChallenge(db: Db, id: string) {
  const deleted = await db
    .delete(mfaChallenges)
    .where(eq(mfaChallenges.id, id))
    .returning({ id: mfaChallenges.id })
  return deleted.length > 0
}

export async function deleteExpiredChallenges(db: Db, now: Date) {
  const deleted = await db
    .delete(mfaChallenges)
    .where(lte(mfaChallenges.expiresAt, now))
    .returning({ id: mfaChallenges.id })
  return deleted.length
}
