import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../lib/errors'
import { RETRY_AFTER_SECONDS } from './errors'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answers before the database is ready (the health check, which says so). */
    withoutDatabase?: boolean
  }
}

/**
 * Until the database has answered and been migrated (db/readiness.ts), every API route but those
 * that need no database answers 503, before the session lookup would try the database itself.
 */
export const databaseGatePlugin = fp(async (api: FastifyInstance) => {
  api.addHook('onRequest', async (request) => {
    if (api.databaseReadiness.state === 'ready') return
    if (request.routeOptions.config.withoutDatabase) return
    throw new AppError(
      'UNAVAILABLE',
      'AuditDesk is starting and cannot reach its database yet. Please try again in a moment.',
      undefined,
      { 'Retry-After': String(RETRY_AFTER_SECONDS) },
    )
  })
})
