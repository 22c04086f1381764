import type { FastifyInstance } from 'fastify'
import * as oidc from 'openid-client'
import { nameText } from '@shared/schemas/common'
import type { SsoConnectionInput, SsoSettingsDto } from '@shared/schemas/single-sign-on'
import type { SsoFailure } from '@shared/sso-failures'
import type { Principal } from '../../access/principal'
import { randomToken } from '../../lib/crypto'
import { iso } from '../../lib/dto'
import { AppError, fieldError, isUniqueViolation } from '../../lib/errors'
import { recordActivity } from '../activity/activity.repo'
import { passwords } from '../auth/passwords'
import { secretBox } from '../mfa/secret-box'
import { findOrganizationDisplay } from '../organization/organization.repo'
import { hasSecondFactor } from '../security-policy/security-policy.repo'
import {
  findMembership,
  findUserByEmail,
  findUserById,
  insertUser,
  markEmailVerified,
} from '../users/users.repo'
import { issuerProblem, openIdProviders } from './provider'
import {
  connectionOfDomain,
  deleteConnection,
  findConnection,
  insertSignIn,
  saveConnection,
  takeSignIn,
  type SsoConnectionRow,
} from './sso.repo'

/** How long a sign-in may stay at the provider before it comes back. */
export const SSO_SIGN_IN_TTL_MS = 10 * 60 * 1000
export const SSO_CALLBACK_PATH = '/api/auth/sso/callback'

export const ssoMessages = {
  required:
    'Your firm signs you in through its identity provider. Use “Continue with SSO” instead of your password.',
  noSecret: 'Client secret is required',
  discoveryFailed: (reason: string) =>
    `The issuer’s discovery document could not be read: ${reason}`,
  ownDomainOnly: (domain: string) =>
    `You can claim only the domain of your own verified email address (${domain}).`,
  domainTaken: 'One of these domains is already used by another firm’s single sign-on.',
  notSetUp: 'Single sign-on is not set up.',
  switchNeedsSignIn:
    'You signed in through your firm’s identity provider, which speaks for that firm only. Sign out and sign in again to open another company.',
} as const

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase()

/**
 * A new member's names from the provider's claims: `given_name` and `family_name`, else `name`
 * split at its last space, else the address's local part ("new.person" → New Person). A claim
 * our name rules refuse (a link in it, say) is passed over.
 */
function namesOf(claims: Record<string, unknown>, email: string) {
  const valid = (value: unknown) => {
    const parsed = nameText('Name', 100).safeParse(typeof value === 'string' ? value : '')
    return parsed.success ? parsed.data : null
  }
  const full = valid(claims.name)
  const space = full?.lastIndexOf(' ') ?? -1
  const words = (email.split('@')[0] ?? '')
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
  const [firstWord = 'New', ...rest] = words
  return {
    firstName:
      valid(claims.given_name) ??
      (full && space > 0 ? full.slice(0, space) : full) ??
      valid(firstWord) ??
      'New',
    lastName:
      valid(claims.family_name) ??
      (full && space > 0 ? full.slice(space + 1) : null) ??
      valid(rest.join(' ')) ??
      valid(firstWord) ??
      'Member',
  }
}

/** A thrown reason to send the browser back to the login page with. */
class SsoRefused extends Error {
  constructor(
    readonly reason: SsoFailure,
    detail?: string,
  ) {
    super(detail ?? reason)
  }
}

/**
 * Single sign-on through a firm's OpenID provider (decision 046): the admins' set-up, the
 * authorization code flow with PKCE, state and nonce (`openid-client`), and the rule that makes
 * password and passkey sign-in give way to it at the firm's domains.
 */
export function singleSignOn(app: FastifyInstance) {
  const { db, clock, log, config } = app
  const box = secretBox(db, config.mfaEncryptionKey)
  const providers = openIdProviders({ allowHttp: config.ssoAllowHttpIssuer })
  const callbackUrl = `${config.appUrl}${SSO_CALLBACK_PATH}`

  const settingsOf = async (organizationId: string): Promise<SsoSettingsDto> => {
    const row = await findConnection(db, organizationId)
    return {
      callbackUrl,
      connection: row
        ? {
            issuer: row.issuer,
            clientId: row.clientId,
            domains: row.domains,
            autoProvision: row.autoProvision,
            enforce: row.enforce,
            updatedAt: iso(row.updatedAt),
          }
        : null,
    }
  }

  const configurationOf = async (row: SsoConnectionRow) =>
    providers.configuration(
      {
        issuer: row.issuer,
        clientId: row.clientId,
        clientSecret: await box.open(row.clientSecretSealed),
      },
      clock().getTime(),
    )

  const trail = async (principal: Principal) => {
    const now = clock()
    const { name } = await findOrganizationDisplay(db, principal.organizationId)
    await recordActivity(db, principal, 'organization.sso_changed', name, now)
  }

  /** The sign-in's outcome: the member to start a session for. */
  async function memberAsserted(
    row: SsoConnectionRow & { domains: string[] },
    claims: Record<string, unknown>,
  ) {
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : ''
    if (!email) throw new SsoRefused('refused', 'no email claim')
    if (claims.email_verified !== true) throw new SsoRefused('unverified_email')
    if (!row.domains.includes(domainOf(email))) throw new SsoRefused('wrong_company', email)
    const now = clock()
    const person = await findUserByEmail(db, email)
    if (person) {
      // The person's membership in this firm; one only elsewhere is not the provider's to vouch for.
      const existing = await findMembership(db, person.personId, row.organizationId)
      if (!existing) throw new SsoRefused('wrong_company', 'member of another firm')
      if (!existing.emailVerifiedAt) await markEmailVerified(db, existing.id, now)
      return existing
    }
    if (!row.autoProvision) throw new SsoRefused('no_account')
    const { firstName, lastName } = namesOf(claims, email)
    const user = await insertUser(
      db,
      {
        organizationId: row.organizationId,
        email,
        // Nobody knows it: the person signs in through the provider, or resets a password.
        passwordHash: await passwords.hash(randomToken()),
        firstName,
        lastName,
        role: 'staff',
        emailVerifiedAt: now,
      },
      now,
    )
    if (!user) throw new SsoRefused('refused', 'address taken meanwhile')
    log.info(
      { event: 'auth.sso.provisioned', userId: user.id, organizationId: row.organizationId },
      'a new member added through single sign-on',
    )
    return user
  }

  return {
    get: (principal: Principal) => settingsOf(principal.organizationId),

    async save(principal: Principal, input: SsoConnectionInput) {
      const admin = await findUserById(db, principal.userId)
      const ownDomain = admin ? domainOf(admin.email) : ''
      const foreign = input.domains.find((domain) => domain !== ownDomain)
      if (!admin?.emailVerifiedAt || foreign)
        throw fieldError('domains', ssoMessages.ownDomainOnly(ownDomain))
      const problem = issuerProblem(input.issuer, config.ssoAllowHttpIssuer)
      if (problem) throw fieldError('issuer', problem)
      const existing = await findConnection(db, principal.organizationId)
      const clientSecret =
        input.clientSecret ?? (existing ? await box.open(existing.clientSecretSealed) : undefined)
      if (clientSecret === undefined) throw fieldError('clientSecret', ssoMessages.noSecret)
      await providers
        .discover({ issuer: input.issuer, clientId: input.clientId, clientSecret })
        .catch((error: unknown) => {
          const reason = error instanceof Error ? error.message : 'no answer'
          throw fieldError('issuer', ssoMessages.discoveryFailed(reason.slice(0, 200)))
        })
      const now = clock()
      const sealed = await box.seal(clientSecret)
      await db
        .transaction((tx) =>
          saveConnection(
            tx,
            {
              organizationId: principal.organizationId,
              issuer: input.issuer,
              clientId: input.clientId,
              clientSecretSealed: sealed,
              autoProvision: input.autoProvision,
              enforce: input.enforce,
            },
            input.domains,
            now,
          ),
        )
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw new AppError('CONFLICT', ssoMessages.domainTaken)
          throw error
        })
      await trail(principal)
      log.info(
        {
          event: 'organization.sso',
          organizationId: principal.organizationId,
          ...input,
          clientSecret: undefined,
        },
        'single sign-on saved',
      )
      return settingsOf(principal.organizationId)
    },

    async remove(principal: Principal) {
      if (!(await db.transaction((tx) => deleteConnection(tx, principal.organizationId))))
        throw new AppError('NOT_FOUND', ssoMessages.notSetUp)
      await trail(principal)
      log.info(
        { event: 'organization.sso_removed', organizationId: principal.organizationId },
        'single sign-on removed',
      )
    },

    async lookup(email: string) {
      const row = await connectionOfDomain(db, domainOf(email))
      return { sso: row !== null, enforced: row?.enforce ?? false }
    },

    /**
     * Whether a member must sign in through their firm's provider rather than with a password or
     * a passkey: the firm claimed their domain and enforces it. A firm admin with a second factor
     * keeps the password as a way in when the provider fails.
     */
    async signInRefused(user: { id: string; email: string; organizationId: string; role: string }) {
      const row = await connectionOfDomain(db, domainOf(user.email))
      if (!row?.enforce || row.organizationId !== user.organizationId) return false
      return !(user.role === 'admin' && (await hasSecondFactor(db, user.id)))
    },

    /** Where to send the browser: the provider's authorization URL, and the cookie's token. */
    async start(email: string): Promise<{ location: string; token?: string }> {
      const row = await connectionOfDomain(db, domainOf(email))
      if (!row) return { location: '/login?sso=unknown_domain' }
      const provider = await configurationOf(row).catch((error: unknown) => {
        log.warn(
          { event: 'auth.sso.unavailable', organizationId: row.organizationId, err: error },
          'provider not reachable',
        )
        return null
      })
      if (!provider) return { location: '/login?sso=unavailable' }
      const codeVerifier = oidc.randomPKCECodeVerifier()
      const state = oidc.randomState()
      const nonce = oidc.randomNonce()
      const token = await insertSignIn(
        db,
        { organizationId: row.organizationId, codeVerifier, state, nonce },
        clock(),
        SSO_SIGN_IN_TTL_MS,
      )
      const url = oidc.buildAuthorizationUrl(provider, {
        redirect_uri: callbackUrl,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        login_hint: email,
      })
      return { location: url.href, token }
    },

    /**
     * The provider's answer (`requestUrl`: the callback's path and query as received): the member
     * it signs in, or the reason it does not.
     */
    async callback(
      token: string | undefined,
      requestUrl: string,
      ip: string,
    ): Promise<{ userId: string; organizationId: string } | { failure: SsoFailure }> {
      try {
        const signIn = token ? await takeSignIn(db, token, clock()) : null
        if (!signIn) throw new SsoRefused('expired')
        const row = await findConnection(db, signIn.organizationId)
        if (!row) throw new SsoRefused('expired', 'single sign-on removed meanwhile')
        const provider = await configurationOf(row).catch(() => {
          throw new SsoRefused('unavailable')
        })
        const tokens = await oidc
          .authorizationCodeGrant(provider, new URL(requestUrl, config.appUrl), {
            pkceCodeVerifier: signIn.codeVerifier,
            expectedState: signIn.state,
            expectedNonce: signIn.nonce,
            idTokenExpected: true,
          })
          .catch((error: unknown) => {
            throw new SsoRefused('refused', error instanceof Error ? error.message : 'refused')
          })
        const idToken = tokens.claims()
        if (!idToken) throw new SsoRefused('refused', 'no ID token')
        // Providers that keep the address out of the ID token give it at the userinfo endpoint.
        const claims =
          typeof idToken.email === 'string'
            ? idToken
            : {
                ...idToken,
                ...(await oidc
                  .fetchUserInfo(provider, tokens.access_token, idToken.sub)
                  .catch(() => {
                    throw new SsoRefused('refused', 'userinfo refused')
                  })),
              }
        const user = await memberAsserted(row, claims)
        log.info(
          { event: 'auth.sso.success', userId: user.id, ip },
          'signed in through single sign-on',
        )
        return { userId: user.id, organizationId: row.organizationId }
      } catch (error) {
        if (!(error instanceof SsoRefused)) throw error
        log.warn(
          { event: 'auth.sso.failure', reason: error.reason, detail: error.message, ip },
          'single sign-on refused',
        )
        return { failure: error.reason }
      }
    },
  }
}
