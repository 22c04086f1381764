import { buildApp } from './app'
import { ConfigError, loadConfig } from './config'
import { DataDirLockedError } from './db/data-dir-lock'
import { RedisUnavailableError } from './lib/redis'
import { StorageUnavailableError } from './files/storage'
import { openDatabase } from './db/client'
import { webDistDir } from './lib/paths'

/** What is left after the shutdown deadline gets this long to close the database cleanly. */
const DATABASE_CLOSE_MS = 1_500

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref())

async function main() {
  const config = loadConfig()
  // The app starts whether or not its database answers: it migrates once it does (db/readiness.ts).
  let warn: (details: object, message: string) => void = () => {}
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
    warn: (details, message) => warn(details, message),
  })
  const app = await buildApp({
    config,
    database,
    webDir: webDistDir,
    prepareDatabase: true,
  }).catch(async (error: unknown) => {
    await database.close()
    throw error
  })
  warn = (details, message) => app.log.warn(details, message)

  let closing = false
  const shutdown = async (reason: string, exitCode: number) => {
    if (closing) return
    closing = true
    app.log.info(
      { event: 'shutdown.started', reason },
      `${reason}: finishing in-flight requests (at most ${config.shutdownTimeoutMs / 1000} s)`,
    )
    // The app's own close waits for the requests in flight and their background work; the
    // database goes last (an onClose hook added here would run before the app's own).
    const closed = app.close().then(
      () => 'closed' as const,
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed')
        exitCode = 1
        return 'closed' as const
      },
    )
    if ((await Promise.race([closed, sleep(config.shutdownTimeoutMs)])) !== 'closed') {
      // A container runtime kills the process soon after: cut what is left and go. Jobs still
      // running are taken up by another instance once their lease runs out (jobs/queue.ts).
      app.log.warn(
        { event: 'shutdown.deadline' },
        'shutdown deadline reached: closing the connections left',
      )
      app.server.closeAllConnections()
    }
    await Promise.race([database.close().catch(() => {}), sleep(DATABASE_CLOSE_MS)])
    process.exit(exitCode)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM received', 0))
  process.on('SIGINT', () => void shutdown('SIGINT received', 0))
  // A rejected promise nobody awaited is a bug, logged so that it gets fixed; the requests of
  // every other user go on. An exception thrown outside any request leaves the process in a
  // state nobody can vouch for: it stops (cleanly, within the deadline) and is restarted.
  process.on('unhandledRejection', (reason) =>
    app.log.error({ err: reason, event: 'process.unhandled_rejection' }, 'unhandled rejection'),
  )
  process.on('uncaughtException', (err) => {
    app.log.fatal({ err, event: 'process.uncaught_exception' }, 'uncaught exception: stopping')
    void shutdown('uncaught exception', 1)
  })

  await app.listen({ port: config.port, host: config.host })
  const where =
    database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL server'
  app.log.info(
    `AuditDesk is running at ${config.appUrl} (${where}; e-mail ${config.smtpUrl ? 'over SMTP' : `printed here and saved to ${config.dataDir}/outbox`})`,
  )
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof RedisUnavailableError ||
    error instanceof StorageUnavailableError
  ) {
    console.error(error.message)
  } else {
    console.error('Failed to start:', error)
  }
  process.exit(1)
})
