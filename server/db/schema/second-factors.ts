import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { id, tstz } from './columns'
import { people, users } from './users'

/**
 * A user's authenticator app (TOTP, RFC 6238). Set up in two steps: the secret is kept pending
 * (`confirmedAt` null) until a first code from the app confirms it. The secret is encrypted at rest
 * (modules/mfa/secret-box.ts). `lastStep`: the 30-second step of the last accepted code; a code is
 * accepted only for a later step, so a code is never used twice.
 */
export const totpFactors = pgTable('totp_factors', {
  personId: uuid()
    .primaryKey()
    .references(() => people.id, { onDelete: 'cascade' }),
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
    personId: uuid()
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: tstz(),
    createdAt: tstz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('recovery_codes_person_code_key').on(t.personId, t.codeHash),
    index('recovery_codes_person_id_idx').on(t.personId),
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

/**
 * A passkey (WebAuthn credential) of a user: with user verification it is both factors, so it signs
 * in without the password, and it is a second factor after one. `credentialId` and `publicKey`
 * (COSE) are base64url as the browser sends them; `counter` is the authenticator's signature
 * count (0 for those that keep none).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    personId: uuid()
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    credentialId: text().notNull(),
    publicKey: text().notNull(),
    counter: bigint({ mode: 'number' }).notNull().default(0),
    transports: jsonb().$type<string[]>().notNull().default([]),
    /** Synced to the person's other devices (a multi-device credential that is backed up). */
    backedUp: boolean().notNull().default(false),
    name: text().notNull(),
    createdAt: tstz().notNull().defaultNow(),
    lastUsedAt: tstz(),
  },
  (t) => [
    uniqueIndex('passkeys_credential_id_key').on(t.credentialId),
    index('passkeys_person_id_idx').on(t.personId),
    check('passkeys_name_check', sql`length(${t.name}) between 1 and 100`),
  ],
)

/**
 * A passkey ceremony in progress: the challenge the browser's authenticator must sign, kept for
 * 5 minutes and spent once by the answer that signed it (`tokenHash`: the challenge's SHA-256, by
 * which the answer finds it).
 * `register`: the signed-in user (`userId`) adding a passkey; `sign_in`: anyone, or only the user
 * whose pending sign-in (a right password) asked for it (`userId`), or only the account of `email`.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: id(),
    tokenHash: text().notNull(),
    purpose: text().$type<'register' | 'sign_in'>().notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    /** A sign-in for this address only (lower case): the passkey must be this account's. */
    email: text(),
    challenge: text().notNull(),
    expiresAt: tstz().notNull(),
    createdAt: tstz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('passkey_challenges_token_hash_key').on(t.tokenHash),
    index('passkey_challenges_expires_at_idx').on(t.expiresAt),
    check('passkey_challenges_purpose_check', sql`${t.purpose} in ('register', 'sign_in')`),
    check('passkey_challenges_expiry_check', sql`${t.expiresAt} > ${t.createdAt}`),
  ],
)
