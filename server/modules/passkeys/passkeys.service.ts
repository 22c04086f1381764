import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { decodeClientDataJSON } from '@simplewebauthn/server/helpers'
import type { FastifyInstance } from 'fastify'
import { fullName } from '@shared/format'
import type { SecondFactorProof } from '@shared/schemas/mfa'
import type { PasskeyDto } from '@shared/schemas/passkeys'
import { APP_NAME } from '@shared/site'
import { iso } from '../../lib/dto'
import { AppError, isUniqueViolation, notFound } from '../../lib/errors'
import type { SessionUser } from '../auth/caller'
import { deleteChallenge, findChallenge } from '../mfa/mfa.repo'
import { secondFactors } from '../mfa/mfa.service'
import { singleSignOn, ssoMessages } from '../single-sign-on/sso.service'
import { findUserById, findUserOfPerson } from '../users/users.repo'
import {
  deletePasskey,
  deleteRecoveryCodesWithoutFactor,
  findPasskeyByCredentialId,
  insertCeremony,
  insertPasskey,
  listPasskeys,
  recordPasskeyUse,
  renamePasskey,
  takeCeremony,
  type PasskeyRow,
} from './passkeys.repo'

/** How long the browser may take between asking for a ceremony's options and answering them. */
export const PASSKEY_CEREMONY_TTL_MS = 5 * 60 * 1000

export const passkeyMessages = {
  ceremonyExpired: 'This passkey request has expired. Please try again.',
  notVerified: 'Your passkey could not be verified. Please try again.',
  unknownPasskey:
    'This passkey is not registered for an account here. Sign in with your password, then add it in Settings.',
  alreadyRegistered: 'This passkey is already registered.',
  notFound: 'Passkey',
} as const

/**
 * The challenge an answer says it signed (its client data's), to find the ceremony by; the
 * library checks it against that ceremony's challenge again. Null when unreadable.
 */
function challengeOf(response: Record<string, unknown>) {
  try {
    const { clientDataJSON } = response.response as { clientDataJSON: string }
    const { challenge } = decodeClientDataJSON(clientDataJSON)
    return typeof challenge === 'string' && challenge.length <= 512 ? challenge : null
  } catch {
    return null
  }
}

const dto = (row: PasskeyRow): PasskeyDto => ({
  id: row.id,
  name: row.name,
  createdAt: iso(row.createdAt),
  lastUsedAt: iso(row.lastUsedAt),
  backedUp: row.backedUp,
})

/**
 * Passkeys (WebAuthn, decision 045): added by a signed-in user, used to sign in without a password
 * (user verification makes one both factors) or as the second step after one. The relying party
 * is APP_URL: its host is the RP id, its origin the only one accepted.
 */
export function passkeyService(app: FastifyInstance) {
  const { db, clock, log } = app
  const appUrl = new URL(app.config.appUrl)
  const rp = { id: appUrl.hostname, origin: appUrl.origin }
  const factors = secondFactors(app)
  const sso = singleSignOn(app)

  const refuse = (message: string) =>
    new AppError('VALIDATION', message, [{ path: 'response', message }])

  return {
    list: async (user: SessionUser) => (await listPasskeys(db, user.personId)).map(dto),

    /** Options for `navigator.credentials.create()`; its challenge is kept for 5 minutes. */
    async registrationOptions(user: SessionUser) {
      const existing = await listPasskeys(db, user.personId)
      const options = await generateRegistrationOptions({
        rpName: APP_NAME,
        rpID: rp.id,
        userName: user.email,
        userDisplayName: fullName(user),
        // The person's id: the same passkey signs in to each of their companies.
        userID: new TextEncoder().encode(user.personId),
        attestationType: 'none',
        excludeCredentials: existing.map((passkey) => ({
          id: passkey.credentialId,
          transports: passkey.transports,
        })),
        // Discoverable, so that a sign-in needs no e-mail; verified, so that it is both factors.
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        timeout: PASSKEY_CEREMONY_TTL_MS,
      })
      await insertCeremony(
        db,
        { purpose: 'register', userId: user.id, email: null, challenge: options.challenge },
        clock(),
        PASSKEY_CEREMONY_TTL_MS,
      )
      return options
    },

    /** Keeps the passkey the browser made; with one's first second factor, the recovery codes. */
    async register(user: SessionUser, input: { response: Record<string, unknown>; name?: string }) {
      const challenge = challengeOf(input.response)
      const ceremony = challenge ? await takeCeremony(db, challenge, 'register', clock()) : null
      if (!ceremony || ceremony.userId !== user.id)
        throw new AppError('CONFLICT', passkeyMessages.ceremonyExpired)
      const verification = await verifyRegistrationResponse({
        response: input.response as unknown as RegistrationResponseJSON,
        expectedChallenge: ceremony.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
      }).catch((error: unknown) => {
        log.info(
          { event: 'auth.passkey.register_refused', userId: user.id, err: error },
          'passkey refused',
        )
        return null
      })
      if (!verification?.verified) throw refuse(passkeyMessages.notVerified)
      const { credential, credentialBackedUp } = verification.registrationInfo
      const now = clock()
      const { added: passkey, recoveryCodes } = await factors
        .addFactor(user.personId, (tx) =>
          insertPasskey(tx, {
            personId: user.personId,
            credentialId: credential.id,
            publicKey: Buffer.from(credential.publicKey).toString('base64url'),
            counter: credential.counter,
            transports: credential.transports ?? [],
            backedUp: credentialBackedUp,
            name: input.name ?? 'Passkey',
            createdAt: now,
          }),
        )
        .catch((error: unknown) => {
          if (isUniqueViolation(error))
            throw new AppError('CONFLICT', passkeyMessages.alreadyRegistered)
          throw error
        })
      // A company policy that held the user lets them in now, on every instance.
      await app.sessionCache.peopleChanged([user.personId])
      await factors.trail(user, 'passkey.added')
      log.info({ event: 'auth.passkey.added', userId: user.id }, 'passkey added')
      return { passkey: dto(passkey), ...(recoveryCodes ? { recoveryCodes } : {}) }
    },

    async rename(user: SessionUser, id: string, name: string) {
      const row = await renamePasskey(db, user.personId, id, name)
      if (!row) throw notFound(passkeyMessages.notFound)
      return dto(row)
    },

    /** With the password or a code, like turning off the app; the last factor takes the codes. */
    async remove(user: SessionUser, id: string, proof: SecondFactorProof, ip: string) {
      if (!(await listPasskeys(db, user.personId)).some((passkey) => passkey.id === id))
        throw notFound(passkeyMessages.notFound)
      await factors.proveIdentity(user, proof, ip)
      const removed = await db.transaction(async (tx) => {
        const row = await deletePasskey(tx, user.personId, id)
        await deleteRecoveryCodesWithoutFactor(tx, user.personId)
        return row
      })
      if (!removed) throw notFound(passkeyMessages.notFound)
      await app.sessionCache.peopleChanged([user.personId])
      await factors.trail(user, 'passkey.removed')
      log.info({ event: 'auth.passkey.removed', userId: user.id }, 'passkey removed')
    },

    /**
     * Options for `navigator.credentials.get()`. After a right password (the pending sign-in's
     * token), only that user's passkeys are offered. With an e-mail the ceremony is bound to that
     * account, but the options are the same whether or not it exists or has passkeys.
     */
    async signInOptions(input: { email?: string }, pendingSignIn: string | undefined) {
      const now = clock()
      const pending = pendingSignIn ? await findChallenge(db, pendingSignIn, now) : null
      const pendingUser = pending ? await findUserById(db, pending.userId) : null
      const allowed = pendingUser ? await listPasskeys(db, pendingUser.personId) : null
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        userVerification: 'required',
        timeout: PASSKEY_CEREMONY_TTL_MS,
        ...(allowed
          ? {
              allowCredentials: allowed.map((passkey) => ({
                id: passkey.credentialId,
                transports: passkey.transports as never,
              })),
            }
          : {}),
      })
      await insertCeremony(
        db,
        {
          purpose: 'sign_in',
          userId: pending?.userId ?? null,
          email: input.email?.toLowerCase() ?? null,
          challenge: options.challenge,
        },
        now,
        PASSKEY_CEREMONY_TTL_MS,
      )
      return options
    },

    /**
     * The account whose passkey signed the ceremony's challenge (the challenge is spent once). A
     * sign-in of that account waiting for its second factor (`pendingSignIn`) ends here too.
     */
    async signIn(pendingSignIn: string | undefined, response: Record<string, unknown>, ip: string) {
      const now = clock()
      const challenge = challengeOf(response)
      const ceremony = challenge ? await takeCeremony(db, challenge, 'sign_in', now) : null
      if (!ceremony) throw new AppError('UNAUTHENTICATED', passkeyMessages.ceremonyExpired)
      const assertion = response as unknown as AuthenticationResponseJSON
      const passkey = await findPasskeyByCredentialId(db, assertion.id)
      // The membership signed in to: the pending sign-in's, else the one the person last used.
      const pendingUser = ceremony.userId ? await findUserById(db, ceremony.userId) : null
      const owner = !passkey
        ? null
        : pendingUser?.personId === passkey.personId
          ? pendingUser
          : await findUserOfPerson(db, passkey.personId)
      const bound =
        owner &&
        (ceremony.userId === null || ceremony.userId === owner.id) &&
        (ceremony.email === null || ceremony.email === owner.email.toLowerCase())
      if (!passkey || !owner || !bound) {
        log.warn({ event: 'auth.passkey.unknown', ip }, 'sign-in with an unknown passkey')
        throw new AppError('INVALID_CREDENTIALS', passkeyMessages.unknownPasskey)
      }
      const verification = await verifyAuthenticationResponse({
        response: assertion,
        expectedChallenge: ceremony.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
          counter: passkey.counter,
          transports: passkey.transports as never,
        },
        requireUserVerification: true,
      }).catch((error: unknown) => {
        log.warn(
          { event: 'auth.passkey.failure', userId: owner.id, ip, err: error },
          'passkey refused',
        )
        return null
      })
      if (!verification?.verified)
        throw new AppError('INVALID_CREDENTIALS', passkeyMessages.notVerified)
      if (await sso.signInRefused(owner)) throw new AppError('SSO_REQUIRED', ssoMessages.required)
      await recordPasskeyUse(db, passkey.id, verification.authenticationInfo.newCounter, now)
      const pending = pendingSignIn ? await findChallenge(db, pendingSignIn, now) : null
      if (pending?.userId === owner.id) await deleteChallenge(db, pending.id)
      return owner
    },
  }
}
