import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import PgBoss from 'pg-boss'
import { selectRows, type Database, type Db } from '../db/client'

/**
 * The job queue (decisions 017 and 020): pg-boss's tables, on the embedded database and on
 * PostgreSQL alike, through the database handle's own connections. Jobs are rows: written in the
 * transaction of the change that causes them, they survive restarts, and with N instances each
 * runs once (workers take them with SKIP LOCKED). A NOTIFY sent with the job (delivered on commit)
 * wakes the workers of every instance at once; polling is only the fallback.
 *
 * pg-boss stores, inserts, takes and archives jobs; running them is ours: its worker completes a
 * job without awaiting the write (a database fault there was an unhandled rejection that ended
 * the process), and it cannot tell a job that runs long from one whose instance died. Here every
 * write about a job is awaited and tried again while the database is away, and a running job holds
 * a lease its instance renews: a job whose instance stopped renewing goes back to the queue.
 */

/** NOTIFY channel whose payload is the name of a queue that has a new job. */
const WAKE_CHANNEL = 'auditdesk_jobs'
/** Arbitrary constant naming the creation of the job queues among advisory locks. */
const QUEUE_CREATION_LOCK_KEY = 7_310_442_020
const POLLING_MS = 2_000
/** A running job's claim; renewed every RENEW_MS while its handler runs. */
export const LEASE_SECONDS = 20
const RENEW_MS = 5_000
/** How often each instance looks for jobs whose lease ran out (their instance is gone). */
const RECLAIM_MS = 10_000
/** Waits between tries of the queue's own writes while the database does not answer. */
const FIRST_BACKOFF_MS = 500
const LAST_BACKOFF_MS = 5_000

export interface JobOptions {
  /** Tries after the first (default 3), `retryDelaySeconds` apart, doubling when `retryBackoff`. */
  retryLimit?: number
  retryDelaySeconds?: number
  retryBackoff?: boolean
  /**
   * `short`: at most one job per `singletonKey` waits to start; queuing another meanwhile does
   * nothing (events gathered into one mail).
   */
  policy?: 'standard' | 'short'
}

export interface JobContext {
  id: string
  /** Earlier tries of this job that failed or were lost with their instance. */
  retryCount: number
  /**
   * Runs a write that must not be lost (the record of something the job did outside the
   * database) until it succeeds, trying again while the database is away, or the queue stops.
   */
  untilRecorded(write: () => Promise<void>): Promise<void>
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
  /**
   * Creates the queues (and brings their settings up to date): until it has run, enqueue() fails.
   * start() runs it; an app that migrates its database runs it with the migrations, so that the
   * API does not open before the queues exist.
   */
  prepare(): Promise<void>
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

/** A job as taken: the row's try is named by its retry count, which every later take raises. */
interface Taken {
  id: string
  name: string
  data: unknown
  retryCount: number
}

/** A sleep that ends early when woken (a new job, or stop()). */
function wakeableSleep() {
  let wake: (() => void) | undefined
  return {
    sleep: (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms)
        function done() {
          clearTimeout(timer)
          wake = undefined
          resolve()
        }
        wake = done
      }),
    wake: () => wake?.(),
  }
}

export function createJobQueue(database: Database, log: FastifyBaseLogger): JobQueue {
  const definitions = new Map<string, Definition>()
  const sleepers = new Map<string, ReturnType<typeof wakeableSleep>>()
  /** Jobs at work: stop() waits for them, so that none outlives the database handle. */
  const running = new Set<Promise<void>>()
  const loops = new Set<Promise<void>>()
  let unlisten: (() => Promise<void>) | undefined
  let reclaimer: NodeJS.Timeout | undefined
  let started = false
  /** Whether the queues exist with this version's settings. */
  let prepared = false
  let periodic = false
  let stopped = false
  let retry: NodeJS.Timeout | undefined

  const lastWarned = new Map<string, number>()
  /** One line per kind of trouble every 10 s: while the database is away, every try fails alike. */
  const warn = (event: string, err: unknown, message: string) => {
    const now = Date.now()
    if (now - (lastWarned.get(event) ?? 0) < 10_000) return
    lastWarned.set(event, now)
    log.warn({ err, event }, message)
  }

  const newBoss = () => {
    const created = new PgBoss({
      db: { executeSql: (text, values) => database.executeSql(text, values) },
      schema: 'pgboss',
      schedule: false,
      supervise: true,
      migrate: true,
      // A mail's body (its link) stays in the queue's tables no longer than needed; a periodic
      // job's row must outlast its period, which is what keeps a second one out (pg-boss checks).
      archiveCompletedAfterSeconds: Math.max(
        60 * 60,
        ...[...definitions.values()].map((definition) => definition.everySeconds ?? 0),
      ),
      deleteAfterHours: 24,
    })
    created.on('error', (err) => warn('jobs.error', err, 'job queue error'))
    return created
  }
  // A pg-boss whose start failed cannot start again: a new one is made for the next try.
  let boss = newBoss()

  /** Runs `write` until it succeeds or the queue stops; answers whether it succeeded. */
  async function persistently(event: string, write: () => Promise<void>) {
    for (let wait = FIRST_BACKOFF_MS; ; wait = Math.min(wait * 2, LAST_BACKOFF_MS)) {
      try {
        await write()
        return true
      } catch (err) {
        warn(event, err, 'job queue cannot reach the database; trying again')
        if (stopped) return false
        await new Promise((resolve) => setTimeout(resolve, wait))
      }
    }
  }

  /** Whether this try still holds the job: renews its lease (false: the lease was lost). */
  async function renew(job: Taken) {
    const rows = await selectRows<{ id: string }>(
      database.db,
      sql`update pgboss.job
          set expire_in = (now() - started_on) + make_interval(secs => ${LEASE_SECONDS})
          where name = ${job.name} and id = ${job.id} and state = 'active'
            and retry_count = ${job.retryCount}
          returning id`,
    )
    return rows.length === 1
  }

  /**
   * Records the outcome of this try, unless the job was taken back meanwhile (its lease ran out
   * while the database was away). A failure is tried again after the queue's delay, doubling
   * with jitter when `retry_backoff` (pg-boss's own rule), until `retry_limit`.
   */
  async function settle(job: Taken, error: unknown) {
    const output = JSON.stringify(
      error === undefined ? null : { message: String((error as Error)?.message ?? error) },
    )
    const where = sql`name = ${job.name} and id = ${job.id} and state = 'active'
      and retry_count = ${job.retryCount}`
    await persistently('jobs.settle_failed', async () => {
      if (error === undefined)
        await database.db.execute(
          sql`update pgboss.job set state = 'completed', completed_on = now(), output = ${output}::jsonb
              where ${where}`,
        )
      else
        await database.db.execute(
          sql`update pgboss.job set
                state = (case when retry_count < retry_limit then 'retry' else 'failed' end)::pgboss.job_state,
                completed_on = case when retry_count < retry_limit then null else now() end,
                start_after = case
                  when retry_count >= retry_limit then start_after
                  when not retry_backoff then now() + retry_delay * interval '1 second'
                  else now() + (retry_delay * 2 ^ least(16, retry_count + 1) / 2
                    + retry_delay * 2 ^ least(16, retry_count + 1) / 2 * random()) * interval '1 second'
                end,
                output = ${output}::jsonb
              where ${where}`,
        )
    })
  }

  async function runJob(job: Taken, definition: Definition) {
    let held = true
    const renewal = setInterval(() => {
      renew(job).then(
        (still) => {
          if (still || !held) return
          held = false
          log.warn(
            { event: 'jobs.lease_lost', queue: job.name, jobId: job.id },
            'a running job was taken back by the queue (the database was out of reach for longer than its lease)',
          )
        },
        (err: unknown) => warn('jobs.renew_failed', err, 'could not renew a running job'),
      )
    }, RENEW_MS)
    let error: unknown
    try {
      await definition.handle(job.data, {
        id: job.id,
        retryCount: job.retryCount,
        untilRecorded: async (write) => {
          if (!(await persistently('jobs.record_failed', write)))
            throw new Error('the queue stopped before the job could record what it did')
        },
      })
    } catch (err) {
      error = err ?? new Error('job failed')
    }
    await settle(job, error)
    clearInterval(renewal)
  }

  async function take(name: string): Promise<Taken | undefined> {
    // pg-boss answers no job when its query fails: an outage looks like an empty queue.
    const [job] = await boss.fetch<object>(name, { batchSize: 1, includeMetadata: true })
    return job ? { id: job.id, name, data: job.data, retryCount: job.retryCount } : undefined
  }

  async function workLoop(name: string, definition: Definition) {
    const sleeper = wakeableSleep()
    sleepers.set(name, sleeper)
    while (!stopped) {
      let job: Taken | undefined
      try {
        job = await take(name)
      } catch (err) {
        warn('jobs.fetch_failed', err, 'could not look for jobs')
      }
      if (!job) {
        await sleeper.sleep(POLLING_MS)
        continue
      }
      const run = runJob(job, definition)
      running.add(run)
      try {
        await run
      } finally {
        running.delete(run)
      }
    }
    sleepers.delete(name)
  }

  /** Jobs whose lease ran out: their instance died or lost the database. Each runs again, once. */
  async function reclaim() {
    const rows = await selectRows<{ name: string; id: string }>(
      database.db,
      sql`update pgboss.job set state = 'retry', start_after = now(),
            output = '{"message":"its instance stopped renewing it"}'::jsonb
          where state = 'active' and started_on + expire_in < now()
          returning name, id`,
    )
    for (const { name, id } of rows) {
      log.warn(
        { event: 'jobs.reclaimed', queue: name, jobId: id },
        'a job whose instance stopped renewing it runs again',
      )
      sleepers.get(name)?.wake()
    }
  }

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

  /**
   * Creates the queues that do not exist yet, one instance at a time (pg-boss's create_queue
   * skips a queue that exists), and brings every queue's settings up to date. Instances that start
   * together on a new database otherwise create the same queues at once, and create_queue (a row,
   * then a partition attached to the job table) deadlocks between two of them: PostgreSQL failed
   * one each time, and its jobs waited 5 s for the next start (every time in the two-instance test).
   */
  async function prepareQueues() {
    const queues = new Map<string, PgBoss.Queue>()
    for (const [name, { options: jobOptions }] of definitions)
      queues.set(name, {
        name,
        policy: jobOptions.policy ?? 'standard',
        retryLimit: jobOptions.retryLimit ?? 3,
        retryDelay: jobOptions.retryDelaySeconds ?? 10,
        retryBackoff: jobOptions.retryBackoff ?? true,
        expireInSeconds: LEASE_SECONDS,
      })
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${QUEUE_CREATION_LOCK_KEY})`)
      for (const [name, { name: _, ...options }] of queues)
        await tx.execute(sql`select pgboss.create_queue(${name}, ${JSON.stringify(options)}::json)`)
    })
    for (const [name, settings] of queues) await boss.updateQueue(name, settings)
    prepared = true
  }

  async function startWorkers() {
    await boss.start()
    if (!prepared) await prepareQueues()
    started = true
    for (const [name, definition] of definitions) {
      if (definition.everySeconds && !periodic) continue
      if (definition.everySeconds) await queueSlot(name, definition.everySeconds, false)
    }
    unlisten = await database.listen(
      WAKE_CHANNEL,
      (name) => sleepers.get(name)?.wake(),
      () => {},
    )
    for (const [name, definition] of definitions) {
      if (definition.everySeconds && !periodic) continue
      const loop = workLoop(name, definition)
      loops.add(loop)
      void loop.finally(() => loops.delete(loop))
    }
    reclaimer = setInterval(
      () =>
        void reclaim().catch((err: unknown) =>
          warn('jobs.reclaim_failed', err, 'could not reclaim jobs'),
        ),
      RECLAIM_MS,
    )
    reclaimer.unref()
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
    prepare: prepareQueues,
    async start(options) {
      periodic = options.periodic
      stopped = false
      // Made again now that every job is defined (the archive interval depends on them).
      boss = newBoss()
      // The database may go away again after start-up: so the queue keeps trying to start.
      const attempt = async (): Promise<void> => {
        try {
          await startWorkers()
        } catch (err) {
          log.warn(
            { err, event: 'jobs.start_failed' },
            'job queue not started; trying again in 5 s',
          )
          started = false
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
      clearInterval(reclaimer)
      for (const sleeper of sleepers.values()) sleeper.wake()
      await unlisten?.()
      unlisten = undefined
      await Promise.allSettled([...loops, ...running])
      if (!started) return
      started = false
      await boss.stop({ graceful: false, wait: true })
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
