import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { key, pageQuery, toPage, type Keyset, type PageRequest } from '../../db/keyset'
import { templateItems } from '../../db/schema'
import { isoTimestamp } from '../../db/timestamps'
import { notFound } from '../../lib/errors'

export interface ItemValues {
  title?: string
  description?: string | null
  requiresDocument?: boolean
  requiresResponse?: boolean
  order?: number
}

const columns = {
  id: templateItems.id,
  templateId: templateItems.templateId,
  title: templateItems.title,
  description: templateItems.description,
  requiresDocument: templateItems.requiresDocument,
  requiresResponse: templateItems.requiresResponse,
  order: templateItems.order,
  createdAt: isoTimestamp(templateItems.createdAt),
  updatedAt: isoTimestamp(templateItems.updatedAt),
}
const ofOrg = (orgId: string, id: string) =>
  and(eq(templateItems.organizationId, orgId), eq(templateItems.id, id))

const inOrder: Keyset = {
  keys: [
    key(templateItems.order, 'int4'),
    key(templateItems.createdAt, 'timestamptz'),
    key(templateItems.id, 'uuid'),
  ],
  direction: 'asc',
}

/** A template's items in their order (the template's existence is the caller's to check). */
export async function listItems(db: Db, orgId: string, templateId: string, request: PageRequest) {
  const page = pageQuery(inOrder, request)
  const rows = await db
    .select({ ...columns, pageKey: page.pageKey })
    .from(templateItems)
    .where(
      and(
        eq(templateItems.organizationId, orgId),
        eq(templateItems.templateId, templateId),
        page.after,
      ),
    )
    .orderBy(...page.orderBy)
    .limit(page.limit)
  return toPage(rows, request)
}

export async function createItem(
  db: Db,
  orgId: string,
  values: Omit<Required<ItemValues>, 'order'> & { order?: number; templateId: string },
  now: Date,
) {
  // Without an order the item goes last: the template's current item count, as the dialog proposes.
  const order =
    values.order ??
    sql<number>`(select count(*)::int from ${templateItems} where ${templateItems.templateId} = ${values.templateId})`
  const [row] = await db
    .insert(templateItems)
    .values({ ...values, order, organizationId: orgId, createdAt: now, updatedAt: now })
    .returning(columns)
  return row!
}

export async function updateItem(db: Db, orgId: string, id: string, values: ItemValues, now: Date) {
  const [row] = await db
    .update(templateItems)
    .set({ ...values, updatedAt: now })
    .where(ofOrg(orgId, id))
    .returning(columns)
  if (!row) throw notFound('Item')
  return row
}

export async function deleteItem(db: Db, orgId: string, id: string) {
  const deleted = await db
    .delete(templateItems)
    .where(ofOrg(orgId, id))
    .returning({ id: templateItems.id })
  if (deleted.length === 0) throw notFound('Item')
}

/**
 * The first `limit` items of a template in their order, to copy into an audit (which holds at most
 * MAX_REQUESTS_PER_AUDIT requests: the caller asks for one more to know when it would overflow).
 */
export async function itemsToCopy(db: Db, orgId: string, templateId: string, limit: number) {
  const { orderBy } = pageQuery(inOrder, { limit })
  const rows = await db
    .select(columns)
    .from(templateItems)
    .where(and(eq(templateItems.organizationId, orgId), eq(templateItems.templateId, templateId)))
    .orderBy(...orderBy)
    .limit(limit)
  return rows
}
