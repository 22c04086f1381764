import type { FastifyBaseLogger } from 'fastify'
import { Redis } from 'ioredis'

export class RedisUnavailableError extends Error {}

/**
 * The connection the shared rate limits use (decision 016). Start-up fails when Redis does not
 * answer; later, a command while the connection is down fails at once (no queue), and the client
 * reconnects in the background.
 */
export async function openRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 5_000,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  })
  let lastLogged = 0
  redis.on('error', (err: Error) => {
    // While Redis is down every reconnection fails: one line every 10 s is enough.
    if (Date.now() - lastLogged < 10_000) return
    lastLogged = Date.now()
    log.warn({ err, event: 'redis.error' }, 'Redis connection problem')
  })
  try {
    await redis.connect()
    await redis.ping()
  } catch (error) {
    redis.disconnect()
    const reason = error instanceof Error ? error.message : String(error)
    throw new RedisUnavailableError(`REDIS_URL: Redis does not answer (${reason})`)
  }
  return redis
}
