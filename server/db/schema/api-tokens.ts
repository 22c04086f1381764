import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { id, tstz } from './columns'
import { organizations } from './organizations'
import { users } from './users'

/**
 * Personal API tokens (decision 048): a script acts as the membership the token was made in,
 * reading only or also writing. Only the SHA-256 of the secret is kept, as for sessions; `hint` is
 * its first characters, for people to tell their tokens apart.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The membership's company, so that its admins list every token without a join. */
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    tokenHash: text().notNull(),
    hint: text().notNull(),
    /** The `write` scope: every method the role allows; without it GET and HEAD only. */
    canWrite: boolean().notNull(),
    createdAt: tstz().notNull().defaultNow(),
    expiresAt: tstz().notNull(),
    lastUsedAt: tstz(),
  },
  (t) => [
    uniqueIndex('api_tokens_token_hash_key').on(t.tokenHash),
    index('api_tokens_user_id_idx').on(t.userId),
    index('api_tokens_organization_id_idx').on(t.organizationId, t.createdAt),
  ],
)
