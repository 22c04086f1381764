import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { config: { limit: false } }, async (request, reply) => {
    try {
      await app.database.ping()
      return { status: 'ok' }
    } catch (err) {
      request.log.warn({ err }, 'health check: database unavailable')
      return reply.code(503).send({ status: 'unavailable' })
    }
  })

  app.get('/config', async () => ({
    captcha: app.captcha.publicConfig,
    uploads: app.config.uploads,
  }))
}
