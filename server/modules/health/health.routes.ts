import type { FastifyInstance } from 'fastify'
import { systemApi } from '@shared/api'
import { handle } from '../../plugins/contract'
import { checkHealth } from './health.service'

export async function systemRoutes(app: FastifyInstance) {
  // Rate-limited like every route: a balancer polling every few seconds stays far below the limit.
  handle(
    app,
    systemApi.health,
    async (request, reply) => {
      const health = await checkHealth(app, request.log)
      // Degraded (Redis missing) still serves: pulling every instance would be the outage.
      if (health.status === 'unavailable') return reply.code(503).send(health)
      return health
    },
    { config: { withoutDatabase: true } },
  )

  handle(app, systemApi.config, async () => ({
    captcha: app.captcha.publicConfig,
    uploads: app.config.uploads,
  }))

  handle(app, systemApi.openapi, async () => app.swagger() as unknown as Record<string, unknown>)
}
