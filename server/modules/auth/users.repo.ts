import { and, eq, exists, inArray, isNull, lt, sql } from 'drizzle-orm'
import type { RegisterInput } from '@shared/schemas/auth'
import type { Db } from '../../db/client'
import { organizations, users } from '../../db/schema'

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email))
  return row ?? null
}

export async function findOrganizationName(db: Db, organizationId: string) {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
  return row?.name ?? ''
}

export async function findUserById(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id))
  return row ?? null
}

/** The company and its first user (role admin), in one transaction. */
export async function createCompanyWithAdmin(
  db: Db,
  input: RegisterInput,
  passwordHash: string,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const [organization] = await tx
      .insert(organizations)
      .values({
        name: input.companyName,
        size: input.companySize,
        industry: input.companyIndustry,
        phone: input.companyPhone,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: organizations.id })
    const [user] = await tx
      .insert(users)
      .values({
        organizationId: organization!.id,
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        role: 'admin',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: users.email })
      .returning()
    if (!user) {
      // Lost a race with another registration of the same e-mail: undo the company too.
      tx.rollback()
    }
    return user!
  })
}

export async function markEmailVerified(db: Db, userId: string, now: Date) {
  const [row] = await db
    .update(users)
    .set({ emailVerifiedAt: now, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ firstName: users.firstName, lastName: users.lastName })
  return row ?? null
}

export async function setPassword(db: Db, userId: string, passwordHash: string, now: Date) {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId))
}

export async function recordLogin(db: Db, userId: string, now: Date) {
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId))
}

export async function updateProfile(
  db: Db,
  userId: string,
  values: { firstName: string; lastName: string },
  now: Date,
) {
  await db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(eq(users.id, userId))
}

/** Companies whose every user is unverified: a registration that never proved its address. */
const onlyUnverifiedUsers = sql`not exists (select 1 from ${users} as verified where verified.organization_id = ${organizations.id} and verified.email_verified_at is not null)`

/**
 * Deletes the unverified registration holding `email`, with its company (empty: nobody could sign
 * in to it), so that an invitation can claim the address. Returns the company's id, if any.
 */
export async function deleteUnverifiedRegistration(db: Db, email: string) {
  const holder = db
    .select({ organizationId: users.organizationId })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.emailVerifiedAt)))
  const [deleted] = await db
    .delete(organizations)
    .where(and(inArray(organizations.id, holder), onlyUnverifiedUsers))
    .returning({ id: organizations.id })
  return deleted?.id
}

/** Registrations never verified since `before`, with their companies: their addresses are free again. */
export async function deleteExpiredRegistrations(db: Db, before: Date) {
  const deleted = await db
    .delete(organizations)
    .where(
      and(
        lt(organizations.createdAt, before),
        exists(
          db
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.organizationId, organizations.id), lt(users.createdAt, before))),
        ),
        onlyUnverifiedUsers,
      ),
    )
    .returning({ id: organizations.id })
  return deleted.length
}
