import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import { loadConfig } from '../config'
import { createTestDatabase } from '../test/databases'
import { answersWithin } from '../test/deadline'
import { createTestApp, signedInAdmin, type TestApp } from '../test/harness'
import { redisServerInstalled, startPrivateRedis, type PrivateRedis } from '../test/private-redis'
import { redisAnswers, testRedis, TEST_REDIS } from '../test/redis'

const withRedis = await redisAnswers()
if (!withRedis)
  console.warn(`rate-limit.test.ts: no Redis at ${TEST_REDIS}; the Redis pass is SKIPPED`)
const withRedisServer = redisServerInstalled()
if (!withRedisServer)
  console.warn('rate-limit.test.ts: no redis-server to start; the Redis fault tests are SKIPPED')

const stores = [
  { store: 'in process', redis: undefined },
  ...(withRedis ? [{ store: 'Redis', redis: testRedis() }] : []),
]

describe.each(stores)('rate limits, counters $store', ({ redis }) => {
  let t: TestApp
  let webDir: string
  beforeAll(async () => {
    webDir = await mkdtemp(path.join(os.tmpdir(), 'auditdesk-web-'))
    await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>t</title>')
    await writeFile(path.join(webDir, 'app.js'), 'export {}')
    t = await createTestApp({
      env: { RATE_LIMIT_GLOBAL_PER_MINUTE: '3', RATE_LIMIT_AUTH_PER_MINUTE: '2', ...redis?.env },
      webDir,
    })
  })
  afterAll(async () => {
    await t?.close()
    await redis?.cleanup()
    await rm(webDir, { recursive: true, force: true })
  })

  it('limits API requests per IP with 429 and Retry-After', async () => {
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push((await t.request('GET', '/api/config')).statusCode)
    expect(statuses).toEqual([200, 200, 200, 429])
    const limited = await t.request('GET', '/api/config')
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' })
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('limits the health check like every route (a balancer polling every few seconds stays far below)', async () => {
    const statuses = []
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await t.request('GET', '/api/health', { remoteAddress: '10.0.0.8' })).statusCode,
      )
    expect(statuses).toEqual([200, 200, 200, 429])
  })

  it('an account route has its own, smaller limit per IP', async () => {
    const forgot = () =>
      t.request('POST', '/api/auth/forgot-password', {
        body: { email: 'nobody@example.com' },
        remoteAddress: '10.0.0.7',
      })
    const statuses = [(await forgot()).statusCode, (await forgot()).statusCode]
    const limited = await forgot()
    expect(statuses).toEqual([200, 200])
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' })
  })

  it('HEAD shares its GET’s budget: a route’s own limit is not doubled by asking with HEAD', async () => {
    const ask = (method: 'GET' | 'HEAD') =>
      t.request(method, '/api/invitations/accept?token=nothing-here', {
        remoteAddress: '10.0.0.9',
      })
    const statuses = [(await ask('GET')).statusCode, (await ask('HEAD')).statusCode]
    expect(statuses.every((status) => status !== 429)).toBe(true)
    expect((await ask('HEAD')).statusCode).toBe(429)
    expect((await ask('GET')).statusCode).toBe(429)
  })

  it('an IPv6 client counts by its /64: rotating addresses within it does not reset the count', async () => {
    const forgot = (address: string) =>
      t.request('POST', '/api/auth/forgot-password', {
        body: { email: 'nobody@example.com' },
        remoteAddress: address,
      })
    expect((await forgot('2001:db8:7:7::1')).statusCode).toBe(200)
    expect((await forgot('2001:db8:7:7:ffff::2')).statusCode).toBe(200)
    expect((await forgot('2001:db8:7:7:1:2:3:4')).statusCode).toBe(429)
    // Another /64 has its own budget.
    expect((await forgot('2001:db8:7:8::1')).statusCode).toBe(200)
  })

  it('never limits pages and static assets, which a single page load fetches by the dozen', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await t.request('GET', '/app.js')).statusCode).toBe(200)
      expect((await t.request('GET', '/clients')).statusCode).toBe(200)
    }
  })

  if (redis)
    it('the counters are in Redis, under REDIS_KEY_PREFIX', async () => {
      expect((await redis.keys()).length).toBeGreaterThan(0)
    })
})

describe.skipIf(!withRedis)('Redis unavailable', () => {
  it('at start-up: the app does not start, and says why', async () => {
    const closed = await unusedPort()
    const config = loadConfig({ NODE_ENV: 'test', REDIS_URL: `redis://127.0.0.1:${closed}/0` })
    const database = await createTestDatabase()
    try {
      await expect(buildApp({ config, database, logStream: { write: () => {} } })).rejects.toThrow(
        /REDIS_URL: Redis does not answer/,
      )
    } finally {
      await database.close()
    }
  })

  it('later: requests go through unlimited, and the log says so', async () => {
    const redis = testRedis()
    const t = await createTestApp({ env: { RATE_LIMIT_GLOBAL_PER_MINUTE: '2', ...redis.env } })
    try {
      t.app.redis!.disconnect()
      const statuses = []
      for (let i = 0; i < 4; i++) statuses.push((await t.request('GET', '/api/config')).statusCode)
      expect(statuses).toEqual([200, 200, 200, 200])
      expect(t.logs.some((line) => line.includes('"event":"rate_limit.unavailable"'))).toBe(true)
    } finally {
      await t.close().catch(() => {})
      await redis.cleanup()
    }
  })
})

describe.skipIf(!withRedisServer)(
  'a Redis of the test’s own that freezes, dies and comes back',
  () => {
    const LIMIT = 5
    let addresses = 0
    /** A client address of its own: each check starts from an empty budget. */
    const freshAddress = () => `10.0.${Math.floor(++addresses / 250)}.${addresses % 250}`

    /** An app whose limits live in a redis-server started for this test alone. */
    async function appWithPrivateRedis(test: (t: TestApp, redis: PrivateRedis) => Promise<void>) {
      const redis = await startPrivateRedis()
      let t: TestApp | undefined
      try {
        t = await createTestApp({
          env: { REDIS_URL: redis.url, RATE_LIMIT_GLOBAL_PER_MINUTE: String(LIMIT) },
        })
        await test(t, redis)
      } finally {
        redis.thaw()
        await t?.close()
        await redis.stop()
      }
    }

    const health = (t: TestApp) =>
      t.request('GET', '/api/health', { remoteAddress: freshAddress() })

    /** Signed-in requests past the limit all answer 200 (limits fail open), none held up. */
    async function servedWithoutLimits(t: TestApp, cookie: string) {
      const remoteAddress = freshAddress()
      for (let i = 0; i < LIMIT + 2; i++) {
        const res = await answersWithin(t.request('GET', '/api/clients', { cookie, remoteAddress }))
        expect(res.statusCode, res.body).toBe(200)
      }
      expect(t.logs.some((line) => line.includes('"event":"rate_limit.unavailable"'))).toBe(true)
      const res = await answersWithin(health(t))
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({
        status: 'degraded',
        checks: { database: 'ok', redis: 'unavailable' },
      })
    }

    /** Once Redis answers again (the client reconnects by itself), the limit is back: 429 past it. */
    async function limitedAgain(t: TestApp) {
      await expect
        .poll(async () => (await health(t)).json<{ status: string }>().status, { timeout: 15_000 })
        .toBe('ok')
      const remoteAddress = freshAddress()
      const statuses = []
      for (let i = 0; i <= LIMIT; i++)
        statuses.push((await t.request('GET', '/api/config', { remoteAddress })).statusCode)
      expect(statuses).toEqual([...Array<number>(LIMIT).fill(200), 429])
    }

    it('frozen (SIGSTOP): requests still answer, unlimited, and health says degraded; thawed: limits apply again', async () => {
      await appWithPrivateRedis(async (t, redis) => {
        const admin = await signedInAdmin(t)
        redis.freeze()
        await servedWithoutLimits(t, admin.cookie)
        redis.thaw()
        await limitedAgain(t)
      })
    }, 60_000)

    it('killed: requests still answer, unlimited; restarted: limits apply again', async () => {
      await appWithPrivateRedis(async (t, redis) => {
        const admin = await signedInAdmin(t)
        await redis.kill()
        await servedWithoutLimits(t, admin.cookie)
        await redis.restart()
        await limitedAgain(t)
      })
    }, 60_000)

    it('frozen: the app still closes, promptly', async () => {
      await appWithPrivateRedis(async (t, redis) => {
        expect((await t.request('GET', '/api/config')).statusCode).toBe(200)
        redis.freeze()
        await answersWithin(t.app.close())
      })
    }, 60_000)

    it('frozen at start-up: the app does not start, and says why, promptly', async () => {
      const redis = await startPrivateRedis()
      const database = await createTestDatabase()
      try {
        redis.freeze()
        const config = loadConfig({ NODE_ENV: 'test', REDIS_URL: redis.url })
        await expect(
          answersWithin(buildApp({ config, database, logStream: { write: () => {} } }), 10_000),
        ).rejects.toThrow(/REDIS_URL: Redis does not answer/)
      } finally {
        redis.thaw()
        await redis.stop()
        await database.close()
      }
    }, 60_000)
  },
)

function unusedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
}
