import { and, asc, count, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { clients, projects, users } from '../../db/schema'
import { withIsoDates } from '../../lib/dto'
import { AppError, isForeignKeyViolation, notFound } from '../../lib/errors'

export interface ClientValues {
  name?: string
  email?: string | null
  phone?: string | null
  address?: string | null
}

const columns = {
  id: clients.id,
  name: clients.name,
  email: clients.email,
  phone: clients.phone,
  address: clients.address,
  createdAt: clients.createdAt,
  updatedAt: clients.updatedAt,
}

export async function listClients(db: Db, orgId: string) {
  const rows = await db
    .select(columns)
    .from(clients)
    .where(eq(clients.organizationId, orgId))
    .orderBy(asc(sql`lower(${clients.name})`), asc(clients.id))
  return rows.map(withIsoDates)
}

export async function getClient(db: Db, orgId: string, id: string) {
  const [row] = await db
    .select(columns)
    .from(clients)
    .where(and(eq(clients.organizationId, orgId), eq(clients.id, id)))
  if (!row) throw notFound('Client')
  return withIsoDates(row)
}

export async function createClient(
  db: Db,
  orgId: string,
  values: Required<ClientValues>,
  now: Date,
) {
  const [row] = await db
    .insert(clients)
    .values({ ...values, organizationId: orgId, createdAt: now, updatedAt: now })
    .returning(columns)
  return withIsoDates(row!)
}

export async function updateClient(
  db: Db,
  orgId: string,
  id: string,
  values: ClientValues,
  now: Date,
) {
  const [row] = await db
    .update(clients)
    .set({ ...values, updatedAt: now })
    .where(and(eq(clients.organizationId, orgId), eq(clients.id, id)))
    .returning(columns)
  if (!row) throw notFound('Client')
  return withIsoDates(row)
}

export async function deleteClient(db: Db, orgId: string, id: string) {
  const [client] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.organizationId, orgId), eq(clients.id, id)))
  if (!client) throw notFound('Client')
  // Counted apart: in a one-table select, Drizzle leaves the columns of a sql`` subquery
  // unqualified, so the subquery compared its own table's columns and always counted 0.
  const [{ projectCount }] = (await db
    .select({ projectCount: count() })
    .from(projects)
    .where(eq(projects.clientId, id))) as [{ projectCount: number }]
  const conflict = (count: number) =>
    new AppError(
      'CONFLICT',
      `This client still has ${count === 1 ? 'a project' : `${count} projects`}. Delete its projects first, then delete the client.`,
    )
  if (projectCount > 0) throw conflict(projectCount)
  const [{ userCount }] = (await db
    .select({ userCount: count() })
    .from(users)
    .where(eq(users.clientId, id))) as [{ userCount: number }]
  if (userCount > 0)
    throw new AppError(
      'CONFLICT',
      `This client still has ${userCount === 1 ? 'a user' : `${userCount} users`}. Remove ${userCount === 1 ? 'that user' : 'them'} in Admin Settings → Users first, then delete the client.`,
    )
  // A project or user added in the meantime trips the foreign key (ON DELETE RESTRICT); the
  // client's pending invitations go with it (ON DELETE CASCADE).
  await db
    .delete(clients)
    .where(and(eq(clients.organizationId, orgId), eq(clients.id, id)))
    .catch((error: unknown) => {
      throw isForeignKeyViolation(error)
        ? new AppError(
            'CONFLICT',
            'This client still has projects or users. Delete its projects and remove its users first, then delete the client.',
          )
        : error
    })
}
