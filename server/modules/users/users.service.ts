import type { FastifyInstance } from 'fastify'
import type { Role } from '@shared/schemas/auth'
import type { ListUsersQuery, UpdateUserInput } from '@shared/schemas/users'
import { fullName } from '@shared/format'
import type { Principal } from '../../access/principal'
import { AppError, fieldError, isForeignKeyViolation } from '../../lib/errors'
import { recordActivity } from '../activity/activity.repo'
import { leaveTeams } from '../audits/audits.repo'
import { findClient } from '../clients/clients.repo'
import { lockOrganization } from '../organization/organization.repo'
import {
  countAdmins,
  deleteUser,
  findUserForChange,
  getUser,
  listUsers,
  setRole,
} from './users.repo'

const lastAdmin = (what: string) =>
  new AppError(
    'CONFLICT',
    `${what} would leave the company without an admin. Make another user an admin first.`,
  )

const label = (user: { firstName: string; lastName: string; email: string }) =>
  `${fullName(user)} (${user.email})`

const clientNotFound = () => fieldError('clientId', 'Client not found')

/**
 * The company's users (company.manage). Changes that could leave the company without an admin take
 * the company row's lock first, so two admins demoting or removing each other cannot both succeed.
 */
export function usersService({ db, clock, log, sessionCache }: FastifyInstance) {
  return {
    list: (principal: Principal, query: ListUsersQuery) =>
      listUsers(db, principal.organizationId, query),

    async updateRole(principal: Principal, id: string, input: UpdateUserInput) {
      const orgId = principal.organizationId
      const role: Role = input.role
      const clientId = role === 'client' ? (input.clientId ?? null) : null
      if (id === principal.userId)
        throw new AppError(
          'CONFLICT',
          'You cannot change your own role. Ask another admin to do it.',
        )
      const client = clientId ? await findClient(db, orgId, clientId) : undefined
      if (clientId && !client) throw clientNotFound()
      const now = clock()
      const changed = await db
        .transaction(async (tx) => {
          await lockOrganization(tx, orgId, 'update')
          const user = await findUserForChange(tx, orgId, id)
          if (user.role === role && user.clientId === clientId) return false
          if (user.role === 'admin' && role !== 'admin' && (await countAdmins(tx, orgId)) <= 1)
            throw lastAdmin('Changing this role')
          await setRole(tx, orgId, id, { role, clientId }, now)
          // A client user is on no audit's team.
          if (role === 'client') await leaveTeams(tx, orgId, id)
          const to = role === 'client' ? `client user of ${client!.name}` : role
          await recordActivity(tx, principal, 'user.role_changed', `${label(user)} → ${to}`, now)
          return true
        })
        .catch((error: unknown) => {
          // The client was deleted in the meantime.
          if (isForeignKeyViolation(error)) throw clientNotFound()
          throw error
        })
      if (changed) await sessionCache.usersChanged([id])
      const user = await getUser(db, orgId, id)
      if (changed)
        log.info({ event: 'user.role_changed', userId: id, role: user.role }, 'role changed')
      return user
    },

    /** Their sessions and tokens go with them; they leave every audit team. */
    async remove(principal: Principal, id: string) {
      const orgId = principal.organizationId
      if (id === principal.userId)
        throw new AppError('CONFLICT', 'You cannot remove yourself. Ask another admin to do it.')
      const now = clock()
      await db.transaction(async (tx) => {
        await lockOrganization(tx, orgId, 'update')
        const user = await findUserForChange(tx, orgId, id)
        if (user.role === 'admin' && (await countAdmins(tx, orgId)) <= 1)
          throw lastAdmin('Removing this user')
        await deleteUser(tx, orgId, id)
        await recordActivity(tx, principal, 'user.removed', label(user), now)
      })
      await sessionCache.usersChanged([id])
      log.info({ event: 'user.removed', userId: id }, 'user removed')
    },
  }
}
