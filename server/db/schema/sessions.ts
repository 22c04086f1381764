import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { id, tstz } from './columns'
import { organizations } from './organizations'
import { users } from './users'

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    /** SHA-256 of the cookie value, hex; the cookie value itself is never stored. */
    tokenHash: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * Made through this company's single sign-on: its provider vouches for this company's
     * membership only, so the session cannot switch to another company (decision 047).
     */
    ssoOrganizationId: uuid().references(() => organizations.id, { onDelete: 'cascade' }),
    userAgent: text(),
    ip: text(),
    createdAt: tstz().notNull().defaultNow(),
    updatedAt: tstz().notNull().defaultNow(),
    lastSeenAt: tstz().notNull().defaultNow(),
    idleExpiresAt: tstz().notNull(),
    absoluteExpiresAt: tstz().notNull(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_id_idx').on(t.userId),
  ],
)
