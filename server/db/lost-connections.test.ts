import { sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy'
import { testDbKind } from '../test/databases'
import { DatabaseTimeoutError, openPostgres, selectRows, type Database } from './client'

/**
 * The pool keeps every connection it lends: one lost at any point of a transaction (its BEGIN
 * included) is dropped and replaced, never kept out of the pool. A pool of one connection makes a
 * connection kept out visible at once: the next transaction would wait for it until the acquire
 * timeout.
 */
describe.runIf(testDbKind() === 'postgres')('a connection lost inside a transaction', () => {
  let proxy: TcpProxy
  let database: Database

  beforeEach(async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!)
    proxy = await startTcpProxy(Number(url.port || 5432), url.hostname)
    // The client gives a statement up 2 s past the statement timeout (0.1 s).
    database = openPostgres(proxy.through(url.toString()), 1, {
      statementTimeoutMs: 100,
      connectTimeoutMs: 1_000,
    })
    await database.ping()
  })
  afterEach(async () => {
    proxy.thaw()
    await database.close()
    await proxy.close()
  })

  const oneTransaction = () =>
    database.db.transaction(async (tx) => {
      const [row] = await selectRows<{ one: number }>(tx, sql`select 1 as one`)
      return row
    })

  it('at its BEGIN (no answer): the transaction fails, the next one gets a new connection', async () => {
    proxy.freeze()
    const error = await oneTransaction().catch((e: unknown) => e)
    expect((error as Error).cause).toBeInstanceOf(DatabaseTimeoutError)
    proxy.thaw()
    await expect(oneTransaction()).resolves.toEqual({ one: 1 })
  })

  it('at its BEGIN (the network resets it): the same', async () => {
    const failed = oneTransaction()
    proxy.cut()
    await failed.catch(() => {})
    await expect(oneTransaction()).resolves.toEqual({ one: 1 })
    await expect(oneTransaction()).resolves.toEqual({ one: 1 })
  })

  it('between two statements: the transaction fails, the next one gets a new connection', async () => {
    const failed = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`)
      proxy.cut()
      await new Promise((resolve) => setTimeout(resolve, 50))
      await tx.execute(sql`select 2`)
    })
    await expect(failed).rejects.toThrow()
    await expect(oneTransaction()).resolves.toEqual({ one: 1 })
  })
})
