import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import {
  API_TOKEN_PREFIX,
  type createApiTokenInput,
  API_TOKENS_PER_USER,
  type ApiTokenDto,
  type CompanyApiTokenDto,
} from '@shared/schemas/api-tokens'
import { fullName } from '@shared/format'
import type { Principal } from '../../access/principal'
import { randomToken, sha256 } from '../../lib/crypto'
import { iso } from '../../lib/dto'
import { AppError, notFound } from '../../lib/errors'
import {
  deleteApiToken,
  insertApiToken,
  listCompanyTokens,
  listUserTokens,
  tokenCountHeld,
  type ApiTokenRow,
} from './api-tokens.repo'

const DAY_MS = 24 * 60 * 60 * 1000
/** Characters of the secret kept to tell tokens apart: the prefix and four of its random ones. */
const HINT_LENGTH = API_TOKEN_PREFIX.length + 4

export const apiTokenMessages = {
  tooMany: `You have ${API_TOKENS_PER_USER} API tokens: revoke one you no longer use first.`,
  notFound: 'API token',
} as const

const dto = (row: ApiTokenRow): ApiTokenDto => ({
  id: row.id,
  name: row.name,
  scopes: row.canWrite ? ['read', 'write'] : ['read'],
  hint: row.hint,
  createdAt: iso(row.createdAt),
  expiresAt: iso(row.expiresAt),
  lastUsedAt: iso(row.lastUsedAt),
})

/**
 * Personal API tokens (decision 048): made by a signed-in user for their membership in this
 * company, listed and revoked by them and by the company's admins. A revoked token stops at once
 * on every instance (the session cache forgets its owner's entries everywhere).
 */
export function apiTokenService(app: FastifyInstance) {
  const { db, clock, log } = app

  async function revoked(token: { id: string; userId: string }, by: Principal) {
    await app.sessionCache.usersChanged([token.userId])
    log.info(
      { event: 'api_token.revoked', tokenId: token.id, userId: token.userId, by: by.userId },
      'API token revoked',
    )
  }

  return {
    list: async (user: Principal) => (await listUserTokens(db, user.userId)).map(dto),

    async create(user: Principal, input: z.output<typeof createApiTokenInput>) {
      const now = clock()
      const secret = `${API_TOKEN_PREFIX}${randomToken()}`
      const row = await db.transaction(async (tx) => {
        if ((await tokenCountHeld(tx, user.userId)) >= API_TOKENS_PER_USER)
          throw new AppError('CONFLICT', apiTokenMessages.tooMany)
        return insertApiToken(tx, {
          userId: user.userId,
          organizationId: user.organizationId,
          name: input.name,
          tokenHash: sha256(secret),
          hint: secret.slice(0, HINT_LENGTH),
          canWrite: input.scopes.includes('write'),
          createdAt: now,
          expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS),
        })
      })
      log.info(
        { event: 'api_token.created', tokenId: row.id, userId: user.userId, write: row.canWrite },
        'API token created',
      )
      return { ...dto(row), token: secret }
    },

    async revoke(user: Principal, id: string) {
      const token = await deleteApiToken(db, id, { userId: user.userId })
      if (!token) throw notFound(apiTokenMessages.notFound)
      await revoked(token, user)
    },

    async listCompany(admin: Principal): Promise<CompanyApiTokenDto[]> {
      const rows = await listCompanyTokens(db, admin.organizationId)
      return rows.map(({ token, owner }) => ({
        ...dto(token),
        owner: { id: owner.id, name: fullName(owner), email: owner.email, role: owner.role },
      }))
    },

    async revokeCompany(admin: Principal, id: string) {
      const token = await deleteApiToken(db, id, { organizationId: admin.organizationId })
      if (!token) throw notFound(apiTokenMessages.notFound)
      await revoked(token, admin)
    },
  }
}
