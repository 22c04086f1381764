import { eq } from 'drizzle-orm'
import type { RegisterInput } from '@shared/schemas/auth'
import type { Db } from '../../db/client'
import { organizations, users } from '../../db/schema'

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email))
  return row ?? null
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
