import { and, asc, eq, gt, lte } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { ssoConnections, ssoDomains, ssoSignIns } from '../../db/schema'
import { randomToken, sha256 } from '../../lib/crypto'

export type SsoConnectionRow = typeof ssoConnections.$inferSelect

export async function findConnection(db: Db, organizationId: string) {
  const [row] = await db
    .select()
    .from(ssoConnections)
    .where(eq(ssoConnections.organizationId, organizationId))
  if (!row) return null
  return { ...row, domains: await domainsOf(db, organizationId) }
}

export async function domainsOf(db: Db, organizationId: string) {
  const rows = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(eq(ssoDomains.organizationId, organizationId))
    .orderBy(asc(ssoDomains.domain))
  return rows.map((row) => row.domain)
}

/** The firm that claimed a domain, with its provider. */
export async function connectionOfDomain(db: Db, domain: string) {
  const [row] = await db
    .select({ connection: ssoConnections })
    .from(ssoDomains)
    .innerJoin(ssoConnections, eq(ssoConnections.organizationId, ssoDomains.organizationId))
    .where(eq(ssoDomains.domain, domain))
  return row?.connection ?? null
}

/** Saves the provider and replaces its domains; a domain another firm holds fails the unique key. */
export async function saveConnection(
  db: Db,
  values: Omit<typeof ssoConnections.$inferInsert, 'createdAt' | 'updatedAt'>,
  domains: string[],
  now: Date,
) {
  await db
    .insert(ssoConnections)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: ssoConnections.organizationId,
      set: { ...values, updatedAt: now },
    })
  await db.delete(ssoDomains).where(eq(ssoDomains.organizationId, values.organizationId))
  await db
    .insert(ssoDomains)
    .values(
      domains.map((domain) => ({ domain, organizationId: values.organizationId, createdAt: now })),
    )
}

export async function deleteConnection(db: Db, organizationId: string) {
  await db.delete(ssoDomains).where(eq(ssoDomains.organizationId, organizationId))
  const deleted = await db
    .delete(ssoConnections)
    .where(eq(ssoConnections.organizationId, organizationId))
    .returning({ id: ssoConnections.organizationId })
  return deleted.length > 0
}

/** A sign-in gone to the provider; the token goes into the browser's cookie. */
export async function insertSignIn(
  db: Db,
  values: { organizationId: string; codeVerifier: string; state: string; nonce: string },
  now: Date,
  ttlMs: number,
) {
  const token = randomToken()
  await db.insert(ssoSignIns).values({
    ...values,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + ttlMs),
    createdAt: now,
  })
  return token
}

/** Spends a sign-in, once: a second callback with the same cookie finds none. */
export async function takeSignIn(db: Db, token: string, now: Date) {
  const [row] = await db
    .delete(ssoSignIns)
    .where(and(eq(ssoSignIns.tokenHash, sha256(token)), gt(ssoSignIns.expiresAt, now)))
    .returning()
  return row ?? null
}

export async function deleteExpiredSignIns(db: Db, now: Date) {
  const deleted = await db
    .delete(ssoSignIns)
    .where(lte(ssoSignIns.expiresAt, now))
    .returning({ id: ssoSignIns.id })
  return deleted.length
}
