import { sql } from 'drizzle-orm'
import { boolean, index, pgTable, primaryKey, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { timestamps } from './columns'
import { organizations } from './organizations'
import { users } from './users'
import { audits } from './workspace'

/**
 * An audit's team: the firm's people on it, one of them its lead (who later features notify). A
 * member removed from the company leaves with their rows; a user made a client user is taken off
 * by the service.
 */
export const auditMembers = pgTable(
  'audit_members',
  {
    auditId: uuid()
      .notNull()
      .references(() => audits.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    lead: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.auditId, t.userId] }),
    uniqueIndex('audit_members_one_lead_key')
      .on(t.auditId)
      .where(sql`${t.lead}`),
    index('audit_members_user_id_idx').on(t.userId),
  ],
)
