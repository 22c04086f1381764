import type { FastifyBaseLogger } from 'fastify'
import type { Database } from './client'

export type DatabaseState = 'starting' | 'ready'

export interface DatabaseReadiness {
  readonly state: DatabaseState
  /** Resolves once the database has answered and carries this version's schema. */
  readonly ready: Promise<void>
  /** With `prepare`: migrates, trying again until the database answers. */
  start(): void
  stop(): void
}

const FIRST_RETRY_MS = 1_000
const LAST_RETRY_MS = 10_000

/**
 * Whether the app may use its database yet. The server starts without it (health says
 * `starting`, the API answers 503) and migrates as soon as it answers, so that a restart while
 * the database is away does not fail, and the app serves within a retry of its return.
 * Without `prepare` (tests, tools: the database is migrated already) it is ready at once.
 */
export function databaseReadiness(
  database: Database,
  log: FastifyBaseLogger,
  {
    prepare,
    afterMigrations,
  }: {
    prepare: boolean
    /** Runs once the migrations have (the job queues), before the API opens; tried again alike. */
    afterMigrations?: () => Promise<void>
  },
): DatabaseReadiness {
  let state: DatabaseState = prepare ? 'starting' : 'ready'
  let markReady!: () => void
  const ready = new Promise<void>((resolve) => (markReady = resolve))
  if (!prepare) markReady()
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  let started = false

  async function attempt(delayMs: number, failures: number) {
    if (stopped) return
    try {
      await database.migrate()
      await afterMigrations?.()
      state = 'ready'
      markReady()
      if (failures > 0) log.info({ event: 'db.ready' }, 'database reachable: serving')
    } catch (err) {
      if (stopped) return
      log.warn(
        { err, event: 'db.not_ready', retryInMs: delayMs },
        `database not reachable yet; trying again in ${delayMs / 1000} s`,
      )
      timer = setTimeout(
        () => void attempt(Math.min(delayMs * 2, LAST_RETRY_MS), failures + 1),
        delayMs,
      )
    }
  }

  return {
    get state() {
      return state
    },
    ready,
    start() {
      if (started || !prepare) return
      started = true
      void attempt(FIRST_RETRY_MS, 0)
    },
    stop() {
      stopped = true
      clearTimeout(timer)
    },
  }
}
