import type { FastifyInstance } from 'fastify'
import { systemApi } from '@shared/api'
import { handle } from '../../plugins/contract'

export async function systemRoutes(app: FastifyInstance) {
  // Load balancers poll it: no rate limit.
  handle(
    app,
    systemApi.health,
    async (request, reply) => {
      try {
        await app.database.ping()
        return { status: 'ok' as const }
      } catch (err) {
        request.log.warn({ err }, 'health check: database unavailable')
        return reply.code(503).send({ status: 'unavailable' })
      }
    },
    { config: { limit: false } },
  )

  handle(app, systemApi.config, async () => ({
    captcha: app.captcha.publicConfig,
    uploads: app.config.uploads,
  }))

  handle(app, systemApi.openapi, async () => app.swagger() as unknown as Record<string, unknown>)
}
