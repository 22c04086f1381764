import type { FastifyBaseLogger } from 'fastify'
import { Redis } from 'ioredis'
import type { Config } from '../config'

export class RedisUnavailableError extends Error {}

/**
 * The connection the shared rate limits use (decision 016). Start-up fails when Redis does
 * not answer. Later, every command is answered, refused or timed out within `commandTimeoutMs`:
 *
 * - While the connection is down (Redis stopped, restarting), a command fails at once (no offline
 *   queue) and the client reconnects in the background.
 * - A frozen Redis keeps the connection open and answers nothing: the command times out, and the
 *   connection, silent that long after a command, is dropped (`socketTimeout`), so that the
 *   commands behind it fail at once instead of each waiting out its timeout. Reconnecting to it
 *   succeeds at the TCP level (the kernel accepts), but its handshake times out the same way.
 */
export async function openRedis(
  { url, commandTimeoutMs }: NonNullable<Config['redis']>,
  log: FastifyBaseLogger,
): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 5_000,
    commandTimeout: commandTimeoutMs,
    socketTimeout: commandTimeoutMs,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  })
  let lastLogged = 0
  let troubled = false
  redis.on('error', (err: Error) => {
    troubled = true
    // While Redis is down every reconnection fails: one line every 10 s is enough.
    if (Date.now() - lastLogged < 10_000) return
    lastLogged = Date.now()
    log.warn({ err, event: 'redis.error' }, 'Redis connection problem')
  })
  redis.on('ready', () => {
    if (!troubled) return
    troubled = false
    log.info({ event: 'redis.ready' }, 'Redis answers again')
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
