import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, uniqueIndex, uuid, boolean } from 'drizzle-orm/pg-core'
import { id, tstz } from './columns'
import { organizations } from './organizations'

/**
 * A company's webhook (decision 049): its domain events POSTed to `url`, signed with the secret
 * (Standard Webhooks), which is kept sealed (modules/mfa/secret-box.ts) as the server must sign
 * with it.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    description: text(),
    events: text().array().notNull(),
    secretSealed: text().notNull(),
    enabled: boolean().notNull().default(true),
    disabledReason: text(),
    /** Since when every try has failed; cleared by a success. */
    failingSince: tstz(),
    createdAt: tstz().notNull().defaultNow(),
    updatedAt: tstz().notNull().defaultNow(),
  },
  (t) => [index('webhooks_organization_id_idx').on(t.organizationId, t.createdAt)],
)

/**
 * One event for one hook: written in the transaction of the change (so exactly once per event
 * and hook), then tried by the `webhooks.deliver` job until a 2xx or about a day. The body is
 * fixed when written, so every try sends the same bytes under the same `webhook-id` (the row's id).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    webhookId: uuid()
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    eventId: uuid().notNull(),
    eventType: text().notNull(),
    payload: text().notNull(),
    /** pending (waiting for its next try), sending, delivered, failed (tries spent). */
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: tstz(),
    claimedAt: tstz(),
    lastAttemptAt: tstz(),
    statusCode: integer(),
    error: text(),
    durationMs: integer(),
    responseBody: text(),
    createdAt: tstz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_webhook_event_key').on(t.webhookId, t.eventId),
    index('webhook_deliveries_webhook_created_idx').on(t.webhookId, t.createdAt),
    index('webhook_deliveries_due_idx')
      .on(t.webhookId, t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'sending')`),
  ],
)
