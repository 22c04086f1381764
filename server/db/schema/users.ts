import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { id, timestamps, tstz } from './columns'
import { organizations } from './organizations'

export const users = pgTable(
  'users',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    passwordHash: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    role: text({ enum: ['admin', 'client'] }).notNull(),
    emailVerifiedAt: tstz(),
    lastLoginAt: tstz(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_organization_id_idx').on(t.organizationId),
    check('users_role_check', sql`${t.role} in ('admin', 'client')`),
    check('users_email_lowercase_check', sql`${t.email} = lower(${t.email})`),
  ],
)
