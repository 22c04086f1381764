import { buildApp } from './app'
import { ConfigError, loadConfig } from './config'
import { DataDirLockedError } from './db/data-dir-lock'
import { RedisUnavailableError } from './lib/redis'
import { StorageUnavailableError } from './files/storage'
import { openDatabase } from './db/client'
import { webDistDir } from './lib/paths'

async function main() {
  const config = loadConfig()
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
  })
  try {
    await database.migrate()
  } catch (error) {
    await database.close()
    throw error
  }
  const app = await buildApp({ config, database, webDir: webDistDir }).catch(
    async (error: unknown) => {
      await database.close()
      throw error
    },
  )

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info(`${signal} received: finishing in-flight requests`)
    try {
      // The app's own close waits for the requests in flight and their background work; the
      // database goes last (an onClose hook added here would run before the app's own).
      await app.close()
      await database.close()
      process.exit(0)
    } catch (err) {
      app.log.error({ err }, 'shutdown failed')
      process.exit(1)
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

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
