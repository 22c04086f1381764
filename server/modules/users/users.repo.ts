import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm'
import type { Role } from '@shared/schemas/auth'
import type { Db } from '../../db/client'
import {
  searched,
  key,
  mapPage,
  pageQuery,
  toPage,
  type Keyset,
  type PageRequest,
} from '../../db/keyset'
import { hasConfirmedFactor } from '../mfa/confirmed-factor'
import { clients, organizations, people, users, withPerson } from '../../db/schema'
import { iso } from '../../lib/dto'
import { notFound } from '../../lib/errors'

/**
 * Every query of the users (memberships) and people tables: accounts, the company's users,
 * assignees and audit teams. A "user" here is a membership read with its person's e-mail, names
 * and sign-in (decision 047).
 */

/** A membership with its person's e-mail, names and sign-in: a user as services read one. */
export const accountColumns = {
  ...getTableColumns(users),
  email: people.email,
  passwordHash: people.passwordHash,
  firstName: people.firstName,
  lastName: people.lastName,
  emailVerifiedAt: people.emailVerifiedAt,
}

const selectAccounts = (db: Db) =>
  db.select(accountColumns).from(users).innerJoin(people, withPerson)

/** A person's memberships, the one they last entered first: where their next sign-in lands. */
const lastEnteredFirst = [sql`${users.lastLoginAt} desc nulls last`, desc(users.createdAt)]

/** The account of this address: the membership its person last entered. */
export async function findUserByEmail(db: Db, email: string) {
  const [row] = await selectAccounts(db)
    .where(eq(people.email, email))
    .orderBy(...lastEnteredFirst)
    .limit(1)
  return row ?? null
}

/** The membership a sign-in of this person enters: the one they last entered. */
export async function findUserOfPerson(db: Db, personId: string) {
  const [row] = await selectAccounts(db)
    .where(eq(users.personId, personId))
    .orderBy(...lastEnteredFirst)
    .limit(1)
  return row ?? null
}

/** The companies a person belongs to, by name, with their membership's id and role there. */
export function listMemberships(db: Db, personId: string) {
  return db
    .select({
      userId: users.id,
      organizationId: users.organizationId,
      name: organizations.name,
      role: users.role,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.personId, personId))
    .orderBy(asc(sql`lower(${organizations.name})`), asc(organizations.id))
}

/** The person's membership in a company, if they have one. */
export async function findMembership(db: Db, personId: string, organizationId: string) {
  const [row] = await selectAccounts(db).where(
    and(eq(users.personId, personId), eq(users.organizationId, organizationId)),
  )
  return row ?? null
}

export async function findUserById(db: Db, id: string) {
  const [row] = await selectAccounts(db).where(eq(users.id, id))
  return row ?? null
}

/** The person of a membership, as a condition on `people`. */
const personOf = (db: Db, userId: string) =>
  inArray(people.id, db.select({ id: users.personId }).from(users).where(eq(users.id, userId)))

export interface NewUser {
  organizationId: string
  email: string
  passwordHash: string
  firstName: string
  lastName: string
  role: Role
  clientId?: string | null
  emailVerifiedAt?: Date | null
  lastLoginAt?: Date | null
}

/**
 * A new person with their first membership; undefined when the e-mail is taken meanwhile (the
 * unique index decides).
 */
export async function insertUser(db: Db, values: NewUser, now: Date) {
  const { email, passwordHash, firstName, lastName, emailVerifiedAt, ...membership } = values
  return db.transaction(async (tx) => {
    const [person] = await tx
      .insert(people)
      .values({
        email,
        passwordHash,
        firstName,
        lastName,
        emailVerifiedAt,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: people.email })
      .returning()
    if (!person) return undefined
    const [user] = await tx
      .insert(users)
      .values({ ...membership, personId: person.id, createdAt: now, updatedAt: now })
      .returning()
    const { id: _, createdAt: __, updatedAt: ___, ...personFields } = person
    return user && { ...user, ...personFields }
  })
}

/** Another membership of a person who has one (an invitation accepted with their account). */
export async function insertMembership(
  db: Db,
  values: {
    personId: string
    organizationId: string
    role: Role
    clientId: string | null
    lastLoginAt: Date
  },
  now: Date,
) {
  const [row] = await db
    .insert(users)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning({ id: users.id })
  const created = row && (await findUserById(db, row.id))
  if (!created) throw new Error('membership not inserted')
  return created
}

/** Holds the person's row until the transaction ends: their factors change one at a time. */
export async function lockPerson(db: Db, personId: string) {
  await db.select({ id: people.id }).from(people).where(eq(people.id, personId)).for('update')
}

export async function markEmailVerified(db: Db, userId: string, now: Date) {
  const [row] = await db
    .update(people)
    .set({ emailVerifiedAt: now, updatedAt: now })
    .where(personOf(db, userId))
    .returning({ firstName: people.firstName, lastName: people.lastName, email: people.email })
  return row ?? null
}

export async function setPassword(db: Db, userId: string, passwordHash: string, now: Date) {
  await db.update(people).set({ passwordHash, updatedAt: now }).where(personOf(db, userId))
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
    .update(people)
    .set({ ...values, updatedAt: now })
    .where(personOf(db, userId))
}

const listColumns = {
  id: users.id,
  firstName: people.firstName,
  lastName: people.lastName,
  email: people.email,
  role: users.role,
  clientId: users.clientId,
  clientName: clients.name,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  mfaEnabled: hasConfirmedFactor(users.personId),
}

const toDto = <T extends { lastLoginAt: Date | null; createdAt: Date }>(row: T) => ({
  ...row,
  lastLoginAt: iso(row.lastLoginAt),
  createdAt: iso(row.createdAt),
})

const byName = [
  asc(sql`lower(${people.firstName} || ' ' || ${people.lastName})`),
  asc(people.email),
  asc(users.id),
]

const ofOrg = (orgId: string, id: string) => and(eq(users.organizationId, orgId), eq(users.id, id))

function selectUsers(db: Db) {
  return db
    .select(listColumns)
    .from(users)
    .innerJoin(people, withPerson)
    .leftJoin(clients, eq(clients.id, users.clientId))
}

const byNameKeys: Keyset = {
  keys: [
    key(sql`lower(${people.firstName} || ' ' || ${people.lastName})`, 'text'),
    key(people.email, 'text'),
    key(users.id, 'uuid'),
  ],
  direction: 'asc',
}

/**
 * The company's users by name, then e-mail; `q`: the names or addresses containing it;
 * `clientId`: that client's users only.
 */
export async function listUsers(
  db: Db,
  orgId: string,
  request: PageRequest & { q?: string | undefined; clientId?: string | undefined },
) {
  const page = pageQuery(byNameKeys, request)
  const rows = await db
    .select({ ...listColumns, pageKey: page.pageKey })
    .from(users)
    .innerJoin(people, withPerson)
    .leftJoin(clients, eq(clients.id, users.clientId))
    .where(
      and(
        eq(users.organizationId, orgId),
        request.clientId ? eq(users.clientId, request.clientId) : undefined,
        nameOrEmailContains(request.q),
        page.after,
      ),
    )
    .orderBy(...page.orderBy)
    .limit(page.limit)
  return mapPage(toPage(rows, request), toDto)
}

/** The users whose name or e-mail address contains `q`; no condition without a search. */
function nameOrEmailContains(q: string | undefined) {
  return q === undefined
    ? undefined
    : or(
        searched(sql`${people.firstName} || ' ' || ${people.lastName}`, q),
        searched(people.email, q),
      )
}

export async function getUser(db: Db, orgId: string, id: string) {
  const [row] = await selectUsers(db).where(ofOrg(orgId, id))
  if (!row) throw notFound('User')
  return toDto(row)
}

/** The user as a change to their role or account needs them; 404 if not the company's. */
export async function findUserForChange(db: Db, orgId: string, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      firstName: people.firstName,
      lastName: people.lastName,
      email: people.email,
      role: users.role,
      clientId: users.clientId,
    })
    .from(users)
    .innerJoin(people, withPerson)
    .where(ofOrg(orgId, id))
  if (!row) throw notFound('User')
  return row
}

export async function countAdmins(db: Db, orgId: string) {
  const [row] = await db
    .select({ count: count() })
    .from(users)
    .where(and(eq(users.organizationId, orgId), eq(users.role, 'admin')))
  return row?.count ?? 0
}

export async function setRole(
  db: Db,
  orgId: string,
  id: string,
  values: { role: Role; clientId: string | null },
  now: Date,
) {
  await db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(ofOrg(orgId, id))
}

/**
 * The membership, with its sessions and tokens (ON DELETE CASCADE); the person too when it was
 * their last one.
 */
export async function deleteUser(db: Db, orgId: string, id: string) {
  const [gone] = await db
    .delete(users)
    .where(ofOrg(orgId, id))
    .returning({ personId: users.personId })
  if (!gone) return
  await db
    .delete(people)
    .where(
      and(
        eq(people.id, gone.personId),
        sql`not exists (select 1 from ${users} where ${users.personId} = ${people.id})`,
      ),
    )
}

export async function countClientUsers(db: Db, orgId: string, clientId: string) {
  const [row] = await db
    .select({ count: count() })
    .from(users)
    .where(and(eq(users.organizationId, orgId), eq(users.clientId, clientId)))
  return row?.count ?? 0
}

const personColumns = {
  id: users.id,
  firstName: people.firstName,
  lastName: people.lastName,
  email: people.email,
}

function selectPeople(db: Db, where: SQL | undefined) {
  return db
    .select(personColumns)
    .from(users)
    .innerJoin(people, withPerson)
    .where(where)
    .orderBy(...byName)
}

/** The client-role users of one client, by name: who that client's requests may be assigned to. */
export const clientUsers = (db: Db, orgId: string, clientId: string, ids?: string[]) =>
  selectPeople(
    db,
    and(
      eq(users.organizationId, orgId),
      eq(users.role, 'client'),
      eq(users.clientId, clientId),
      ids ? inArray(users.id, ids) : undefined,
    ),
  )

/** The firm's people (every role but client) by name, a page at a time: an audit team's candidates. */
export async function listFirmPeople(
  db: Db,
  orgId: string,
  request: PageRequest & { q?: string | undefined },
) {
  const page = pageQuery(byNameKeys, request)
  const rows = await db
    .select({ ...personColumns, pageKey: page.pageKey })
    .from(users)
    .innerJoin(people, withPerson)
    .where(
      and(
        eq(users.organizationId, orgId),
        ne(users.role, 'client'),
        nameOrEmailContains(request.q),
        page.after,
      ),
    )
    .orderBy(...page.orderBy)
    .limit(page.limit)
  return toPage(rows, request)
}

/** The firm's people (every role but client), by name: who can be on an audit's team. */
export const firmUsers = (db: Db, orgId: string, ids?: string[]) =>
  selectPeople(
    db,
    and(
      eq(users.organizationId, orgId),
      ne(users.role, 'client'),
      ids ? inArray(users.id, ids) : undefined,
    ),
  )
