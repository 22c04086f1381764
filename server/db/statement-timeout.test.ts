import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectError } from '../test/factories'
import { createTestApp, type TestApp } from '../test/harness'
import { testDbKind } from '../test/databases'

// PGlite runs a statement to its end on the process's one thread: nothing can interrupt it there
// (decision 009), so this holds on PostgreSQL, where DATABASE_STATEMENT_TIMEOUT_SECONDS applies.
describe.runIf(testDbKind() === 'postgres')('a statement past the timeout', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({
      env: { DATABASE_STATEMENT_TIMEOUT_SECONDS: '0.2' },
      extraApiRoutes: async (api) => {
        api.get('/test/slow', { config: { access: 'public' } }, async () => {
          await api.db.execute(sql`select pg_sleep(3)`)
          return { finished: true }
        })
      },
    })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('is cancelled by PostgreSQL and answered 503 in the app’s shape, logged as a timeout', async () => {
    const res = await t.request('GET', '/api/test/slow')
    const body = expectError(res, 503, 'UNAVAILABLE')
    expect(body.message).toBe('The database took too long to answer. Please try again in a moment.')
    expect(res.body).not.toMatch(/pg_sleep|57014|statement timeout/i)
    expect(t.logs.some((line) => line.includes('"event":"db.statement_timeout"'))).toBe(true)
    // The pool's connection is fine afterwards.
    expect((await t.request('GET', '/api/health')).statusCode).toBe(200)
  })
})
