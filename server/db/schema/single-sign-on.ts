import { sql } from 'drizzle-orm'
import { boolean, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { id, timestamps, tstz } from './columns'
import { organizations } from './organizations'

/**
 * A firm's OpenID Connect provider (modules/single-sign-on): its issuer and our client there. The
 * client secret is sealed like the authenticator secrets (modules/mfa/secret-box.ts).
 */
export const ssoConnections = pgTable('sso_connections', {
  organizationId: uuid()
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  issuer: text().notNull(),
  clientId: text().notNull(),
  clientSecretSealed: text().notNull(),
  /** An unknown address at a claimed domain signing in through the provider becomes staff. */
  autoProvision: boolean().notNull().default(false),
  /** People at the claimed domains must sign in through the provider (admins with a factor aside). */
  enforce: boolean().notNull().default(false),
  ...timestamps,
})

/** A claimed e-mail domain (lower case): it belongs to at most one firm. */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    domain: text().primaryKey(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdAt: tstz().notNull().defaultNow(),
  },
  (t) => [
    index('sso_domains_organization_id_idx').on(t.organizationId),
    check('sso_domains_lowercase_check', sql`${t.domain} = lower(${t.domain})`),
  ],
)

/**
 * A sign-in gone to the provider and not yet back: the PKCE verifier, `state` and `nonce` it must
 * come back with. The browser holds the token (an HttpOnly cookie), the row its hash; 10 minutes,
 * spent once.
 */
export const ssoSignIns = pgTable(
  'sso_sign_ins',
  {
    id: id(),
    tokenHash: text().notNull(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    codeVerifier: text().notNull(),
    state: text().notNull(),
    nonce: text().notNull(),
    expiresAt: tstz().notNull(),
    createdAt: tstz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sso_sign_ins_token_hash_key').on(t.tokenHash),
    index('sso_sign_ins_expires_at_idx').on(t.expiresAt),
    check('sso_sign_ins_expiry_check', sql`${t.expiresAt} > ${t.createdAt}`),
  ],
)
