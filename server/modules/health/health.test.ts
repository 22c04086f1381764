import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app'
import { openPostgres, type Database } from '../../db/client'
import { answersWithin } from '../../test/deadline'
import { createTestApp, type TestApp } from '../../test/harness'
import { redisAnswers, testRedis } from '../../test/redis'
import { startTcpProxy } from '../../test/tcp-proxy'

const withRedis = await redisAnswers()

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

describe('GET /api/health', () => {
  it('200 ok, naming each dependency it checked (no Redis configured: none)', async () => {
    const res = await t.request('GET', '/api/health')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok', checks: { database: 'ok' } })
  })

  it.skipIf(!withRedis)('with REDIS_URL: Redis is one of the checks', async () => {
    const redis = testRedis()
    const withRedis = await createTestApp({ env: redis.env })
    try {
      const res = await withRedis.request('GET', '/api/health')
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' } })
    } finally {
      await withRedis.close()
      await redis.cleanup()
    }
  })

  it.runIf(process.env.TEST_DB === 'postgres')(
    'a PostgreSQL that stops answering: 503 unavailable within the deadline; 200 once it answers',
    async () => {
      const url = new URL((t.app.database as Database & { url: string }).url)
      const proxy = await startTcpProxy(Number(url.port || 5432), url.hostname)
      const database = openPostgres(proxy.through(url.toString()), 2)
      let app: FastifyInstance | undefined
      const logs: string[] = []
      try {
        app = await buildApp({
          config: t.config,
          database,
          logStream: { write: (line) => void logs.push(line) },
          periodicJobs: false,
        })
        await app.ready()
        const health = () => app!.inject({ method: 'GET', url: '/api/health' })
        expect((await health()).statusCode).toBe(200)

        proxy.freeze()
        const frozen = await answersWithin(health())
        expect(frozen.statusCode).toBe(503)
        expect(frozen.json()).toEqual({
          status: 'unavailable',
          checks: { database: 'unavailable' },
        })
        expect(logs.join('')).toMatch(
          /"event":"health.database_unavailable".*did not answer within/,
        )

        proxy.thaw()
        await expect.poll(async () => (await health()).statusCode).toBe(200)
      } finally {
        proxy.thaw()
        await app?.close()
        await database.close()
        await proxy.close()
      }
    },
    20_000,
  )
})
