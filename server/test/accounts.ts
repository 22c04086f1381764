import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { people, users, withPerson } from '../db/schema'
import { accountColumns } from '../modules/users/users.repo'

/** The memberships of an address with their person's columns: the account rows tests look at. */
export const accountsByEmail = (db: Db, email: string) =>
  db.select(accountColumns).from(users).innerJoin(people, withPerson).where(eq(people.email, email))

/** The person of a membership (a user id). */
export async function personIdOf(db: Db, userId: string) {
  const [row] = await db
    .select({ personId: users.personId })
    .from(users)
    .where(eq(users.id, userId))
  if (!row) throw new Error(`no user ${userId}`)
  return row.personId
}
