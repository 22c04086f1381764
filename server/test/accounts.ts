import { eq, getTableColumns } from 'drizzle-orm'
import type { Db } from '../db/client'
import { people, users, withPerson } from '../db/schema'

/** The memberships of an address with their person's columns: the account rows tests look at. */
export const accountsByEmail = (db: Db, email: string) =>
  db
    .select({
      ...getTableColumns(users),
      email: people.email,
      passwordHash: people.passwordHash,
      firstName: people.firstName,
      lastName: people.lastName,
      emailVerifiedAt: people.emailVerifiedAt,
    })
    .from(users)
    .innerJoin(people, withPerson)
    .where(eq(people.email, email))
