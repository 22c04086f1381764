import type { FastifyBaseLogger } from 'fastify'
import type { Redis } from 'ioredis'
import type { ReplyOf, systemApi } from '@shared/api'
import type { Database } from '../../db/client'
import type { DatabaseReadiness } from '../../db/readiness'

export type Health = ReplyOf<typeof systemApi.health>

/** The whole check answers within this long, whatever a dependency does (load balancers time out). */
export const HEALTH_DEADLINE_MS = 2_000

/** The database, as the health check sees it. */
export async function checkDatabase(
  database: Database,
  readiness: DatabaseReadiness,
  log: FastifyBaseLogger,
): Promise<Health['checks']['database']> {
  // Not reached since start-up: its migrations have not run, whatever a ping would say.
  if (readiness.state !== 'ready') return 'starting'
  const outcome = await within(database.ping(), HEALTH_DEADLINE_MS)
  if (outcome.answered) return 'ok'
  log.warn(
    { err: outcome.error, event: 'health.database_unavailable' },
    outcome.error
      ? 'health check: database unavailable'
      : `health check: the database did not answer within ${HEALTH_DEADLINE_MS} ms`,
  )
  return 'unavailable'
}

/** Redis (REDIS_URL), which the app can do without; the rate limits log its absence. */
export async function checkRedis(redis: Redis): Promise<'ok' | 'unavailable'> {
  // Reconnecting, or in its handshake: every command would be refused (no offline queue).
  if (redis.status !== 'ready') return 'unavailable'
  return (await within(redis.ping(), HEALTH_DEADLINE_MS)).answered ? 'ok' : 'unavailable'
}

/** Every dependency checked at once, each within the deadline; only the database is essential. */
export async function checkHealth(
  dependencies: {
    database: Database
    databaseReadiness: DatabaseReadiness
    redis: Redis | undefined
  },
  log: FastifyBaseLogger,
): Promise<Health> {
  const [database, redis] = await Promise.all([
    checkDatabase(dependencies.database, dependencies.databaseReadiness, log),
    dependencies.redis ? checkRedis(dependencies.redis) : undefined,
  ])
  const status =
    database !== 'ok' ? 'unavailable' : redis === 'unavailable' ? 'degraded' : ('ok' as const)
  return { status, checks: { database, ...(redis ? { redis } : {}) } }
}

type Outcome = { answered: true } | { answered: false; error?: unknown }

/** Whether the promise resolved within `ms` (a failure carries its error; lateness none). */
async function within(promise: Promise<unknown>, ms: number): Promise<Outcome> {
  let timer: NodeJS.Timeout | undefined
  try {
    return await Promise.race([
      promise.then(
        (): Outcome => ({ answered: true }),
        (error: unknown): Outcome => ({ answered: false, error }),
      ),
      new Promise<Outcome>((resolve) => {
        timer = setTimeout(() => resolve({ answered: false }), ms)
      }),
    ])
  } finally {
    clearTimeout(timer)
  }
}
