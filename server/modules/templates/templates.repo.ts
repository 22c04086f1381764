import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  byName,
  jsonRows,
  outerJoined,
  pageQuery,
  searched,
  type PageRequest,
} from '../../db/keyset'
import { templateCategories, templateItems, templates } from '../../db/schema'
import { isoTimestamp } from '../../db/timestamps'
import { notFound } from '../../lib/errors'

export interface TemplateValues {
  name?: string
  description?: string | null
  categoryId?: string | null
}

const columns = {
  id: templates.id,
  name: templates.name,
  description: templates.description,
  categoryId: templates.categoryId,
  categoryName: templateCategories.name,
  itemCount: sql<number>`(select count(*)::int from ${templateItems} where ${templateItems.templateId} = ${templates.id})`,
  createdAt: isoTimestamp(templates.createdAt),
  updatedAt: isoTimestamp(templates.updatedAt),
}
const ofOrg = (orgId: string, id: string) =>
  and(eq(templates.organizationId, orgId), eq(templates.id, id))

function selectTemplates(db: Db) {
  return db
    .select(columns)
    .from(templates)
    .leftJoin(templateCategories, eq(templateCategories.id, templates.categoryId))
}

const templatesByName = byName(templates.name, templates.id)
/** Lists read a template as one JSON text per row (decision 052). */
const listed = jsonRows(templatesByName, {
  ...columns,
  categoryName: outerJoined(templateCategories.name),
})

/** By name; `q`: the names containing it. */
export async function listTemplates(
  db: Db,
  orgId: string,
  request: PageRequest & { q?: string | undefined },
) {
  const page = pageQuery(templatesByName, request)
  const rows = await db
    .select({ row: listed.row })
    .from(templates)
    .leftJoin(templateCategories, eq(templateCategories.id, templates.categoryId))
    .where(
      and(eq(templates.organizationId, orgId), searched(templates.name, request.q), page.after),
    )
    .orderBy(...page.orderBy)
    .limit(page.limit)
  return listed.page(rows, request)
}

export async function getTemplate(db: Db, orgId: string, id: string) {
  const [row] = await selectTemplates(db).where(ofOrg(orgId, id))
  if (!row) throw notFound('Template')
  return row
}

/** The company's template with this id, if there is one (a reference from a request body). */
export async function findTemplate(db: Db, orgId: string, id: string) {
  const [row] = await db.select({ id: templates.id }).from(templates).where(ofOrg(orgId, id))
  return row
}

export async function createTemplate(
  db: Db,
  orgId: string,
  values: Required<TemplateValues>,
  now: Date,
) {
  const [row] = await db
    .insert(templates)
    .values({ ...values, organizationId: orgId, createdAt: now, updatedAt: now })
    .returning({ id: templates.id })
  return getTemplate(db, orgId, row!.id)
}

export async function updateTemplate(
  db: Db,
  orgId: string,
  id: string,
  values: TemplateValues,
  now: Date,
) {
  const [row] = await db
    .update(templates)
    .set({ ...values, updatedAt: now })
    .where(ofOrg(orgId, id))
    .returning({ id: templates.id })
  if (!row) throw notFound('Template')
  return getTemplate(db, orgId, id)
}

/** Its items go with it (ON DELETE CASCADE). */
export async function deleteTemplate(db: Db, orgId: string, id: string) {
  const deleted = await db.delete(templates).where(ofOrg(orgId, id)).returning({ id: templates.id })
  if (deleted.length === 0) throw notFound('Template')
}
