import { timestamp, uuid } from 'drizzle-orm/pg-core'

export const id = () => uuid().primaryKey().defaultRandom()
export const tstz = () => timestamp({ withTimezone: true, mode: 'date' })
export const timestamps = {
  createdAt: tstz().notNull().defaultNow(),
  updatedAt: tstz().notNull().defaultNow(),
}
