import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { id, tstz } from './columns'
import { users } from './users'

export const tokenPurposes = ['verify_email', 'reset_password'] as const
export type TokenPurpose = (typeof tokenPurposes)[number]

export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: tokenPurposes }).notNull(),
    tokenHash: text().notNull(),
    /**
     * A verification link's browser: the SHA-256 of the cookie set where the address was
     * registered. Opened elsewhere, the link also asks for the account's password (decision 042).
     */
    bindingHash: text(),
    expiresAt: tstz().notNull(),
    usedAt: tstz(),
    createdAt: tstz().notNull().defaultNow(),
    updatedAt: tstz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_token_hash_key').on(t.tokenHash),
    index('one_time_tokens_user_id_idx').on(t.userId),
    check('one_time_tokens_purpose_check', sql`${t.purpose} in ('verify_email', 'reset_password')`),
  ],
)
