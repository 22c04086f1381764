import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { defineRoute } from '@shared/api/route'
import { selectRows } from '../db/client'
import { createTestApp } from '../test/harness'
import { handle } from './contract'

/** A request whose handler writes to the database once the test lets it go on. */
const slowWrite = defineRoute({
  method: 'POST',
  path: '/api/test/slow-write',
  tag: 'System',
  summary: 'Writes once released (tests)',
  access: 'public',
  status: 204,
  reply: z.undefined(),
})

describe('closing the app', () => {
  it('waits for the handlers still running (their clients may be gone) before its close resolves', async () => {
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    let started!: () => void
    const running = new Promise<void>((resolve) => (started = resolve))
    const t = await createTestApp({
      extraApiRoutes: async (api) => {
        handle(api, slowWrite, async (request) => {
          started()
          await released
          await request.server.db.execute(sql`create table shutdown_probe (id int)`)
        })
      },
    })
    const answer = t.request('POST', '/api/test/slow-write')
    await running
    let closed = false
    const closing = t.app.close().then(() => (closed = true))
    await new Promise((r) => setTimeout(r, 100))
    expect(closed).toBe(false)
    release()
    await closing
    expect((await answer).statusCode).toBe(204)
    // The handler's write went through on the database the app was given (still open: its owner closes it last).
    const tables = await selectRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from information_schema.tables where table_name = 'shutdown_probe'`,
    )
    expect(tables[0]!.n).toBe(1)
    await t.close()
  })
})
