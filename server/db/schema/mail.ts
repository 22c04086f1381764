import { index, integer, pgTable, uuid } from 'drizzle-orm/pg-core'
import { timestamps, tstz } from './columns'

/**
 * Each mail's hand-over to the SMTP server (or the outbox), keyed by its job, which is also its
 * Message-ID: written before the hand-over and marked sent right after it, so that a job run again
 * (its instance died, its completion was lost) sends nothing when the mail went out, and resends
 * with the same Message-ID only when the first hand-over may not have finished.
 */
export const mailDeliveries = pgTable(
  'mail_deliveries',
  {
    jobId: uuid().primaryKey(),
    /** Hand-overs begun: more than one means the mail may have reached the server twice. */
    attempts: integer().notNull().default(1),
    sentAt: tstz(),
    ...timestamps,
  },
  (t) => [index('mail_deliveries_created_at_idx').on(t.createdAt)],
)
