import { and, asc, count, eq, gt, lte } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { passkeyChallenges, passkeys, recoveryCodes, totpFactors } from '../../db/schema'
import { sha256 } from '../../lib/crypto'

export type PasskeyRow = typeof passkeys.$inferSelect
type Purpose = 'register' | 'sign_in'

export const listPasskeys = (db: Db, personId: string) =>
  db.select().from(passkeys).where(eq(passkeys.personId, personId)).orderBy(asc(passkeys.createdAt))

export async function findPasskeyByCredentialId(db: Db, credentialId: string) {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId))
  return row ?? null
}

export async function countPasskeys(db: Db, personId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(passkeys)
    .where(eq(passkeys.personId, personId))
  return row?.n ?? 0
}

export async function insertPasskey(db: Db, values: typeof passkeys.$inferInsert) {
  const [row] = await db.insert(passkeys).values(values).returning()
  if (!row) throw new Error('passkey not inserted')
  return row
}

export async function renamePasskey(db: Db, personId: string, id: string, name: string) {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.personId, personId)))
    .returning()
  return row ?? null
}

export async function deletePasskey(db: Db, personId: string, id: string) {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.personId, personId)))
    .returning()
  return row ?? null
}

/** After a sign-in: the authenticator's new signature count, and when it was last used. */
export async function recordPasskeyUse(db: Db, id: string, counter: number, now: Date) {
  await db.update(passkeys).set({ counter, lastUsedAt: now }).where(eq(passkeys.id, id))
}

/** The recovery codes go with the last second factor (an app or a passkey) a person had. */
export async function deleteRecoveryCodesWithoutFactor(db: Db, personId: string) {
  const [totp] = await db
    .select({ personId: totpFactors.personId })
    .from(totpFactors)
    .where(eq(totpFactors.personId, personId))
  if (totp || (await countPasskeys(db, personId)) > 0) return
  await db.delete(recoveryCodes).where(eq(recoveryCodes.personId, personId))
}

/** A ceremony's challenge, kept (by its hash) until `takeCeremony` finds it in an answer. */
export async function insertCeremony(
  db: Db,
  values: { purpose: Purpose; userId: string | null; email: string | null; challenge: string },
  now: Date,
  ttlMs: number,
) {
  await db.insert(passkeyChallenges).values({
    ...values,
    tokenHash: sha256(values.challenge),
    expiresAt: new Date(now.getTime() + ttlMs),
    createdAt: now,
  })
}

/** Spends the ceremony of the challenge an answer signed, once (a replay finds it gone). */
export async function takeCeremony(db: Db, challenge: string, purpose: Purpose, now: Date) {
  const [row] = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.tokenHash, sha256(challenge)),
        eq(passkeyChallenges.purpose, purpose),
        gt(passkeyChallenges.expiresAt, now),
      ),
    )
    .returning()
  return row ?? null
}

export async function deleteExpiredCeremonies(db: Db, now: Date) {
  const deleted = await db
    .delete(passkeyChallenges)
    .where(lte(passkeyChallenges.expiresAt, now))
    .returning({ id: passkeyChallenges.id })
  return deleted.length
}
