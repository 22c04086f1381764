import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'

/** The Redis server CI starts (.ci/run); tests that need it skip, loudly, without it. */
export const TEST_REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

/** Whether Redis answers at TEST_REDIS (within a second). */
export async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(TEST_REDIS, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  })
  probe.on('error', () => {})
  try {
    await probe.connect()
    return (await probe.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    probe.disconnect()
  }
}

/**
 * A key prefix of this test's own in one Redis database: the app's env to use it, and cleanup()
 * deleting its keys. `db` separates suites that flush their database (the two-instance test).
 */
export function testRedis(db = 14) {
  const keyPrefix = `auditdesk-test:${randomUUID()}:`
  const url = `${TEST_REDIS.replace(/\/\d*$/, '')}/${db}`
  return {
    url,
    env: { REDIS_URL: url, REDIS_KEY_PREFIX: keyPrefix },
    /** Keys this test's apps wrote. */
    async keys() {
      const redis = new Redis(url)
      try {
        return await redis.keys(`${keyPrefix}*`)
      } finally {
        redis.disconnect()
      }
    },
    async cleanup() {
      const redis = new Redis(url)
      try {
        const keys = await redis.keys(`${keyPrefix}*`)
        if (keys.length) await redis.del(...keys)
      } finally {
        redis.disconnect()
      }
    },
  }
}
