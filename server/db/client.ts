import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql, type SQL } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import PgBoss from 'pg-boss'
import { migrationsDir } from '../lib/paths'
import { currentTenant } from '../lib/tenant'
import { createFairGate } from './fair-gate'
import { acquireDataDirLock } from './data-dir-lock'
import * as schema from './schema'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Applies pending migrations (under an advisory lock on PostgreSQL), then the job queue's schema. */
  migrate(): Promise<void>
  /**
   * One SQL text, outside any transaction: several statements when no values are given. The job
   * queue (pg-boss) talks to the database through it.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>
  ping(): Promise<void>
  /**
   * Calls `onMessage` with the payload of every NOTIFY on `channel`, from any connection of any
   * instance. `onGap` reports that messages may have been missed (the listening connection was
   * lost; it reconnects by itself) and again once listening resumes (`listening` true).
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onGap: (listening: boolean) => void,
  ): Promise<() => Promise<void>>
  close(): Promise<void>
}

/** Arbitrary constant naming our migration lock among advisory locks. */
const MIGRATION_LOCK_KEY = 7_310_442_019

/** Connecting, or waiting for a pooled connection, gives up after this long (503). */
export const CONNECT_TIMEOUT_MS = 5_000
/**
 * How much longer than the server's statement timeout the client waits for an answer: the
 * server cancels a slow statement itself; past this margin the server is not answering at all.
 */
const CLIENT_MARGIN_MS = 2_000
/** Without a statement timeout (tools, migrations elsewhere), the longest the client waits. */
const DEFAULT_QUERY_TIMEOUT_MS = 30_000

/** A query that got no answer in time: its connection was closed, so nothing queues behind it. */
export class DatabaseTimeoutError extends Error {
  readonly code = 'DATABASE_TIMEOUT'
}

type LogWarn = (details: object, message: string) => void

interface PgConnectionInternals {
  connection?: { stream?: { destroy(error?: Error): void } }
}

/**
 * Makes one connection safe to lose: an error event (the server went away while the connection
 * was checked out, between two statements of a transaction) is reported instead of being thrown
 * on the process, and a query that gets no answer within `timeoutMs` closes the connection, which
 * fails that query and everything queued behind it; the pool then drops the connection.
 * node-postgres's own `query_timeout` leaves the connection open with the query still running on
 * it, so the next statement of the transaction (its ROLLBACK too) would queue behind it, and a
 * connection in a half-finished transaction could go back into the pool.
 */
function guardConnection(client: pg.Client, timeoutMs: number, warn: LogWarn) {
  client.on('error', (err) =>
    warn({ err, event: 'db.connection_lost' }, 'database connection lost'),
  )
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  const cut = () =>
    (client as unknown as PgConnectionInternals).connection?.stream?.destroy(
      new DatabaseTimeoutError(`The database did not answer within ${timeoutMs} ms`),
    )
  client.query = ((...args: unknown[]) => {
    // Cursors and streams (objects that submit themselves) are not used by the app.
    if (typeof (args[0] as { submit?: unknown } | undefined)?.submit === 'function')
      return query(...args)
    const timer = setTimeout(cut, timeoutMs)
    const last = args.at(-1)
    if (typeof last === 'function') {
      // The pool's own pool.query (the job queue's statements) gives its connection back itself.
      args[args.length - 1] = (...result: unknown[]) => {
        clearTimeout(timer)
        ;(last as (...r: unknown[]) => void)(...result)
      }
      return query(...args)
    }
    const opensTransaction = BEGIN.test(queryText(args[0]))
    const answer = query(...args) as Promise<unknown>
    answer.then(
      () => clearTimeout(timer),
      (error: unknown) => {
        clearTimeout(timer)
        if (opensTransaction) giveBack(client, error)
      },
    )
    return answer
  }) as typeof client.query
}

const BEGIN = /^\s*begin\b/i

const queryText = (first: unknown) =>
  typeof first === 'string' ? first : String((first as { text?: unknown } | undefined)?.text ?? '')

/**
 * A transaction whose BEGIN failed (the connection was lost or timed out right then) is given up
 * by drizzle without giving its connection back to the pool (its BEGIN runs outside its
 * try/finally; drizzle-orm 0.45): without this, each such loss would keep one of the pool's
 * connections for good, and after a few the instance would answer nothing but 503. The pool
 * drops a connection given back with an error.
 */
function giveBack(client: pg.Client, error: unknown) {
  const release = (client as pg.PoolClient).release as ((error?: Error) => void) | undefined
  try {
    release?.(error instanceof Error ? error : new Error(String(error)))
  } catch {
    // Not checked out of a pool, or already given back.
  }
}

export interface PostgresOptions {
  /** The server cancels any statement of the app that runs longer (DATABASE_STATEMENT_TIMEOUT_SECONDS). */
  statementTimeoutMs?: number
  /** Connecting and waiting for a pooled connection (default CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number
  /** Where lost connections are reported (default: nowhere; they are harmless). */
  warn?: LogWarn
}

export function openPostgres(url: string, poolSize = 10, options: PostgresOptions = {}): Database {
  const warn = throttled(options.warn)
  const connectTimeoutMs = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS
  const queryTimeoutMs = options.statementTimeoutMs
    ? options.statementTimeoutMs + CLIENT_MARGIN_MS
    : DEFAULT_QUERY_TIMEOUT_MS
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: connectTimeoutMs,
    keepAlive: true,
    // Timestamps come back as UTC text, which db/timestamps.ts turns into the API's form as is.
    // No JIT: a firm-wide read the planner overestimates compiled for 35 ms to run for 60
    // (decision 036); every statement here is short.
    options: '-c TimeZone=UTC -c jit=off',
    // Every statement of the app's connections; the migration runner has a connection of its own.
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
  })
  pool.on('connect', (client) => guardConnection(client, queryTimeoutMs, warn))
  // An idle connection lost (server restart): the pool drops it and connects anew when needed.
  pool.on('error', (err) => warn({ err, event: 'db.connection_lost' }, 'database connection lost'))
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db
  const listeners = postgresListeners(url, connectTimeoutMs)
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const client = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: connectTimeoutMs,
        keepAlive: true,
      })
      // Lost between two statements: the statement under way fails; nothing is thrown elsewhere.
      client.on('error', () => {})
      await client.connect()
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
        await migratePg(drizzlePg(client, { casing: 'snake_case' }), {
          migrationsFolder: migrationsDir,
        })
        await installJobSchema((text) => client.query(text))
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {})
        await client.end().catch(() => {})
      }
    },
    async executeSql(text, values) {
      return pool.query(text, values)
    },
    async ping() {
      await db.execute(sql`select 1`)
    },
    listen: (channel, onMessage, onGap) => listeners.listen(channel, onMessage, onGap),
    async close() {
      await listeners.close()
      await pool.end()
    },
  }
}

/** One line per kind of event every 10 s: while the server is away, every try fails alike. */
function throttled(warn: LogWarn | undefined): LogWarn {
  const last = new Map<string, number>()
  return (details, message) => {
    if (!warn) return
    const key = String((details as { event?: unknown }).event ?? message)
    const now = Date.now()
    if (now - (last.get(key) ?? 0) < 10_000) return
    last.set(key, now)
    warn(details, message)
  }
}

type Listener = { onMessage: (payload: string) => void; onGap: (listening: boolean) => void }

/**
 * One connection per database handle that only listens, shared by every listener of the handle
 * (apps on one handle hear a NOTIFY in the same callback); reconnects a second after it is lost.
 */
function postgresListeners(url: string, connectTimeoutMs: number) {
  const byChannel = new Map<string, Set<Listener>>()
  let client: pg.Client | undefined
  let connecting: Promise<void> | undefined
  let retry: NodeJS.Timeout | undefined
  let stopped = false
  const quote = (channel: string) => `"${channel.replaceAll('"', '""')}"`
  const everyone = () => [...byChannel.values()].flatMap((set) => [...set])

  const connect = async () => {
    const next = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: connectTimeoutMs,
      keepAlive: true,
    })
    next.on('notification', (message) => {
      for (const listener of byChannel.get(message.channel) ?? [])
        listener.onMessage(message.payload ?? '')
    })
    next.on('error', () => lost(next))
    next.on('end', () => lost(next))
    try {
      await next.connect()
      for (const channel of byChannel.keys()) await next.query(`listen ${quote(channel)}`)
    } catch (error) {
      next.end().catch(() => {})
      throw error
    }
    client = next
  }
  const reconnectSoon = () => {
    if (retry || stopped) return
    retry = setTimeout(() => {
      retry = undefined
      if (stopped) return
      connect()
        .then(() => everyone().forEach((listener) => listener.onGap(true)))
        .catch(reconnectSoon)
    }, 1_000)
    retry.unref()
  }
  const lost = (which: pg.Client) => {
    if (stopped || client !== which) return
    client = undefined
    which.end().catch(() => {})
    for (const listener of everyone()) listener.onGap(false)
    reconnectSoon()
  }

  return {
    async listen(
      channel: string,
      onMessage: Listener['onMessage'],
      onGap: Listener['onGap'],
    ): Promise<() => Promise<void>> {
      const listener = { onMessage, onGap }
      const known = byChannel.has(channel)
      byChannel.set(channel, (byChannel.get(channel) ?? new Set()).add(listener))
      stopped = false
      try {
        if (!client) await (connecting ??= connect().finally(() => (connecting = undefined)))
        else if (!known) await client.query(`listen ${quote(channel)}`)
      } catch {
        // The database is not there yet: start anyway, deaf until the connection comes.
        onGap(false)
        reconnectSoon()
      }
      return async () => {
        byChannel.get(channel)?.delete(listener)
        if (byChannel.get(channel)?.size === 0) byChannel.delete(channel)
        if (byChannel.size === 0) await this.close()
      }
    },
    async close() {
      stopped = true
      clearTimeout(retry)
      const last = client
      client = undefined
      await last?.end().catch(() => {})
    },
  }
}

/**
 * The embedded database's one connection, taken in turns by company (db/fair-gate.ts, the company
 * from lib/tenant.ts): a firm with many statements waiting does not make another firm's next
 * statement wait behind all of them. Its statements run on this process's thread: before each,
 * the event loop takes what arrived meanwhile (another firm's request), which would otherwise
 * wait until a chain of statements (an export, one after another) ended. Inside a transaction,
 * its statements go straight through (the transaction holds the turn).
 */
function takingTurns(client: PGlite): PGlite {
  const gate = createFairGate()
  const turns = Object.create(client) as PGlite
  const inTurn =
    <A extends unknown[], R>(method: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      await new Promise((resolve) => setImmediate(resolve))
      return gate.run(currentTenant(), () => method.apply(client, args))
    }
  Object.assign(turns, {
    query: inTurn(client.query),
    exec: inTurn(client.exec),
    transaction: inTurn(client.transaction),
  })
  return turns
}

export function wrapPglite(raw: PGlite, onClose: () => Promise<void> = async () => {}): Database {
  const client = takingTurns(raw)
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite(client, { casing: 'snake_case' }), {
        migrationsFolder: migrationsDir,
      })
      await installJobSchema((text) => pgliteExec(client, text))
    },
    async executeSql(text, values) {
      return values?.length ? client.query(text, values) : pgliteExec(client, text)
    },
    async ping() {
      await client.query('select 1')
    },
    // One process holds the embedded database: its own connection hears its own NOTIFYs.
    async listen(channel, onMessage) {
      const unlisten = await raw.listen(channel, onMessage)
      return async () => {
        if (!raw.closed) await unlisten()
      }
    },
    async close() {
      await raw.close()
      await onClose()
    },
  }
}

/** Several statements in one text (PGlite's query() takes one): the last one's rows. */
async function pgliteExec(client: PGlite, text: string) {
  const results = await client.exec(text)
  return { rows: results.at(-1)?.rows ?? [] }
}

/**
 * The job queue's own tables (schema `pgboss`), created once with the database's, so that a new
 * database (and every test copy of the template) starts with them; pg-boss migrates them itself
 * when a later version of it starts (server/jobs).
 */
async function installJobSchema(execute: (text: string) => Promise<{ rows: unknown[] }>) {
  const { rows } = await execute(`select to_regclass('pgboss.version') as name`)
  if ((rows[0] as { name: string | null } | undefined)?.name) return
  await execute(PgBoss.getConstructionPlans('pgboss'))
}

/** The embedded database: PostgreSQL in WebAssembly, its files under DATA_DIR/pgdata. */
export async function openPglite(dataDir: string): Promise<Database> {
  await mkdir(dataDir, { recursive: true })
  const release = await acquireDataDirLock(dataDir)
  try {
    const client = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata') })
    return wrapPglite(client, release)
  } catch (error) {
    await release()
    throw error
  }
}

export async function openDatabase(
  options: {
    databaseUrl: string | undefined
    dataDir: string
    poolSize?: number
  } & Omit<PostgresOptions, 'connectTimeoutMs'>,
): Promise<Database> {
  const { databaseUrl, dataDir, poolSize, ...postgres } = options
  return databaseUrl ? openPostgres(databaseUrl, poolSize, postgres) : openPglite(dataDir)
}

/** Rows of a raw SQL query; both drivers answer with `{ rows }`. */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}
