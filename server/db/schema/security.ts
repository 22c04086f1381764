import { index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { tstz } from './columns'

/**
 * Fixed-window counters shared by every instance: sign-in attempts (per account and address, per
 * address, per account) and account mails (per address, per company). See server/db/counters.ts.
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text().primaryKey(),
    count: integer().notNull(),
    windowEndsAt: tstz().notNull(),
    createdAt: tstz().notNull().defaultNow(),
    updatedAt: tstz().notNull().defaultNow(),
  },
  (t) => [index('rate_counters_window_ends_at_idx').on(t.windowEndsAt)],
)

/** Solved human-check challenges, so that one solution is accepted once. */
export const usedCaptchas = pgTable('used_captchas', {
  id: text().primaryKey(),
  expiresAt: tstz().notNull(),
  createdAt: tstz().notNull().defaultNow(),
  updatedAt: tstz().notNull().defaultNow(),
})

/** Values generated once and shared by every instance (e.g. the human-check HMAC key). */
export const appSettings = pgTable('app_settings', {
  key: text().primaryKey(),
  value: text().notNull(),
  createdAt: tstz().notNull().defaultNow(),
  updatedAt: tstz().notNull().defaultNow(),
})
