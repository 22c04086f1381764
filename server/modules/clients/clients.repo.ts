import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { byName, jsonRows, pageQuery, searched, type PageRequest } from '../../db/keyset'
import { prepared } from '../../db/prepared'
import { clients } from '../../db/schema'
import { isoTimestamp } from '../../db/timestamps'
import { notFound } from '../../lib/errors'

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
  createdAt: isoTimestamp(clients.createdAt),
  updatedAt: isoTimestamp(clients.updatedAt),
}

const ofOrg = (orgId: string, id: string) =>
  and(eq(clients.organizationId, orgId), eq(clients.id, id))

const clientsByName = byName(clients.name, clients.id)

/** Lists read a client as one JSON text per row (decision 052). */
const listed = jsonRows(clientsByName, columns)

// The first page without a search is what the Clients screen opens with: prepared once.
const firstPageQuery = prepared((db) =>
  db
    .select({ row: listed.row })
    .from(clients)
    .where(eq(clients.organizationId, sql.placeholder('orgId')))
    .orderBy(...pageQuery(clientsByName, { limit: 0 }).orderBy)
    .limit(sql.placeholder('limit'))
    .prepare('list_clients'),
)

/** By name; `q`: the names containing it, whatever the case. */
export async function listClients(
  db: Db,
  orgId: string,
  request: PageRequest & { q?: string | undefined },
) {
  if (request.cursor === undefined && request.q === undefined) {
    const rows = await firstPageQuery(db).execute({ orgId, limit: request.limit + 1 })
    return listed.page(rows, request)
  }
  const page = pageQuery(clientsByName, request)
  const rows = await db
    .select({ row: listed.row })
    .from(clients)
    .where(and(eq(clients.organizationId, orgId), searched(clients.name, request.q), page.after))
    .orderBy(...page.orderBy)
    .limit(page.limit)
  return listed.page(rows, request)
}

export async function getClient(db: Db, orgId: string, id: string) {
  const [row] = await db.select(columns).from(clients).where(ofOrg(orgId, id))
  if (!row) throw notFound('Client')
  return row
}

/** The company's client with this id, if there is one (a reference from a request body). */
export async function findClient(db: Db, orgId: string, id: string) {
  const [row] = await db
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(ofOrg(orgId, id))
  return row
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
  return row!
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
    .where(ofOrg(orgId, id))
    .returning(columns)
  if (!row) throw notFound('Client')
  return row
}

/** False when there was no such client. A client still referenced trips its foreign keys. */
export async function deleteClient(db: Db, orgId: string, id: string) {
  const deleted = await db.delete(clients).where(ofOrg(orgId, id)).returning({ id: clients.id })
  return deleted.length > 0
}
