import type { FastifyInstance } from 'fastify'
import { organizationApi } from '@shared/api'
import { handle } from '../../plugins/contract'
import { principalOf } from '../../plugins/session'
import { securityPolicyService } from './security-policy.service'

export async function securityPolicyRoutes(app: FastifyInstance) {
  const policy = securityPolicyService(app)
  handle(app, organizationApi.getSecurity, async (request) => policy.get(principalOf(request)))
  handle(app, organizationApi.updateSecurity, async (request) =>
    policy.update(principalOf(request), request.body),
  )
}
