import type { FastifyInstance } from 'fastify'
import { apiTokensApi } from '@shared/api'
import { handle } from '../../plugins/contract'
import { principalOf } from '../../plugins/session'
import { apiTokenService } from './api-tokens.service'

export async function apiTokenRoutes(app: FastifyInstance) {
  const tokens = apiTokenService(app)
  handle(app, apiTokensApi.list, async (request) => tokens.list(principalOf(request)))
  handle(app, apiTokensApi.create, async (request) =>
    tokens.create(principalOf(request), request.body),
  )
  handle(app, apiTokensApi.revoke, async (request) => {
    await tokens.revoke(principalOf(request), request.params.id)
  })
  handle(app, apiTokensApi.listCompany, async (request) => tokens.listCompany(principalOf(request)))
  handle(app, apiTokensApi.revokeCompany, async (request) => {
    await tokens.revokeCompany(principalOf(request), request.params.id)
  })
}
