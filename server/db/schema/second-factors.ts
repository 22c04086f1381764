import { sql } from 'drizzle-orm'
import { bigint, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { id, tstz } from './columns'
import { users } from './users'

/**
 * A user's authenticator app (TOTP, RFC 6238). Set up in two steps: the secret is kept pending
 * (`confirmedAt` null) until a first code from the app confirms it. The secret is encrypted at rest
 * (modules/mfa/secret-box.ts). `lastStep`: the 30-second step of the last accepted code; a code is
 * accepted only for a later step, so a code is never used twice.
 */
export const totpFactors = pgTable('totp_factors', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text().notNull(),
  confirmedAt: tstz(),
  lastStep: bigint({ mode: 'number' }),
  createdAt: tstz().notNull().defaultNow(),
  updatedAt: tstz().notNull().defaultNow(),
})

/** Single-use recovery codes, SHA-256 of each; made when TOTP is confirmed or on regeneration. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: tstz(),
    createdAt: tstz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('recovery_codes_user_code_key').on(t.userId, t.codeHash),
    index('recovery_codes_user_id_idx').on(t.userId),
  ],
)

/**
 * A sign-in waiting for its second factor: the right password was given, no session exists yet.
 * The browser holds the token (a short-lived cookie); only its hash is stored.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: id(),
    tokenHash: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text(),
    userAgent: text(),
    expiresAt: tstz().notNull(),
    createdAt: tstz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mfa_challenges_token_hash_key').on(t.tokenHash),
    index('mfa_challenges_user_id_idx').on(t.userId),
    check('mfa_challenges_expiry_check', sql`${t.expiresAt} > ${t.createdAt}`),
  ],
)
