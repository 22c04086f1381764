import type { FastifyInstance } from 'fastify'
import { organizationApi } from '@shared/api'
import { handle } from '../../plugins/contract'
import { principalOf } from '../../plugins/session'
import { organizationService } from './organization.service'

export async function organizationRoutes(app: FastifyInstance) {
  const organization = organizationService(app)
  handle(app, organizationApi.get, async (request) => organization.get(principalOf(request)))
  handle(app, organizationApi.update, async (request) =>
    organization.update(principalOf(request), request.body),
  )
}
