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

export function openPostgres(
  url: string,
  poolSize = 10,
  options: { statementTimeoutMs?: number } = {},
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    // Timestamps come back as UTC text, which db/timestamps.ts turns into the API's form as is.
    options: '-c TimeZone=UTC',
    // Every statement of the app's connections; the migration runner has a connection of its own.
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
  })
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => {})
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db
  const listeners = postgresListeners(url)
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
        await migratePg(drizzlePg(client, { casing: 'snake_case' }), {
          migrationsFolder: migrationsDir,
        })
        await installJobSchema((text) => client.query(text))
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {})
        await client.end()
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

type Listener = { onMessage: (payload: string) => void; onGap: (listening: boolean) => void }

/**
 * One connection per database handle that only listens, shared by every listener of the handle
 * (apps on one handle hear a NOTIFY in the same callback); reconnects a second after it is lost.
 */
function postgresListeners(url: string) {
  const byChannel = new Map<string, Set<Listener>>()
  let client: pg.Client | undefined
  let connecting: Promise<void> | undefined
  let retry: NodeJS.Timeout | undefined
  let stopped = false
  const quote = (channel: string) => `"${channel.replaceAll('"', '""')}"`
  const everyone = () => [...byChannel.values()].flatMap((set) => [...set])

  const connect = async () => {
    const next = new pg.Client({ connectionString: url })
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

export function wrapPglite(
  client: PGlite,
  onClose: () => Promise<void> = async () => {},
): Database {
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
      const unlisten = await client.listen(channel, onMessage)
      return async () => {
        if (!client.closed) await unlisten()
      }
    },
    async close() {
      await client.close()
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

export async function openDatabase(options: {
  databaseUrl: string | undefined
  dataDir: string
  poolSize?: number
  statementTimeoutMs?: number
}): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize, {
        statementTimeoutMs: options.statementTimeoutMs,
      })
    : openPglite(options.dataDir)
}

/** Rows of a raw SQL query; both drivers answer with `{ rows }`. */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}
