import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { ROLES } from '../../../shared/constants'
import { id, timestamps, tstz } from './columns'
import { organizations } from './organizations'
import { clients } from './workspace'

/** The roles as an SQL list, for CHECK constraints. */
export const roleList = sql.raw(ROLES.map((role) => `'${role}'`).join(', '))

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
    role: text({ enum: ROLES }).notNull(),
    /** The client record a client-role user belongs to; restrict: the API answers 409 first. */
    clientId: uuid().references(() => clients.id, { onDelete: 'restrict' }),
    emailVerifiedAt: tstz(),
    lastLoginAt: tstz(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // The company's users by name, then e-mail (decision 014).
    index('users_organization_id_name_email_id_idx').on(
      t.organizationId,
      sql`lower(${t.firstName} || ' ' || ${t.lastName})`,
      t.email,
      t.id,
    ),
    index('users_client_id_idx').on(t.clientId),
    check('users_role_check', sql`${t.role} in (${roleList})`),
    check('users_client_id_check', sql`(${t.role} = 'client') = (${t.clientId} is not null)`),
    check('users_email_lowercase_check', sql`${t.email} = lower(${t.email})`),
  ],
)
