import { pgTable, text } from 'drizzle-orm/pg-core'
import { id, timestamps } from './columns'

export const organizations = pgTable('organizations', {
  id: id(),
  name: text().notNull(),
  size: text().notNull(),
  industry: text().notNull(),
  phone: text().notNull(),
  /** IANA name: when reminders go out and how dates read in mails. */
  timeZone: text().notNull().default('UTC'),
  ...timestamps,
})
