import { INVITATION_TTL_DAYS, INVITATION_TTL_MS } from '@shared/constants'
import type {
  AcceptInvitationInput,
  createInvitationInput,
  ListInvitationsQuery,
} from '@shared/schemas/invitations'
import type { FastifyInstance } from 'fastify'
import type { Role } from '@shared/schemas/auth'
import type { z } from 'zod'
import { fullName } from '@shared/format'
import type { Principal } from '../../access/principal'
import type { Db } from '../../db/client'
import { randomToken } from '../../lib/crypto'
import { AppError, fieldError, isUniqueViolation } from '../../lib/errors'
import type { MailMessage } from '../../mail/mailer'
import { mailQuota } from '../../mail/quota'
import { mails } from '../../mail/templates'
import { recordActivity } from '../activity/activity.repo'
import { deliverNotices } from '../notifications/notify'
import { checkNewPassword } from '../auth/password-policy'
import { passwords } from '../auth/passwords'
import { passwordAttempts } from '../auth/password-attempts'
import type { SessionCaller } from '../auth/caller'
import { createSession, switchSession } from '../auth/sessions.repo'
import { secondFactors } from '../mfa/mfa.service'
import { findClient } from '../clients/clients.repo'
import {
  deleteUnverifiedRegistration,
  findOrganizationName,
} from '../organization/organization.repo'
import { findMembership, findUserByEmail, insertMembership, insertUser } from '../users/users.repo'
import {
  findUsableInvitation,
  getOpenInvitation,
  hasOpenInvitation,
  insertInvitation,
  listOpenInvitations,
  markAccepted,
  renewInvitation,
  revokeInvitation,
} from './invitations.repo'

const ROLE_NAMES = { admin: 'an admin', staff: 'a staff member', client: 'a client user' } as const

export const invitationMessages = {
  invalidToken:
    'This invitation link is invalid or has expired. Ask your administrator for a new one.',
  userExists: 'A user with this email already exists in your company.',
  alreadyPending: 'An invitation to this email is already pending. Resend it or revoke it instead.',
  signInInstead: 'An account with this email already exists. Please sign in instead.',
  alreadyMember: 'You are already a user of this company. Sign in and switch to it instead.',
  passwordToJoin: 'Enter the password of your account to accept.',
  wrongPassword: 'Password is incorrect',
  signInFirst:
    'Your account has two-factor sign-in: sign in first, then open this invitation link again to accept it.',
  required: (field: string) => `${field} is required`,
} as const

/** Invitations: sent by a company's admins, accepted through the mailed link. */
export function invitationsService(app: FastifyInstance) {
  const { db, config, mailer, clock, log } = app
  const quota = mailQuota(app)
  const attempts = passwordAttempts(app)
  const factors = secondFactors(app)

  /**
   * The mail an invitation sends: the link, worded for a newcomer or, when the address already
   * has an account (with another company), for its owner (the inviting admin cannot tell the two
   * apart: decision 009). Null past a mail quota. Decided before the transaction that queues it.
   */
  async function invitationMail(
    inviter: Principal,
    invitation: { email: string; role: Role; clientName: string | null },
    token: string,
  ): Promise<MailMessage | null> {
    const orgId = inviter.organizationId
    if (!(await quota.allows('invitation', invitation.email, orgId))) return null
    const companyName = await findOrganizationName(db, orgId)
    const invite = {
      companyName,
      inviterName: inviter.name,
      role: invitation.role,
      clientName: invitation.clientName,
      expiresInDays: INVITATION_TTL_DAYS,
      url: `${config.appUrl}/accept-invitation?token=${encodeURIComponent(token)}`,
    }
    const owner = await findUserByEmail(db, invitation.email)
    return owner?.emailVerifiedAt
      ? mails.invitationForExistingAccount(owner.email, { ...invite, firstName: owner.firstName })
      : mails.invitation(invitation.email, invite)
  }

  /** A user of the inviter's own company: a clear 409 (elsewhere, nothing is said). */
  async function refuseOwnUser(orgId: string, email: string) {
    const person = await findUserByEmail(db, email)
    if (person && (await findMembership(db, person.personId, orgId)))
      throw new AppError('CONFLICT', invitationMessages.userExists)
  }

  const refused = (path: string, message: string) =>
    new AppError('VALIDATION', message, [{ path, message }])

  /**
   * Someone with an account already proves it is theirs: signed in as them, or with their
   * password (wrong ones count towards the sign-in limits). A password alone does not pass a
   * second factor: such a person signs in first.
   */
  async function proveAccount(
    holder: { personId: string; email: string; passwordHash: string },
    input: AcceptInvitationInput,
    meta: { ip: string; session: SessionCaller | null },
  ) {
    if (meta.session?.personId === holder.personId) return meta.session
    if (input.password === undefined) throw refused('password', invitationMessages.passwordToJoin)
    const attempt = await attempts.begin(holder.email, meta.ip)
    if (!(await passwords.verify(holder.passwordHash, input.password)))
      throw refused('password', invitationMessages.wrongPassword)
    await attempts.succeeded(attempt)
    if (await factors.hasFactor(holder.personId))
      throw new AppError('FORBIDDEN', invitationMessages.signInFirst)
    return null
  }

  /** After an invitation made a membership: the activity, and the inviter told. */
  async function joined(
    tx: Db,
    invitation: { id: string; email: string; role: Role; invitedByUserId: string | null },
    created: { id: string; organizationId: string; firstName: string; lastName: string },
    now: Date,
  ) {
    await markAccepted(tx, invitation.id, now)
    await recordActivity(
      tx,
      { organizationId: created.organizationId, userId: created.id, name: fullName(created) },
      'invitation.accepted',
      invitation.email,
      now,
    )
    if (invitation.invitedByUserId && invitation.invitedByUserId !== created.id)
      await deliverNotices(
        app,
        tx,
        created.organizationId,
        [
          {
            userId: invitation.invitedByUserId,
            kind: 'invitation_accepted',
            title: `${fullName(created)} accepted your invitation and joined as ${ROLE_NAMES[invitation.role]}`,
            url: '/admin',
          },
        ],
        now,
      )
  }

  /** A person with an account joins the invitation's company (see `accept`). */
  async function join(
    holder: { personId: string; email: string; passwordHash: string },
    input: AcceptInvitationInput,
    meta: { ip: string; userAgent?: string; session: SessionCaller | null },
    now: Date,
  ) {
    const session = await proveAccount(holder, input, meta)
    const user = await db
      .transaction(async (tx) => {
        const invitation = await findUsableInvitation(tx, input.token, now, { lock: true })
        if (!invitation) throw new AppError('INVALID_TOKEN', invitationMessages.invalidToken)
        if (await findMembership(tx, holder.personId, invitation.organizationId))
          throw new AppError('CONFLICT', invitationMessages.alreadyMember)
        const created = await insertMembership(
          tx,
          {
            personId: holder.personId,
            organizationId: invitation.organizationId,
            role: invitation.role,
            clientId: invitation.role === 'client' ? invitation.clientId : null,
            lastLoginAt: now,
          },
          now,
        )
        await joined(tx, invitation, created, now)
        return created
      })
      .catch((error: unknown) => {
        // The same person accepting two links to one company at once.
        if (isUniqueViolation(error))
          throw new AppError('CONFLICT', invitationMessages.alreadyMember)
        throw error
      })
    let token: string | null = null
    if (session) {
      await switchSession(db, session.sessionId, user.id, now)
      await app.sessionCache.usersChanged([session.id])
    } else token = await createSession(db, user.id, now, meta)
    log.info(
      { event: 'invitation.joined', userId: user.id, ip: meta.ip },
      'invitation accepted by an existing account; it joined the company',
    )
    return { token, userId: user.id }
  }

  return {
    list: (principal: Principal, query: ListInvitationsQuery) =>
      listOpenInvitations(db, principal.organizationId, query, clock()),

    async create(inviter: Principal, input: z.output<typeof createInvitationInput>) {
      const orgId = inviter.organizationId
      const now = clock()
      const clientId = input.role === 'client' ? (input.clientId ?? null) : null
      const client = clientId ? await findClient(db, orgId, clientId) : null
      if (clientId && !client) throw fieldError('clientId', 'Client not found')
      await refuseOwnUser(orgId, input.email)
      if (await hasOpenInvitation(db, orgId, input.email))
        throw new AppError('CONFLICT', invitationMessages.alreadyPending)
      const token = randomToken()
      const mail = await invitationMail(
        inviter,
        { email: input.email, role: input.role, clientName: client?.name ?? null },
        token,
      )
      const id = await db
        .transaction(async (tx) => {
          const created = await insertInvitation(tx, {
            organizationId: orgId,
            email: input.email,
            role: input.role,
            clientId,
            invitedByUserId: inviter.userId,
            token,
            expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
            now,
          })
          await recordActivity(tx, inviter, 'invitation.sent', input.email, now)
          if (mail) await mailer.send(tx, mail)
          return created
        })
        .catch((error: unknown) => {
          // Another admin invited the same address a moment ago.
          if (isUniqueViolation(error))
            throw new AppError('CONFLICT', invitationMessages.alreadyPending)
          throw error
        })
      const invitation = await getOpenInvitation(db, orgId, id, now)
      log.info({ event: 'invitation.sent', invitationId: id, role: input.role }, 'invitation sent')
      return invitation
    },

    /**
     * A new link (the old one stops working) and a new expiry. Past a mail quota nothing changes
     * and no mail goes out; the answer is the same.
     */
    async resend(inviter: Principal, id: string) {
      const orgId = inviter.organizationId
      const now = clock()
      const invitation = await getOpenInvitation(db, orgId, id, now)
      await refuseOwnUser(orgId, invitation.email)
      const token = randomToken()
      const mail = await invitationMail(inviter, invitation, token)
      if (!mail) return invitation
      await db.transaction(async (tx) => {
        await renewInvitation(
          tx,
          orgId,
          id,
          token,
          new Date(now.getTime() + INVITATION_TTL_MS),
          now,
        )
        await recordActivity(tx, inviter, 'invitation.resent', invitation.email, now)
        await mailer.send(tx, mail)
      })
      const renewed = await getOpenInvitation(db, orgId, id, now)
      log.info({ event: 'invitation.resent', invitationId: id }, 'invitation resent')
      return renewed
    },

    async revoke(actor: Principal, id: string) {
      const orgId = actor.organizationId
      const now = clock()
      await db.transaction(async (tx) => {
        const { email } = await revokeInvitation(tx, orgId, id, now)
        await recordActivity(tx, actor, 'invitation.revoked', email, now)
      })
      log.info({ event: 'invitation.revoked', invitationId: id }, 'invitation revoked')
    },

    async preview(token: string, session: SessionCaller | null) {
      const invitation = await findUsableInvitation(db, token, clock())
      if (!invitation) throw new AppError('INVALID_TOKEN', invitationMessages.invalidToken)
      const holder = await findUserByEmail(db, invitation.email)
      // An unverified registration does not hold the address: accepting claims it.
      const accountExists = Boolean(holder?.emailVerifiedAt)
      return {
        organizationName: invitation.organizationName,
        role: invitation.role,
        email: invitation.email,
        clientName: invitation.clientName,
        accountExists,
        signedIn: accountExists && session?.personId === holder?.personId,
      }
    },

    /**
     * A new address: creates the verified account in the inviting company and signs it in (an
     * address held only by an unverified registration is claimed: that registration and its empty
     * company go). An address with an account: that person joins the company, proven by their
     * session or password, and acts as the new membership. `token`: a new session's, if one was
     * made.
     */
    async accept(
      input: AcceptInvitationInput,
      meta: { ip: string; userAgent?: string; session: SessionCaller | null },
    ): Promise<{ token: string | null; userId: string }> {
      const now = clock()
      // Checked before hashing, so that a bad link costs no hash; checked again under a lock below.
      const found = await findUsableInvitation(db, input.token, now)
      if (!found) throw new AppError('INVALID_TOKEN', invitationMessages.invalidToken)
      const holder = await findUserByEmail(db, found.email)
      if (holder?.emailVerifiedAt) return join(holder, input, meta, now)
      const missing = (
        [
          ['firstName', 'First name'],
          ['lastName', 'Last name'],
          ['password', 'Password'],
        ] as const
      ).filter(([field]) => input[field] === undefined)
      if (missing.length > 0)
        throw new AppError(
          'VALIDATION',
          'Please check the highlighted fields',
          missing.map(([path, label]) => ({ path, message: invitationMessages.required(label) })),
        )
      const names = { firstName: input.firstName!, lastName: input.lastName! }
      await checkNewPassword('password', input.password!, { ...names, email: found.email })
      const passwordHash = await passwords.hash(input.password!)
      const user = await db.transaction(async (tx) => {
        const invitation = await findUsableInvitation(tx, input.token, now, { lock: true })
        if (!invitation) throw new AppError('INVALID_TOKEN', invitationMessages.invalidToken)
        const claimed = await deleteUnverifiedRegistration(tx, invitation.email)
        const created = await insertUser(
          tx,
          {
            organizationId: invitation.organizationId,
            email: invitation.email,
            passwordHash,
            ...names,
            role: invitation.role,
            clientId: invitation.role === 'client' ? invitation.clientId : null,
            // The link reached the mailbox: the address is proven.
            emailVerifiedAt: now,
            lastLoginAt: now,
          },
          now,
        )
        if (!created) throw new AppError('CONFLICT', invitationMessages.signInInstead)
        await joined(tx, invitation, created, now)
        if (claimed)
          log.info(
            { event: 'auth.unverified_claimed', organizationId: claimed },
            'an unverified registration gave its address to an invitation',
          )
        return created
      })
      const token = await createSession(db, user.id, now, meta)
      log.info(
        { event: 'invitation.accepted', userId: user.id, ip: meta.ip },
        'invitation accepted; signed in',
      )
      return { token, userId: user.id }
    },
  }
}
