import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { selectRows } from './client'
import { testDbKind } from '../test/databases'
import { createTestApp, signedInAdmin, type TestApp } from '../test/harness'

describe.runIf(testDbKind() === 'postgres')('a killed database connection', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => t?.close())

  it('is replaced without restarting the server', async () => {
    const { cookie } = await signedInAdmin(t)
    expect((await t.request('GET', '/api/auth/me', { cookie })).statusCode).toBe(200)

    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
    await admin.connect()
    const [{ name: database }] = (await selectRows<{ name: string }>(
      t.app.db,
      sql`select current_database() as name`,
    )) as [{ name: string }]
    const killed = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    )
    await admin.end()
    expect(killed.rowCount).toBeGreaterThan(0)

    // The pool drops the dead connections; the following requests succeed on new ones. They go
    // straight to the app: t.request's wait for the job queue would itself query the database
    // and could be the one to meet a dead connection.
    const statuses: number[] = []
    for (let i = 0; i < 5; i++)
      statuses.push(
        (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } }))
          .statusCode,
      )
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true)
    expect(statuses.at(-1)).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({
      status: 'ok',
    })
  })
})
