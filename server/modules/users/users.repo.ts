import { and, asc, eq, sql } from 'drizzle-orm'
import type { UpdateUserInput } from '@shared/schemas/users'
import type { Db } from '../../db/client'
import { clients, organizations, users } from '../../db/schema'
import { AppError, isForeignKeyViolation, notFound } from '../../lib/errors'
import { fullName, recordActivity, type Actor } from '../activity/activity.repo'

type Role = 'admin' | 'client'

const columns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
  clientId: users.clientId,
  clientName: clients.name,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
}

type UserRow = { lastLoginAt: Date | null; createdAt: Date }
const toDto = <T extends UserRow>(row: T) => ({
  ...row,
  lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
})

function selectUsers(db: Db) {
  return db.select(columns).from(users).leftJoin(clients, eq(clients.id, users.clientId))
}

/** The company's users by name, then e-mail. */
export async function listUsers(db: Db, orgId: string) {
  const rows = await selectUsers(db)
    .where(eq(users.organizationId, orgId))
    .orderBy(
      asc(sql`lower(${users.firstName} || ' ' || ${users.lastName})`),
      asc(users.email),
      asc(users.id),
    )
  return rows.map(toDto)
}

async function getUser(db: Db, orgId: string, id: string) {
  const [row] = await selectUsers(db).where(and(eq(users.organizationId, orgId), eq(users.id, id)))
  if (!row) throw notFound('User')
  return toDto(row)
}

/** A client id from the request must name one of the caller's clients (as for projects). */
export async function assertClient(db: Db, orgId: string, clientId: string) {
  const [row] = await db
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(and(eq(clients.organizationId, orgId), eq(clients.id, clientId)))
  if (!row)
    throw new AppError('VALIDATION', 'Client not found', [
      { path: 'clientId', message: 'Client not found' },
    ])
  return row
}

/**
 * Serialises the changes that could leave a company without an admin: each takes the company row's
 * lock first, so two admins demoting or removing each other at once cannot both succeed.
 */
async function lockCompany(db: Db, orgId: string) {
  await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .for('update')
}

async function adminCount(db: Db, orgId: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.organizationId, orgId), eq(users.role, 'admin')))
  return row?.count ?? 0
}

async function findForChange(db: Db, orgId: string, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      clientId: users.clientId,
    })
    .from(users)
    .where(and(eq(users.organizationId, orgId), eq(users.id, id)))
  if (!row) throw notFound('User')
  return row
}

const lastAdmin = (what: string) =>
  new AppError(
    'CONFLICT',
    `${what} would leave the company without an admin. Make another user an admin first.`,
  )

const label = (user: { firstName: string; lastName: string; email: string }) =>
  `${fullName(user)} (${user.email})`

export async function updateUserRole(
  db: Db,
  orgId: string,
  actor: Actor,
  id: string,
  input: UpdateUserInput,
  now: Date,
) {
  const role: Role = input.role
  const clientId = role === 'client' ? (input.clientId ?? null) : null
  if (id === actor.id)
    throw new AppError('CONFLICT', 'You cannot change your own role. Ask another admin to do it.')
  const client = clientId ? await assertClient(db, orgId, clientId) : null
  const changed = await db
    .transaction(async (tx) => {
      await lockCompany(tx, orgId)
      const user = await findForChange(tx, orgId, id)
      if (user.role === role && user.clientId === clientId) return false
      if (user.role === 'admin' && role !== 'admin' && (await adminCount(tx, orgId)) <= 1)
        throw lastAdmin('Changing this role')
      await tx
        .update(users)
        .set({ role, clientId, updatedAt: now })
        .where(and(eq(users.organizationId, orgId), eq(users.id, id)))
      const to = role === 'admin' ? 'admin' : `client user of ${client!.name}`
      await recordActivity(tx, orgId, actor, 'user.role_changed', `${label(user)} → ${to}`, now)
      return true
    })
    .catch((error: unknown) => {
      // The client was deleted in the meantime.
      if (isForeignKeyViolation(error))
        throw new AppError('VALIDATION', 'Client not found', [
          { path: 'clientId', message: 'Client not found' },
        ])
      throw error
    })
  return { user: await getUser(db, orgId, id), changed }
}

/** Removes the user with their sessions and tokens (ON DELETE CASCADE). */
export async function deleteUser(db: Db, orgId: string, actor: Actor, id: string, now: Date) {
  if (id === actor.id)
    throw new AppError('CONFLICT', 'You cannot remove yourself. Ask another admin to do it.')
  await db.transaction(async (tx) => {
    await lockCompany(tx, orgId)
    const user = await findForChange(tx, orgId, id)
    if (user.role === 'admin' && (await adminCount(tx, orgId)) <= 1)
      throw lastAdmin('Removing this user')
    await tx.delete(users).where(and(eq(users.organizationId, orgId), eq(users.id, id)))
    await recordActivity(tx, orgId, actor, 'user.removed', label(user), now)
  })
}
