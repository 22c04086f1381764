import type { FastifyInstance } from 'fastify'
import { systemApi } from '@shared/api'
import { handle } from '../../plugins/contract'

/** The health check answers within this long, whatever its dependencies do. */
const HEALTH_DEADLINE_MS = 2_000

const within = <T>(work: Promise<T>, ms: number) =>
  Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref(),
    ),
  ])

export async function systemRoutes(app: FastifyInstance) {
  // Load balancers poll it: no rate limit.
  handle(
    app,
    systemApi.health,
    async (request, reply) => {
      try {
        if (app.databaseReadiness.state !== 'ready') throw new Error('database not ready yet')
        await within(app.database.ping(), HEALTH_DEADLINE_MS)
        return { status: 'ok' as const }
      } catch (err) {
        request.log.warn({ err }, 'health check: database unavailable')
        return reply.code(503).send({ status: 'unavailable' })
      }
    },
    { config: { limit: false, withoutDatabase: true } },
  )

  handle(app, systemApi.config, async () => ({
    captcha: app.captcha.publicConfig,
    uploads: app.config.uploads,
  }))

  handle(app, systemApi.openapi, async () => app.swagger() as unknown as Record<string, unknown>)
}
