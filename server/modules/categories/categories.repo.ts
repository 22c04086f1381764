import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { byName, jsonRows, pageQuery, searched, type PageRequest } from '../../db/keyset'
import { templateCategories } from '../../db/schema'
import { isoTimestamp } from '../../db/timestamps'
import { notFound } from '../../lib/errors'

export interface CategoryValues {
  name?: string
  description?: string | null
}

const columns = {
  id: templateCategories.id,
  name: templateCategories.name,
  description: templateCategories.description,
  createdAt: isoTimestamp(templateCategories.createdAt),
  updatedAt: isoTimestamp(templateCategories.updatedAt),
}
const ofOrg = (orgId: string, id: string) =>
  and(eq(templateCategories.organizationId, orgId), eq(templateCategories.id, id))

const categoriesByName = byName(templateCategories.name, templateCategories.id)
/** Lists read a category as one JSON text per row (decision 052). */
const listed = jsonRows(categoriesByName, columns)

/** By name; `q`: the names containing it. */
export async function listCategories(
  db: Db,
  orgId: string,
  request: PageRequest & { q?: string | undefined },
) {
  const page = pageQuery(categoriesByName, request)
  const rows = await db
    .select({ row: listed.row })
    .from(templateCategories)
    .where(
      and(
        eq(templateCategories.organizationId, orgId),
        searched(templateCategories.name, request.q),
        page.after,
      ),
    )
    .orderBy(...page.orderBy)
    .limit(page.limit)
  return listed.page(rows, request)
}

export async function getCategory(db: Db, orgId: string, id: string) {
  const [row] = await db.select(columns).from(templateCategories).where(ofOrg(orgId, id))
  if (!row) throw notFound('Category')
  return row
}

/** The company's category with this id, if there is one (a reference from a request body). */
export async function findCategory(db: Db, orgId: string, id: string) {
  const [row] = await db
    .select({ id: templateCategories.id })
    .from(templateCategories)
    .where(ofOrg(orgId, id))
  return row
}

export async function createCategory(
  db: Db,
  orgId: string,
  values: Required<CategoryValues>,
  now: Date,
) {
  const [row] = await db
    .insert(templateCategories)
    .values({ ...values, organizationId: orgId, createdAt: now, updatedAt: now })
    .returning(columns)
  return row!
}

export async function updateCategory(
  db: Db,
  orgId: string,
  id: string,
  values: CategoryValues,
  now: Date,
) {
  const [row] = await db
    .update(templateCategories)
    .set({ ...values, updatedAt: now })
    .where(ofOrg(orgId, id))
    .returning(columns)
  if (!row) throw notFound('Category')
  return row
}

/** Templates of the category stay; their category becomes none (ON DELETE SET NULL). */
export async function deleteCategory(db: Db, orgId: string, id: string) {
  const deleted = await db
    .delete(templateCategories)
    .where(ofOrg(orgId, id))
    .returning({ id: templateCategories.id })
  if (deleted.length === 0) throw notFound('Category')
}
