import { and, arrayOverlaps, asc, count, eq, getTableColumns, inArray, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { selectRows } from '../../db/client'
import { key, pageQuery, toPage, type Keyset, type PageRequest } from '../../db/keyset'
import {
  organizations,
  people,
  users,
  webhookDeliveries,
  webhooks,
  withPerson,
} from '../../db/schema'

export type WebhookRow = typeof webhooks.$inferSelect
export type DeliveryRow = typeof webhookDeliveries.$inferSelect

/** How many hooks the company has, the company held until the transaction ends. */
export async function webhookCountHeld(tx: Db, organizationId: string) {
  await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update')
  const [row] = await tx
    .select({ n: count() })
    .from(webhooks)
    .where(eq(webhooks.organizationId, organizationId))
  return row?.n ?? 0
}

export async function insertWebhook(db: Db, values: typeof webhooks.$inferInsert) {
  const [row] = await db.insert(webhooks).values(values).returning()
  if (!row) throw new Error('webhook not inserted')
  return row
}

export const listWebhooks = (db: Db, organizationId: string) =>
  db
    .select()
    .from(webhooks)
    .where(eq(webhooks.organizationId, organizationId))
    .orderBy(asc(webhooks.createdAt), asc(webhooks.id))

export async function findWebhook(db: Db, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.organizationId, organizationId)))
  return row ?? null
}

export async function findWebhookById(db: Db, id: string) {
  const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id))
  return row ?? null
}

/** Turned off by the server, saying why; answers the hook, or null when it is gone. */
export async function disableWebhook(db: Db, id: string, reason: string, now: Date) {
  const [row] = await db
    .update(webhooks)
    .set({ enabled: false, disabledReason: reason, updatedAt: now })
    .where(eq(webhooks.id, id))
    .returning()
  return row ?? null
}

export async function updateWebhook(
  db: Db,
  organizationId: string,
  id: string,
  values: Partial<typeof webhooks.$inferInsert>,
) {
  const [row] = await db
    .update(webhooks)
    .set(values)
    .where(and(eq(webhooks.id, id), eq(webhooks.organizationId, organizationId)))
    .returning()
  return row ?? null
}

export async function deleteWebhook(db: Db, organizationId: string, id: string) {
  const [row] = await db
    .delete(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.organizationId, organizationId)))
    .returning({ id: webhooks.id })
  return row ?? null
}

/** The company's hooks that are on and hear any of `eventTypes`. */
export const hooksHearing = (db: Db, organizationId: string, eventTypes: string[]) =>
  db
    .select({ id: webhooks.id, events: webhooks.events })
    .from(webhooks)
    .where(
      and(
        eq(webhooks.organizationId, organizationId),
        eq(webhooks.enabled, true),
        arrayOverlaps(webhooks.events, eventTypes),
      ),
    )

export async function insertDeliveries(db: Db, rows: (typeof webhookDeliveries.$inferInsert)[]) {
  for (let start = 0; start < rows.length; start += 1000)
    await db
      .insert(webhookDeliveries)
      .values(rows.slice(start, start + 1000))
      .onConflictDoNothing()
}

/** A try that has not reported back in this long was lost with its instance: it is due again. */
const LOST_TRY_INTERVAL = '1 minute'

/**
 * Takes the hook's next due delivery for one try (its tries counted), or null: one instance at a
 * time (SKIP LOCKED), and only while the hook is on.
 */
export async function claimDueDelivery(db: Db, webhookId: string, now: Date) {
  const at = now.toISOString()
  const [row] = await selectRows<{ id: string }>(
    db,
    sql`update ${webhookDeliveries} set status = 'sending', claimed_at = ${at}::timestamptz,
          attempts = ${webhookDeliveries.attempts} + 1
        where ${webhookDeliveries.id} = (
          select d.id from ${webhookDeliveries} d
          where d.webhook_id = ${webhookId}
            and ((d.status = 'pending' and d.next_attempt_at <= ${at}::timestamptz)
              or (d.status = 'sending' and d.claimed_at < ${at}::timestamptz - interval ${sql.raw(`'${LOST_TRY_INTERVAL}'`)}))
          order by d.next_attempt_at, d.created_at, d.id
          limit 1
          for update skip locked)
        and exists (select 1 from ${webhooks} w where w.id = ${webhookId} and w.enabled)
        returning ${webhookDeliveries.id}`,
  )
  if (!row) return null
  const [delivery] = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, row.id))
  return delivery ?? null
}

/** A try's outcome, on the delivery still being tried (a deleted hook's is gone). */
export async function recordTry(
  db: Db,
  id: string,
  values: Pick<
    Partial<DeliveryRow>,
    | 'status'
    | 'nextAttemptAt'
    | 'statusCode'
    | 'error'
    | 'durationMs'
    | 'responseBody'
    | 'lastAttemptAt'
  >,
) {
  await db
    .update(webhookDeliveries)
    .set({ ...values, claimedAt: null })
    .where(eq(webhookDeliveries.id, id))
}

/** When the hook's next delivery is due (a lost try's too), if any is. */
export async function nextDueAt(db: Db, webhookId: string) {
  const [row] = await selectRows<{ due: string | null }>(
    db,
    sql`select min(case when status = 'pending' then next_attempt_at
                        else claimed_at + interval ${sql.raw(`'${LOST_TRY_INTERVAL}'`)} end)::text as due
        from ${webhookDeliveries}
        where webhook_id = ${webhookId} and status in ('pending', 'sending')`,
  )
  return row?.due ? new Date(row.due) : null
}

const newestFirst: Keyset = {
  keys: [key(webhookDeliveries.createdAt, 'timestamptz'), key(webhookDeliveries.id, 'uuid')],
  direction: 'desc',
}

export async function deliveriesPage(db: Db, webhookId: string, request: PageRequest) {
  const page = pageQuery(newestFirst, request)
  const { payload: _payload, ...columns } = getTableColumns(webhookDeliveries)
  const rows = await db
    .select({ ...columns, pageKey: page.pageKey })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.webhookId, webhookId), page.after))
    .orderBy(...page.orderBy)
    .limit(page.limit)
  return toPage(rows, request)
}

export async function findDelivery(db: Db, webhookId: string, id: string) {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.webhookId, webhookId)))
  return row ?? null
}

/** A delivery not being tried, due now again: one more try (a failed one stays failed after it, unless it succeeds). */
export async function makeDueNow(db: Db, id: string, now: Date) {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: now })
    .where(
      and(eq(webhookDeliveries.id, id), inArray(webhookDeliveries.status, ['pending', 'failed'])),
    )
    .returning()
  return row ?? null
}

/** Deliveries finished (delivered, or their tries spent) before `before`: the list keeps a month. */
export async function deleteFinishedDeliveries(db: Db, before: Date) {
  const deleted = await db
    .delete(webhookDeliveries)
    .where(
      and(
        inArray(webhookDeliveries.status, ['delivered', 'failed']),
        lt(webhookDeliveries.createdAt, before),
      ),
    )
    .returning({ id: webhookDeliveries.id })
  return deleted.length
}

/** The company's admins, to tell of a hook turned off. */
export const companyAdmins = (db: Db, organizationId: string) =>
  db
    .select({ email: people.email, firstName: people.firstName })
    .from(users)
    .innerJoin(people, withPerson)
    .where(and(eq(users.organizationId, organizationId), eq(users.role, 'admin')))
