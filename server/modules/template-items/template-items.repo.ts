import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { AnswerType } from '@shared/schemas/answers'
import { ITEM_ORDER_MAX } from '@shared/schemas/templates'
import type { Db } from '../../db/client'
import { key, pageQuery, toPage, type Keyset, type PageRequest } from '../../db/keyset'
import { templateItems, templates } from '../../db/schema'
import { isoTimestamp } from '../../db/timestamps'
import { notFound } from '../../lib/errors'

export interface ItemValues {
  title?: string
  description?: string | null
  section?: string | null
  reference?: string | null
  requiresDocument?: boolean
  requiresResponse?: boolean
  answerType?: AnswerType
  choices?: string[] | null
  dueDaysBefore?: number | null
  order?: number
}

const columns = {
  id: templateItems.id,
  templateId: templateItems.templateId,
  title: templateItems.title,
  description: templateItems.description,
  section: templateItems.section,
  reference: templateItems.reference,
  requiresDocument: templateItems.requiresDocument,
  requiresResponse: templateItems.requiresResponse,
  answerType: templateItems.answerType,
  choices: templateItems.choices,
  dueDaysBefore: templateItems.dueDaysBefore,
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

/**
 * Locks the template's row until the transaction ends: its items are added and moved under this
 * lock only, so two of those at once cannot give two items the same place. False: the company
 * has no such template.
 */
export async function lockTemplate(db: Db, orgId: string, templateId: string) {
  const [row] = await db
    .select({ id: templates.id })
    .from(templates)
    .where(and(eq(templates.organizationId, orgId), eq(templates.id, templateId)))
    .for('update')
  return row !== undefined
}

/** The template's sections, each where its first item comes, with how many items it holds. */
export async function templateSections(db: Db, orgId: string, templateId: string) {
  return db
    .select({ name: sql<string>`${templateItems.section}`, items: sql<number>`count(*)::int` })
    .from(templateItems)
    .where(
      and(
        eq(templateItems.organizationId, orgId),
        eq(templateItems.templateId, templateId),
        sql`${templateItems.section} is not null`,
      ),
    )
    .groupBy(templateItems.section)
    .orderBy(sql`min(${templateItems.order})`, templateItems.section)
}

/** The template's items in their order, as a section's move reads them. */
export async function itemPlaces(db: Db, orgId: string, templateId: string) {
  const { orderBy } = pageQuery(inOrder, { limit: ITEM_ORDER_MAX })
  return db
    .select({ id: templateItems.id, section: templateItems.section })
    .from(templateItems)
    .where(and(eq(templateItems.organizationId, orgId), eq(templateItems.templateId, templateId)))
    .orderBy(...orderBy)
}

/** Gives the items, in the order given, the orders 0…n-1, writing only those that change. */
export async function writeItemOrder(db: Db, orgId: string, ids: string[], now: Date) {
  const ranks = ids.map((_, index) => index)
  await db.execute(
    writeOrders(
      sql`select placed.id, placed.rank from unnest(${`{${ids.join(',')}}`}::uuid[], ${`{${ranks.join(',')}}`}::int[]) as placed(id, rank)
        join ${templateItems} on ${templateItems.id} = placed.id and ${templateItems.organizationId} = ${orgId}`,
      now,
    ),
  )
}

/** How many items the template holds. */
export async function countItems(db: Db, orgId: string, templateId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(templateItems)
    .where(and(eq(templateItems.organizationId, orgId), eq(templateItems.templateId, templateId)))
  return row?.n ?? 0
}

/** The titles of the template's items: what an import's rows must not repeat. */
export async function itemTitles(db: Db, orgId: string, templateId: string) {
  const rows = await db
    .select({ title: templateItems.title })
    .from(templateItems)
    .where(and(eq(templateItems.organizationId, orgId), eq(templateItems.templateId, templateId)))
  return rows.map((row) => row.title)
}

/** The company's item with this id: its template (not found: 404). */
export async function findItem(db: Db, orgId: string, id: string) {
  const [row] = await db
    .select({ templateId: templateItems.templateId })
    .from(templateItems)
    .where(ofOrg(orgId, id))
  if (!row) throw notFound('Item')
  return row
}

export async function getItem(db: Db, orgId: string, id: string) {
  const [row] = await db.select(columns).from(templateItems).where(ofOrg(orgId, id))
  if (!row) throw notFound('Item')
  return row
}

/** The template's items in their order (as listed), numbered from 0: one statement. */
const ranked = (orgId: string, templateId: string, exceptId: string | null) => sql`
  select ${templateItems.id} as id,
    (row_number() over (order by ${templateItems.order}, ${templateItems.createdAt}, ${templateItems.id}) - 1)::int as rank
  from ${templateItems}
  where ${templateItems.organizationId} = ${orgId} and ${templateItems.templateId} = ${templateId}
    ${exceptId === null ? sql`` : sql`and ${templateItems.id} <> ${exceptId}`}`

/** Writes each listed item's new order, only where it changes. */
const writeOrders = (placed: SQL, now: Date) => sql`
  update ${templateItems} set "order" = placed.rank, updated_at = ${now.toISOString()}::timestamptz
  from (${placed}) as placed
  where ${templateItems.id} = placed.id and ${templateItems.order} <> placed.rank`

/**
 * How many items the template holds besides `id`, and whether `id` is one of them (call with the
 * template locked).
 */
export async function countPlaces(db: Db, orgId: string, templateId: string, id: string) {
  const [row] = await db
    .select({
      others: sql<number>`(count(*) filter (where ${templateItems.id} <> ${id}))::int`,
      own: sql<number>`(count(*) filter (where ${templateItems.id} = ${id}))::int`,
    })
    .from(templateItems)
    .where(and(eq(templateItems.organizationId, orgId), eq(templateItems.templateId, templateId)))
  return { others: row!.others, present: row!.own > 0 }
}

/**
 * Puts the item at `position` (0 first, at most the number of the others) among the template's
 * other items, and numbers all of them 0, 1, 2… in the new order: one statement whatever the
 * template's size, writing the rows whose order changes. Call with the template locked.
 */
export async function moveItem(
  db: Db,
  orgId: string,
  templateId: string,
  id: string,
  position: number,
  now: Date,
) {
  const placed = sql`
    select others.id, case when others.rank >= ${position}::int then others.rank + 1 else others.rank end as rank
    from (${ranked(orgId, templateId, id)}) as others
    union all select ${id}::uuid, ${position}::int`
  await db.execute(writeOrders(placed, now))
}

/** Numbers the template's items 0, 1, 2… in their order (call with the template locked). */
export async function renumberItems(db: Db, orgId: string, templateId: string, now: Date) {
  await db.execute(writeOrders(ranked(orgId, templateId, null), now))
}

/**
 * New items after the template's last one, in the order given: their orders follow the highest
 * order in the template (the item count when the orders are 0…n-1). Should that pass
 * ITEM_ORDER_MAX, the template's items are numbered afresh first. Call with the template locked.
 */
export async function appendItems(
  db: Db,
  orgId: string,
  templateId: string,
  values: Array<
    Pick<Required<ItemValues>, 'title' | 'requiresDocument' | 'requiresResponse'> &
      Pick<
        ItemValues,
        'description' | 'section' | 'reference' | 'dueDaysBefore' | 'answerType' | 'choices'
      >
  >,
  now: Date,
) {
  const [counts] = await db
    .select({
      count: sql<number>`count(*)::int`,
      next: sql<number>`coalesce(max(${templateItems.order}) + 1, 0)::int`,
    })
    .from(templateItems)
    .where(and(eq(templateItems.organizationId, orgId), eq(templateItems.templateId, templateId)))
  let first = Math.max(counts!.count, counts!.next)
  if (first + values.length - 1 > ITEM_ORDER_MAX) {
    await renumberItems(db, orgId, templateId, now)
    first = counts!.count
  }
  const rows = await db
    .insert(templateItems)
    .values(
      values.map((item, index) => ({
        ...item,
        description: item.description ?? null,
        section: item.section ?? null,
        reference: item.reference ?? null,
        dueDaysBefore: item.dueDaysBefore ?? null,
        answerType: item.answerType ?? 'text',
        choices: item.choices ?? null,
        templateId,
        order: first + index,
        organizationId: orgId,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning(columns)
  return rows.sort((a, b) => a.order - b.order)
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
