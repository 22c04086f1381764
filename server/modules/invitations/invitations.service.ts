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
import { randomToken } from '../../lib/crypto'
import { AppError, fieldError, isUniqueViolation } from '../../lib/errors'
import type { MailMessage } from '../../mail/mailer'
import { mailQuota } from '../../mail/quota'
import { mails } from '../../mail/templates'
import { recordActivity } from '../activity/activity.repo'
import { deliverNotices } from '../notifications/notify'
import { checkNewPassword } from '../auth/password-policy'
import { passwords } from '../auth/passwords'
import { createSession } from '../auth/sessions.repo'
import { findClient } from '../clients/clients.repo'
import {
  deleteUnverifiedRegistration,
  findOrganizationName,
} from '../organization/organization.repo'
import { findUserByEmail, insertUser } from '../users/users.repo'
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
  userExists:
    'A user with this email already exists. An account belongs to one company, so it cannot be invited.',
  alreadyPending: 'An invitation to this email is already pending. Resend it or revoke it instead.',
  signInInstead: 'An account with this email already exists. Please sign in instead.',
} as const

/** Invitations: sent by a company's admins, accepted through the mailed link. */
export function invitationsService(app: FastifyInstance) {
  const { db, config, mailer, clock, log } = app
  const quota = mailQuota(app)

  /**
   * The mail an invitation sends: the link, or, when the address already has a verified account
   * with another company, a notice to its owner instead (the inviting admin cannot tell the two
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
    const owner = await findUserByEmail(db, invitation.email)
    if (owner?.emailVerifiedAt) {
      if (!(await quota.allows('account_exists', owner.email, orgId))) return null
      return mails.invitationForExistingAccount(owner.email, {
        firstName: owner.firstName,
        companyName,
        inviterName: inviter.name,
        loginUrl: `${config.appUrl}/login`,
      })
    }
    return mails.invitation(invitation.email, {
      companyName,
      inviterName: inviter.name,
      role: invitation.role,
      clientName: invitation.clientName,
      expiresInDays: INVITATION_TTL_DAYS,
      url: `${config.appUrl}/accept-invitation?token=${encodeURIComponent(token)}`,
    })
  }

  /** A user of the inviter's own company: a clear 409 (elsewhere, nothing is said). */
  async function refuseOwnUser(orgId: string, email: string) {
    const user = await findUserByEmail(db, email)
    if (user && user.organizationId === orgId)
      throw new AppError('CONFLICT', invitationMessages.userExists)
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

    async preview(token: string) {
      const invitation = await findUsableInvitation(db, token, clock())
      if (!invitation) throw new AppError('INVALID_TOKEN', invitationMessages.invalidToken)
      const holder = await findUserByEmail(db, invitation.email)
      return {
        organizationName: invitation.organizationName,
        role: invitation.role,
        email: invitation.email,
        clientName: invitation.clientName,
        // An unverified registration does not hold the address: accepting claims it.
        accountExists: Boolean(holder?.emailVerifiedAt),
      }
    },

    /**
     * Creates the verified account in the inviting company and signs it in. An address held only
     * by an unverified registration is claimed: that registration and its empty company go.
     */
    async accept(input: AcceptInvitationInput, meta: { ip: string; userAgent?: string }) {
      const now = clock()
      // Checked before hashing, so that a bad link costs no hash; checked again under a lock below.
      const found = await findUsableInvitation(db, input.token, now)
      if (!found) throw new AppError('INVALID_TOKEN', invitationMessages.invalidToken)
      if ((await findUserByEmail(db, found.email))?.emailVerifiedAt)
        throw new AppError('CONFLICT', invitationMessages.signInInstead)
      await checkNewPassword('password', input.password, { ...input, email: found.email })
      const passwordHash = await passwords.hash(input.password)
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
            firstName: input.firstName,
            lastName: input.lastName,
            role: invitation.role,
            clientId: invitation.role === 'client' ? invitation.clientId : null,
            // The link reached the mailbox: the address is proven.
            emailVerifiedAt: now,
            lastLoginAt: now,
          },
          now,
        )
        if (!created) throw new AppError('CONFLICT', invitationMessages.signInInstead)
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
