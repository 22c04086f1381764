import { pgTable, text } from 'drizzle-orm/pg-core'
import { id, timestamps } from './columns'

export const organizations = pgTable('organizations', {
  id: id(),
  name: text().notNull(),
  size: text().notNull(),
  industry: text().notNull(),
  phone: text().notNull(),
  ...timestamps,
})
