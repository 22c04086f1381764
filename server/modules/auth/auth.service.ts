import { TransactionRollbackError } from 'drizzle-orm'
import { RESET_PASSWORD_TTL_MS, VERIFY_EMAIL_TTL_MS } from '@shared/constants'
import type {
  ChangePasswordInput,
  LoginInput,
  RegisterInput,
  ResetPasswordInput,
  UpdateProfileInput,
  VerifyEmailInput,
} from '@shared/schemas/auth'
import type { MfaVerifyInput } from '@shared/schemas/mfa'
import type { FastifyInstance } from 'fastify'
import { fullName } from '@shared/format'
import { capabilitiesOf } from '../../access/can'
import type { Db } from '../../db/client'
import { AppError } from '../../lib/errors'
import { mailQuota } from '../../mail/quota'
import { mails } from '../../mail/templates'
import { recordActivity } from '../activity/activity.repo'
import {
  deleteUnverifiedRegistration,
  findOrganizationDisplay,
  insertOrganization,
} from '../organization/organization.repo'
import {
  findMembership,
  findUserByEmail,
  findUserById,
  insertUser,
  listMemberships,
  markEmailVerified,
  recordLogin,
  setPassword,
  updateProfile,
} from '../users/users.repo'
import { secondFactors } from '../mfa/mfa.service'
import { singleSignOn, ssoMessages } from '../single-sign-on/sso.service'
import { checkNewPassword } from './password-policy'
import { passwords } from './passwords'
import { passwordAttempts } from './password-attempts'
import {
  createSession,
  deleteOtherSessions,
  deletePersonSession,
  deletePersonSessions,
  deleteSessionByToken,
  findSessionUser,
  listPersonSessions,
  switchSession,
} from './sessions.repo'
import type { SessionCaller, SessionUser } from './caller'
import { consumeToken, findLiveToken, issueToken, voidTokens } from './tokens.repo'

export const messages = {
  invalidCredentials: 'Invalid email or password',
  emailNotVerified:
    'Please verify your email address before signing in. We can send you a new link.',
  captchaFailed: 'The human verification failed or expired. Please complete it again.',
  verified: 'Your email address has been verified. You can now sign in.',
  invalidVerifyToken: 'This verification link is invalid, has expired or has already been used.',
  verifyWithPassword:
    'This link was opened in another browser than the one you registered in: enter the password you chose to finish.',
  wrongVerifyPassword: 'This is not the password chosen when this address was registered.',
  invalidResetToken: 'This password reset link is invalid, has expired or has already been used.',
  passwordReset: 'Your password has been reset. You can now sign in with your new password.',
  forgotPassword:
    "If an account exists with this email, you'll receive a password reset link shortly.",
  resendVerification:
    'If this email belongs to an account that still needs verification, a new link is on its way.',
  wrongCurrentPassword: 'Current password is incorrect',
  passwordChanged: 'Your password has been changed. Your other sessions have been signed out.',
} as const

/** The account flows; routes stay thin and call these. */
export function authService(app: FastifyInstance) {
  const { db, config, mailer, clock, log } = app
  /** After every change to a person's sessions or account: no instance serves the old one. */
  const changed = (personId: string) => app.sessionCache.peopleChanged([personId])
  const attempts = passwordAttempts(app)
  const factors = secondFactors(app)
  const sso = singleSignOn(app)
  const quota = mailQuota(app)
  const link = (path: string, token: string) =>
    `${config.appUrl}${path}?token=${encodeURIComponent(token)}`

  /**
   * A new verification link and its mail, in one transaction (`tx`: the caller's); `bindingHash`:
   * the browser that asked for it (verify-binding.ts).
   */
  async function sendVerification(
    tx: Db,
    user: { id: string; email: string; firstName: string },
    bindingHash: string,
  ) {
    const token = await issueToken(
      tx,
      user.id,
      'verify_email',
      VERIFY_EMAIL_TTL_MS,
      clock(),
      bindingHash,
    )
    await mailer.send(
      tx,
      mails.verifyEmail(user.email, user.firstName, link('/verify-email', token)),
    )
  }

  /**
   * The company, its first user (role admin) and their verification mail, in one transaction; null
   * if the e-mail was taken. An unverified registration of the address is replaced, with its
   * company, password, names and links: the address's owner is the one who verifies it.
   */
  function createCompanyWithAdmin(
    input: RegisterInput,
    passwordHash: string,
    now: Date,
    verification: { mailAllowed: boolean; bindingHash: string },
  ) {
    return db
      .transaction(async (tx) => {
        const replaced = await deleteUnverifiedRegistration(tx, input.email)
        if (replaced)
          log.info(
            { event: 'auth.register.replaced', organizationId: replaced },
            'an unverified registration of the address was replaced',
          )
        const organizationId = await insertOrganization(tx, input, now)
        const user = await insertUser(
          tx,
          {
            organizationId,
            email: input.email,
            passwordHash,
            firstName: input.firstName,
            lastName: input.lastName,
            role: 'admin',
          },
          now,
        )
        // Lost a race with another registration of the same e-mail: undo the company too.
        if (!user) tx.rollback()
        if (verification.mailAllowed) await sendVerification(tx, user!, verification.bindingHash)
        return user!
      })
      .catch((error: unknown) => {
        if (error instanceof TransactionRollbackError) return null
        throw error
      })
  }

  /**
   * A new company and its admin, or a notice to the address's verified owner: after the reply,
   * alike.
   */
  async function registerAccount(input: RegisterInput, passwordHash: string, bindingHash: string) {
    const existing = await findUserByEmail(db, input.email)
    const user = existing?.emailVerifiedAt
      ? null
      : await createCompanyWithAdmin(input, passwordHash, clock(), {
          mailAllowed: await quota.allows('verify_email', input.email),
          bindingHash,
        })
    if (user) {
      log.info({ event: 'auth.register', userId: user.id }, 'account registered')
      return
    }
    // Verified, or a registration of the same address that won a race with this one.
    const owner = existing ?? (await findUserByEmail(db, input.email))
    if (owner?.emailVerifiedAt && (await quota.allows('account_exists', owner.email))) {
      await mailer.send(
        db,
        mails.accountExists(
          owner.email,
          owner.firstName,
          `${config.appUrl}/login`,
          `${config.appUrl}/forgot-password`,
        ),
      )
    }
    log.info({ event: 'auth.register.existing' }, 'registration for an existing e-mail')
  }

  async function startSession(
    userId: string,
    meta: { ip: string; userAgent?: string; ssoOrganizationId?: string },
  ) {
    const now = clock()
    const token = await createSession(db, userId, now, meta)
    await recordLogin(db, userId, now)
    log.info({ event: 'auth.login.success', userId, ip: meta.ip }, 'signed in')
    return { token, userId }
  }

  async function mailResetLink(email: string) {
    if (!(await quota.allows('reset_password', email))) return
    const user = await findUserByEmail(db, email)
    if (!user) return
    await db.transaction(async (tx) => {
      const token = await issueToken(tx, user.id, 'reset_password', RESET_PASSWORD_TTL_MS, clock())
      await mailer.send(
        tx,
        mails.resetPassword(user.email, user.firstName, link('/reset-password', token)),
      )
    })
    log.info({ event: 'auth.reset_requested', userId: user.id }, 'password reset requested')
  }

  async function mailVerificationAgain(email: string, bindingHash: string) {
    const user = await findUserByEmail(db, email)
    if (!user || user.emailVerifiedAt || !(await quota.allows('verify_email', email))) return
    await db.transaction((tx) => sendVerification(tx, user, bindingHash))
  }

  /**
   * Whoever verifies knows the password (decision 042): the registering browser proves it with its
   * binding cookie; anywhere else the password is asked for, and a wrong one counts towards the
   * sign-in limits of the account and the address. The link stays usable until it verifies.
   */
  async function provePassword(
    input: VerifyEmailInput,
    bound: { userId: string; bindingHash: string | null },
    meta: { bindingHash: string | null; ip: string },
  ) {
    if (bound.bindingHash !== null && bound.bindingHash === meta.bindingHash) return
    if (input.password === undefined)
      throw new AppError('VALIDATION', messages.verifyWithPassword, [
        { path: 'password', message: messages.verifyWithPassword },
      ])
    const account = await findUserById(db, bound.userId)
    if (!account) throw new AppError('INVALID_TOKEN', messages.invalidVerifyToken)
    const attempt = await attempts.begin(account.email, meta.ip)
    if (!(await passwords.verify(account.passwordHash, input.password))) {
      log.warn(
        { event: 'auth.verify.wrong_password', userId: account.id, ip: meta.ip },
        'verification refused: wrong password',
      )
      throw new AppError('VALIDATION', messages.wrongVerifyPassword, [
        { path: 'password', message: messages.wrongVerifyPassword },
      ])
    }
    await attempts.succeeded(attempt)
  }

  // Whether an account exists must not show in the answer, nor in its timing: the routes that
  // take any e-mail answer first, and the account's work (lookup, token, mail) runs afterwards.
  return {
    /** A session for a user another capability has signed in (a passkey, single sign-on). */
    startSession,

    async register(input: RegisterInput, meta: { ip: string; bindingHash: string }) {
      // Before the human check, which a refused password would otherwise spend.
      await checkNewPassword('password', input.password, input)
      if (!(await app.captcha.verify(input.captchaToken, meta.ip)))
        throw new AppError('CAPTCHA_FAILED', messages.captchaFailed)
      const passwordHash = await passwords.hash(input.password)
      app.background.run('auth.register', () =>
        registerAccount(input, passwordHash, meta.bindingHash),
      )
      return { email: input.email }
    },

    resendVerification(email: string, bindingHash: string) {
      app.background.run('auth.resend_verification', () =>
        mailVerificationAgain(email, bindingHash),
      )
      return { message: messages.resendVerification }
    },

    async verifyEmail(input: VerifyEmailInput, meta: { bindingHash: string | null; ip: string }) {
      const bound = await findLiveToken(db, input.token, 'verify_email', clock())
      if (!bound) throw new AppError('INVALID_TOKEN', messages.invalidVerifyToken)
      await provePassword(input, bound, meta)
      const now = clock()
      const userId = await consumeToken(db, input.token, 'verify_email', now)
      const user = userId ? await markEmailVerified(db, userId, now) : null
      if (!user) throw new AppError('INVALID_TOKEN', messages.invalidVerifyToken)
      log.info({ event: 'auth.email_verified', userId }, 'e-mail verified')
      return { message: messages.verified, user }
    },

    async login(input: LoginInput, meta: { ip: string; userAgent?: string }) {
      const attempt = await attempts.begin(input.email, meta.ip)
      const user = await findUserByEmail(db, input.email)
      const valid = user
        ? await passwords.verify(user.passwordHash, input.password)
        : await passwords.verify(await passwords.dummyHash(), input.password).then(() => false)
      if (!user || !valid) {
        log.warn(
          { event: 'auth.login.failure', userId: user?.id ?? null, ip: meta.ip },
          'sign-in failed',
        )
        throw new AppError('INVALID_CREDENTIALS', messages.invalidCredentials)
      }
      await attempts.succeeded(attempt)
      if (!user.emailVerifiedAt) {
        log.info(
          { event: 'auth.login.unverified', userId: user.id },
          'sign-in refused: e-mail not verified',
        )
        throw new AppError('EMAIL_NOT_VERIFIED', messages.emailNotVerified)
      }
      if (await sso.signInRefused(user)) {
        log.info({ event: 'auth.login.sso_required', userId: user.id }, 'password refused: SSO')
        throw new AppError('SSO_REQUIRED', ssoMessages.required)
      }
      const methods = await factors.methodsOf(user.personId)
      if (methods) {
        log.info({ event: 'auth.login.mfa_required', userId: user.id }, 'password right; code next')
        return { challenge: await factors.startChallenge(user.id, meta), methods }
      }
      return startSession(user.id, meta)
    },

    /** The second step of a sign-in with a second factor: the session, once the code is right. */
    async completeSignIn(
      challenge: string | undefined,
      input: MfaVerifyInput,
      meta: { ip: string; userAgent?: string },
    ) {
      const user = await factors.completeChallenge(challenge, input, meta.ip)
      return startSession(user.id, meta)
    },

    /**
     * Checks the current password (failures count towards the sign-in throttle of the account and
     * the address), sets the new one and ends every other session of the user.
     */
    async changePassword(user: SessionCaller, input: ChangePasswordInput, meta: { ip: string }) {
      await checkNewPassword('newPassword', input.newPassword, user)
      const attempt = await attempts.begin(user.email, meta.ip)
      const account = await findUserById(db, user.id)
      if (!account || !(await passwords.verify(account.passwordHash, input.currentPassword))) {
        log.warn(
          { event: 'auth.password_change.failure', userId: user.id, ip: meta.ip },
          'password change refused: wrong current password',
        )
        throw new AppError('VALIDATION', messages.wrongCurrentPassword, [
          { path: 'currentPassword', message: messages.wrongCurrentPassword },
        ])
      }
      await attempts.succeeded(attempt)
      const now = clock()
      const passwordHash = await passwords.hash(input.newPassword)
      const ended = await db.transaction(async (tx) => {
        await setPassword(tx, user.id, passwordHash, now)
        await voidTokens(tx, user.id, 'reset_password', now)
        const count = await deleteOtherSessions(tx, user.personId, user.sessionId)
        await recordActivity(
          tx,
          { organizationId: user.organizationId, userId: user.id, name: fullName(user) },
          'password.changed',
          `${fullName(user)} (${user.email})`,
          now,
        )
        return count
      })
      await changed(user.personId)
      log.info(
        { event: 'auth.password_changed', userId: user.id, endedSessions: ended },
        'password changed; other sessions ended',
      )
      return { message: messages.passwordChanged }
    },

    forgotPassword(email: string) {
      app.background.run('auth.forgot_password', () => mailResetLink(email))
      return { message: messages.forgotPassword }
    },

    async resetPassword(input: ResetPasswordInput) {
      const now = clock()
      // The common list first, then the token (spent only by a password it takes).
      await checkNewPassword('password', input.password, { email: '' })
      const passwordHash = await passwords.hash(input.password)
      const userId = await db.transaction(async (tx) => {
        const owner = await consumeToken(tx, input.token, 'reset_password', now)
        if (!owner) throw new AppError('INVALID_TOKEN', messages.invalidResetToken)
        const account = await findUserById(tx, owner)
        if (account) await checkNewPassword('password', input.password, account)
        await setPassword(tx, owner, passwordHash, now)
        await voidTokens(tx, owner, 'reset_password', now)
        if (account) await deletePersonSessions(tx, account.personId)
        return owner
      })
      const user = await findUserById(db, userId)
      if (user) await changed(user.personId)
      // The link reached the mailbox, which proves the address as well as a verification link would.
      if (user && !user.emailVerifiedAt) await markEmailVerified(db, userId, now)
      if (user) await attempts.clearAccount(user.email)
      log.info({ event: 'auth.password_reset', userId }, 'password reset; all sessions ended')
      return { message: messages.passwordReset }
    },

    /** The signed-in user as the interface shows it, with what their role may do. */
    async currentUser(user: SessionUser) {
      const company = await findOrganizationDisplay(db, user.organizationId)
      return {
        id: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        role: user.role,
        clientId: user.clientId,
        company: { id: user.organizationId, name: company.name, dateFormat: company.dateFormat },
        permissions: capabilitiesOf(user),
        mfaSetupRequired: user.mfaSetupRequired,
      }
    },

    /** The user of a session just created (sign-in, accepted invitation). */
    async currentUserOf(token: string) {
      const user = await findSessionUser(db, token, clock())
      if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue')
      return this.currentUser(user)
    },

    async updateProfile(user: SessionUser, input: UpdateProfileInput) {
      await updateProfile(db, user.id, input, clock())
      await changed(user.personId)
      return this.currentUser({ ...user, ...input })
    },

    async logout(token: string | undefined) {
      const userId = token ? await deleteSessionByToken(db, token) : undefined
      if (userId) await app.sessionCache.usersChanged([userId])
      log.info({ event: 'auth.logout' }, 'signed out')
    },

    /** The person's companies; `active`: the one this session acts as. */
    async memberships(user: SessionUser) {
      const rows = await listMemberships(db, user.personId)
      return rows.map(({ userId, ...row }) => ({
        id: row.organizationId,
        ...row,
        active: userId === user.id,
      }))
    },

    /**
     * The session acts as the person's membership in another company from now on, and their next
     * sign-in lands there. A session made through a firm's single sign-on stays that firm's; a
     * company whose single sign-on is enforced for the person is entered through it only.
     */
    async switchMembership(user: SessionCaller, organizationId: string) {
      const target = await findMembership(db, user.personId, organizationId)
      if (!target) throw new AppError('NOT_FOUND', 'Company not found')
      if (target.id === user.id) return
      if (user.ssoOrganizationId !== null && user.ssoOrganizationId !== organizationId)
        throw new AppError('SSO_REQUIRED', ssoMessages.switchNeedsSignIn)
      if (await sso.signInRefused(target)) throw new AppError('SSO_REQUIRED', ssoMessages.required)
      const now = clock()
      await db.transaction(async (tx) => {
        await switchSession(tx, user.sessionId, target.id, now)
        await recordLogin(tx, target.id, now)
      })
      // No instance keeps serving this session as the membership it left.
      await app.sessionCache.usersChanged([user.id])
      log.info(
        { event: 'auth.membership_switched', userId: target.id, from: user.id },
        'switched company',
      )
    },

    sessions: (user: SessionCaller) =>
      listPersonSessions(db, user.personId, user.sessionId, clock()),

    /** One of the user's own sessions; another user's answers like a missing one. */
    async revokeSession(user: SessionUser, id: string) {
      if (!(await deletePersonSession(db, user.personId, id)))
        throw new AppError('NOT_FOUND', 'Session not found')
      await changed(user.personId)
      log.info({ event: 'auth.session_revoked' }, 'session ended')
    },

    async revokeOtherSessions(user: SessionCaller) {
      const revoked = await deleteOtherSessions(db, user.personId, user.sessionId)
      if (revoked > 0) await changed(user.personId)
      log.info({ event: 'auth.sessions_revoked', revoked }, 'other sessions ended')
      return { revoked }
    },
  }
}
