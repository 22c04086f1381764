import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import PgBoss from 'pg-boss'
import { selectRows, type Database, type Db } from '../db/client'

/**
 * The job queue (decision 017): pg-boss on the embedded database and on PostgreSQL alike, through
 * the database handle's own connections. Jobs are rows: written in the transaction of the change
 * that causes them, they survive restarts, and with N instances each runs once (workers take them
 * with SKIP LOCKED). A NOTIFY sent with the job (delivered on commit) wakes the workers of every
 * instance at once; polling is only the fallback.
 */

/** NOTIFY channel whose payload is the name of a queue that has a new job. */
const WAKE_CHANNEL = 'auditdesk_jobs'
const POLLING_SECONDS = 2

export interface JobOptions {
  /** Tries after the first (default 3), `retryDelaySeconds` apart, doubling when `retryBackoff`. */
  retryLimit?: number
  retryDelaySeconds?: number
  retryBackoff?: boolean
  /** A try still running after this long is counted as failed (a crashed instance's job). */
  expireInSeconds?: number
  /**
   * `short`: at most one job per `singletonKey` waits to start; queuing another meanwhile does
   * nothing (events gathered into one mail).
   */
  policy?: 'standard' | 'short'
}

export interface JobContext {
  id: string
  /** Earlier tries of this job that failed. */
  retryCount: number
}

interface Definition {
  options: JobOptions
  handle(data: unknown, context: JobContext): Promise<void>
  /** Periodic jobs: one per slot of this many seconds, whatever the number of instances. */
  everySeconds?: number
}

export interface JobQueue {
  /** A queue and what its worker does with each job; before start(). */
  define<T>(
    name: string,
    options: JobOptions,
    handle: (data: T, context: JobContext) => Promise<void>,
  ): void
  /**
   * Work done every `everySeconds`, once per period across all instances: each run queues the
   * next (a singleton per time slot), and every instance queues the current one when it starts.
   */
  every(name: string, everySeconds: number, options: JobOptions, run: () => Promise<void>): void
  /**
   * Queues a job on `db`: pass the transaction of the change that causes it, so that the job
   * exists exactly when the change does. Answers the job's id, or null when `singletonKey`
   * already has a job waiting.
   */
  enqueue(
    db: Db,
    name: string,
    data: object,
    options?: { singletonKey?: string; startAfterSeconds?: number },
  ): Promise<string | null>
  /** Starts the workers (and, with `periodic`, the periodic jobs). */
  start(options: { periodic: boolean }): Promise<void>
  /** Stops taking jobs and waits for the running ones. */
  stop(): Promise<void>
  /** Resolves once no job is ready to run or running (tests). */
  idle(timeoutMs?: number): Promise<void>
}

/**
 * pg-boss's statements on `db`'s own connection: inside a Drizzle transaction, the transaction's.
 * Its SQL is run as written (it uses one parameter in several places, with different types), so
 * through the driver's client that Drizzle holds, which both drivers expose as `session.client`.
 */
function executorOn(db: Db): PgBoss.Db {
  type Client = { query(text: string, values: unknown[]): Promise<{ rows: unknown[] }> }
  const client = (db as unknown as { session?: { client?: Client } }).session?.client
  if (typeof client?.query !== 'function')
    throw new Error(
      'The job queue needs a Drizzle database or transaction of node-postgres or PGlite',
    )
  return {
    executeSql: async (text, values = []) => ({ rows: (await client.query(text, values)).rows }),
  }
}

export function createJobQueue(database: Database, log: FastifyBaseLogger): JobQueue {
  const definitions = new Map<string, Definition>()
  const workerIds = new Map<string, string>()
  let started = false
  /** Handlers at work: stop() waits for them, so that none outlives the database handle. */
  const running = new Set<Promise<void>>()
  let unlisten: (() => Promise<void>) | undefined
  let periodic = false
  let stopped = false
  let retry: NodeJS.Timeout | undefined

  const newBoss = () => {
    const created = new PgBoss({
      db: { executeSql: (text, values) => database.executeSql(text, values) },
      schema: 'pgboss',
      schedule: false,
      supervise: true,
      migrate: true,
      pollingIntervalSeconds: POLLING_SECONDS,
      // A mail's body (its link) stays in the queue's tables no longer than needed; a periodic
      // job's row must outlast its period, which is what keeps a second one out (pg-boss checks).
      archiveCompletedAfterSeconds: Math.max(
        60 * 60,
        ...[...definitions.values()].map((definition) => definition.everySeconds ?? 0),
      ),
      deleteAfterHours: 24,
    })
    created.on('error', (err) => log.warn({ err, event: 'jobs.error' }, 'job queue error'))
    return created
  }
  // A pg-boss whose start failed cannot start again: a new one is made for the next try.
  let boss = newBoss()

  const slotStart = (everySeconds: number) => {
    const now = Date.now() / 1000
    return Math.ceil(now / everySeconds) * everySeconds - now
  }

  /** Queues the periodic job of the current slot (`next`: of the next one, starting with it). */
  const queueSlot = async (name: string, everySeconds: number, next: boolean) => {
    if (!started) return
    await boss.send(
      name,
      {},
      {
        singletonKey: name,
        singletonSeconds: everySeconds,
        singletonNextSlot: next,
        ...(next ? { startAfter: Math.max(1, Math.round(slotStart(everySeconds))) } : {}),
      },
    )
  }

  async function startWorkers() {
    await boss.start()
    for (const [name, { options: jobOptions }] of definitions)
      await boss.createQueue(name, {
        name,
        policy: jobOptions.policy ?? 'standard',
        retryLimit: jobOptions.retryLimit ?? 3,
        retryDelay: jobOptions.retryDelaySeconds ?? 10,
        retryBackoff: jobOptions.retryBackoff ?? true,
        expireInSeconds: jobOptions.expireInSeconds ?? 15 * 60,
      })
    started = true
    for (const [name, definition] of definitions) {
      if (definition.everySeconds && !periodic) continue
      const id = await boss.work<object>(
        name,
        { batchSize: 1, pollingIntervalSeconds: POLLING_SECONDS, includeMetadata: true },
        async ([job]) => {
          if (!job) return
          // Look for the next job right after this one, not a polling interval later.
          boss.notifyWorker(workerIds.get(name) ?? '')
          const run = definition.handle(job.data, { id: job.id, retryCount: job.retryCount })
          running.add(run)
          try {
            await run
          } finally {
            running.delete(run)
          }
        },
      )
      workerIds.set(name, id)
      if (definition.everySeconds) await queueSlot(name, definition.everySeconds, false)
    }
    unlisten = await database.listen(
      WAKE_CHANNEL,
      (name) => {
        const id = workerIds.get(name)
        if (id) boss.notifyWorker(id)
      },
      () => {},
    )
  }

  return {
    define(name, options, handle) {
      definitions.set(name, { options, handle: handle as Definition['handle'] })
    },
    every(name, everySeconds, options, run) {
      definitions.set(name, {
        options,
        everySeconds,
        handle: async () => {
          // The next run is queued first, so that a failing run does not end the series.
          if (periodic) await queueSlot(name, everySeconds, true)
          await run()
        },
      })
    },
    async enqueue(db, name, data, options = {}) {
      if (!definitions.has(name)) throw new Error(`Unknown job queue ${name}`)
      const id = await boss.send(name, data, {
        db: executorOn(db),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      })
      // Only a singleton finds its key taken; any other job not written means its queue is missing.
      if (!id && !options.singletonKey) throw new Error(`Job queue ${name} does not exist yet`)
      await db.execute(sql`select pg_notify(${WAKE_CHANNEL}, ${name})`)
      return id
    },
    async start(options) {
      periodic = options.periodic
      stopped = false
      // Made again now that every job is defined (the archive interval depends on them).
      boss = newBoss()
      // The app starts without its database (it answers 503 until it comes): so does the queue.
      const attempt = async (): Promise<void> => {
        try {
          await startWorkers()
        } catch (err) {
          log.warn(
            { err, event: 'jobs.start_failed' },
            'job queue not started; trying again in 5 s',
          )
          await boss.stop({ graceful: false, wait: true }).catch(() => {})
          boss = newBoss()
          if (!stopped) retry = setTimeout(() => void attempt(), 5_000)
        }
      }
      await attempt()
    },
    async stop() {
      stopped = true
      clearTimeout(retry)
      await unlisten?.()
      unlisten = undefined
      workerIds.clear()
      if (!started) return
      started = false
      await boss.stop({ graceful: true, wait: true, timeout: 30_000 })
      await Promise.allSettled([...running])
    },
    async idle(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const [busy] = await selectRows<{ name: string }>(
          database.db,
          sql`select name from pgboss.job
              where state in ('created', 'retry', 'active') and start_after <= now()
                and name in ${[...definitions.keys()].filter((name) => !definitions.get(name)?.everySeconds)}
              limit 1`,
        )
        if (!busy) return
        if (Date.now() > deadline) throw new Error(`Job queue ${busy.name} still busy`)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    },
  }
}
