import type { FastifyInstance } from 'fastify'
import { fullName } from '@shared/format'
import { APP_NAME } from '@shared/site'
import type { MfaMethod, MfaVerifyInput, SecondFactorProof } from '@shared/schemas/mfa'
import type { Db } from '../../db/client'
import { AppError } from '../../lib/errors'
import { iso } from '../../lib/dto'
import { recordActivity } from '../activity/activity.repo'
import { passwordAttempts } from '../auth/password-attempts'
import { passwords } from '../auth/passwords'
import type { SessionUser } from '../auth/caller'
import { findUserById, lockPerson } from '../users/users.repo'
import {
  confirmTotp,
  countRecoveryCodesLeft,
  deleteChallenge,
  deleteTotp,
  findChallenge,
  findTotp,
  insertChallenge,
  replaceRecoveryCodes,
  savePendingTotp,
  spendRecoveryCode,
  spendTotpStep,
} from './mfa.repo'
import { countPasskeys, deleteRecoveryCodesWithoutFactor } from '../passkeys/passkeys.repo'
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes'
import { secretBox } from './secret-box'
import { enrolment, newTotpSecret, stepOf } from './totp'

/** How long the second step of a sign-in may wait for its code. */
export const MFA_CHALLENGE_TTL_MS = 5 * 60 * 1000

export const mfaMessages = {
  alreadyOn: 'Two-factor sign-in is already on. Turn it off first to set up another app.',
  noPendingSetup: 'Start the set-up again: no authenticator app is waiting to be confirmed.',
  wrongCode: 'This code is not valid. Check the time on your phone and try the newest code.',
  wrongRecoveryCode: 'This is not one of your recovery codes, or it has been used.',
  wrongPassword: 'Password is incorrect',
  notOn: 'Two-factor sign-in is not on.',
  signInExpired: 'Your sign-in has expired. Please enter your email and password again.',
} as const

/** Second factors: the authenticator app (TOTP) and recovery codes, and the sign-in's second step. */
export function secondFactors(app: FastifyInstance) {
  const { db, clock, log } = app
  const box = secretBox(db, app.config.mfaEncryptionKey)
  const attempts = passwordAttempts(app)

  /** The factor and its secret; the secret is null when it no longer opens (a changed key). */
  const secretOf = async (personId: string) => {
    const factor = await findTotp(db, personId)
    if (!factor) return null
    const secret = await box.open(factor.secretSealed).catch((error: unknown) => {
      log.error(
        { event: 'auth.mfa.secret_unreadable', personId, err: error },
        'an authenticator secret does not open: was MFA_ENCRYPTION_KEY changed?',
      )
      return null
    })
    return { ...factor, secret }
  }

  /**
   * A code from the app (a replay in the same 30 s is refused) or a recovery code, spent once:
   * false when it is refused.
   */
  async function spendSecondFactor(
    personId: string,
    proof: { code: string } | { recoveryCode: string },
  ) {
    const now = clock()
    if ('recoveryCode' in proof)
      return spendRecoveryCode(db, personId, recoveryCodeHash(proof.recoveryCode), now)
    const factor = await secretOf(personId)
    if (!factor?.confirmedAt || factor.secret === null) return false
    const step = stepOf(factor.secret, proof.code, now)
    return step !== null && spendTotpStep(db, personId, step, now)
  }

  const codeRefused = (path: string, message: string) =>
    new AppError('VALIDATION', message, [{ path, message }])

  /**
   * The password, or a code (the app's or a recovery code), of a signed-in user, before a change to
   * their factors. Wrong ones count towards the sign-in limits.
   */
  async function proveIdentity(user: SessionUser, proof: SecondFactorProof, ip: string) {
    const attempt = await attempts.begin(user.email, ip)
    if (proof.password !== undefined) {
      const account = await findUserById(db, user.id)
      if (!account || !(await passwords.verify(account.passwordHash, proof.password)))
        throw codeRefused('password', mfaMessages.wrongPassword)
    } else {
      const code = proof.code ?? ''
      const compact = code.replace(/\s/g, '')
      const valid = await spendSecondFactor(
        user.personId,
        /^\d{6}$/.test(compact) ? { code: compact } : { recoveryCode: code },
      )
      if (!valid) throw codeRefused('code', mfaMessages.wrongCode)
    }
    await attempts.succeeded(attempt)
  }

  const trail = (
    user: SessionUser,
    action: 'mfa.enabled' | 'mfa.disabled' | 'passkey.added' | 'passkey.removed',
  ) =>
    recordActivity(
      db,
      { organizationId: user.organizationId, userId: user.id, name: fullName(user) },
      action,
      `${fullName(user)} (${user.email})`,
      clock(),
    )

  /** The second factors a person has: a confirmed app, and how many passkeys. */
  async function factorsOf(personId: string, via: Db = db) {
    const totp = (await findTotp(via, personId))?.confirmedAt ?? null
    return { totp, passkeys: await countPasskeys(via, personId) }
  }
  const hasFactor = (factors: { totp: Date | null; passkeys: number }) =>
    factors.totp !== null || factors.passkeys > 0

  return {
    proveIdentity,
    trail,

    async status(user: SessionUser) {
      const factors = await factorsOf(user.personId)
      return {
        totp: {
          enabled: factors.totp !== null,
          confirmedAt: factors.totp ? iso(factors.totp) : null,
        },
        passkeys: factors.passkeys,
        recoveryCodesLeft: hasFactor(factors) ? await countRecoveryCodesLeft(db, user.personId) : 0,
      }
    },

    /**
     * Adds a factor in a transaction that holds the person (two at once are one after the other):
     * with their first one, the recovery codes, shown once (null when they had a factor, and so
     * codes, already).
     */
    async addFactor<T>(personId: string, add: (tx: Db) => Promise<T>) {
      return db.transaction(async (tx) => {
        await lockPerson(tx, personId)
        const hadFactor = hasFactor(await factorsOf(personId, tx))
        const added = await add(tx)
        if (hadFactor) return { added, recoveryCodes: null }
        const { codes, hashes } = newRecoveryCodes()
        await replaceRecoveryCodes(tx, personId, hashes, clock())
        return { added, recoveryCodes: codes }
      })
    },
    hasFactor: async (personId: string) => hasFactor(await factorsOf(personId)),

    /** A new secret, pending until `confirm`; a set-up started earlier and not confirmed is replaced. */
    async setup(user: SessionUser) {
      const secret = newTotpSecret()
      if (!(await savePendingTotp(db, user.personId, await box.seal(secret), clock())))
        throw new AppError('CONFLICT', mfaMessages.alreadyOn)
      return { secret, ...enrolment(secret, user.email, APP_NAME) }
    },

    /** The first code from the app turns the factor on; the recovery codes are shown this once. */
    async confirm(user: SessionUser, code: string) {
      const factor = await secretOf(user.personId)
      if (!factor || factor.secret === null)
        throw new AppError('CONFLICT', mfaMessages.noPendingSetup)
      if (factor.confirmedAt) throw new AppError('CONFLICT', mfaMessages.alreadyOn)
      const now = clock()
      const step = stepOf(factor.secret, code, now)
      if (step === null) throw codeRefused('code', mfaMessages.wrongCode)
      const { codes, hashes } = newRecoveryCodes()
      await db.transaction(async (tx) => {
        await lockPerson(tx, user.personId)
        if (!(await confirmTotp(tx, user.personId, step, now)))
          throw new AppError('CONFLICT', mfaMessages.alreadyOn)
        await replaceRecoveryCodes(tx, user.personId, hashes, now)
      })
      await app.sessionCache.peopleChanged([user.personId])
      await trail(user, 'mfa.enabled')
      log.info({ event: 'auth.mfa.enabled', userId: user.id }, 'two-factor sign-in turned on')
      return { recoveryCodes: codes }
    },

    async remove(user: SessionUser, proof: SecondFactorProof, ip: string) {
      if (!(await findTotp(db, user.personId))?.confirmedAt)
        throw new AppError('CONFLICT', mfaMessages.notOn)
      await proveIdentity(user, proof, ip)
      await db.transaction(async (tx) => {
        await deleteTotp(tx, user.personId)
        await deleteRecoveryCodesWithoutFactor(tx, user.personId)
      })
      await app.sessionCache.peopleChanged([user.personId])
      await trail(user, 'mfa.disabled')
      log.info({ event: 'auth.mfa.disabled', userId: user.id }, 'two-factor sign-in turned off')
    },

    async regenerateRecoveryCodes(user: SessionUser, proof: SecondFactorProof, ip: string) {
      if (!hasFactor(await factorsOf(user.personId)))
        throw new AppError('CONFLICT', mfaMessages.notOn)
      await proveIdentity(user, proof, ip)
      const { codes, hashes } = newRecoveryCodes()
      await db.transaction((tx) => replaceRecoveryCodes(tx, user.personId, hashes, clock()))
      log.info({ event: 'auth.mfa.recovery_codes', userId: user.id }, 'recovery codes replaced')
      return { recoveryCodes: codes }
    },

    /** The second factors a sign-in of this person must pass; null when the password is enough. */
    async methodsOf(personId: string): Promise<MfaMethod[] | null> {
      const factors = await factorsOf(personId)
      if (!hasFactor(factors)) return null
      return [
        ...(factors.totp ? (['totp'] as const) : []),
        ...(factors.passkeys > 0 ? (['webauthn'] as const) : []),
        'recovery',
      ]
    },

    startChallenge: (userId: string, meta: { ip?: string; userAgent?: string }) =>
      insertChallenge(db, userId, clock(), MFA_CHALLENGE_TTL_MS, meta),

    /**
     * The second step of a sign-in: the user whose challenge the code (or recovery code) completes.
     * Wrong codes count towards the sign-in limits of the account; the challenge ends on success,
     * once (a second submit of the same code finds it gone).
     */
    async completeChallenge(token: string | undefined, input: MfaVerifyInput, ip: string) {
      const challenge = token ? await findChallenge(db, token, clock()) : null
      if (!challenge) throw new AppError('UNAUTHENTICATED', mfaMessages.signInExpired)
      const user = await findUserById(db, challenge.userId)
      if (!user) throw new AppError('UNAUTHENTICATED', mfaMessages.signInExpired)
      const attempt = await attempts.begin(user.email, ip)
      const valid = await spendSecondFactor(
        user.personId,
        input.code !== undefined
          ? { code: input.code }
          : { recoveryCode: input.recoveryCode ?? '' },
      )
      if (!valid) {
        log.warn(
          {
            event: 'auth.mfa.failure',
            userId: user.id,
            ip,
            method: input.code ? 'totp' : 'recovery',
          },
          'second factor refused',
        )
        throw input.code !== undefined
          ? codeRefused('code', mfaMessages.wrongCode)
          : codeRefused('recoveryCode', mfaMessages.wrongRecoveryCode)
      }
      await attempts.succeeded(attempt)
      if (!(await deleteChallenge(db, challenge.id)))
        throw new AppError('UNAUTHENTICATED', mfaMessages.signInExpired)
      return user
    },
  }
}
