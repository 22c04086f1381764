import { deleteExpiredCeremonies } from '../passkeys/passkeys.repo'
import { deleteExpiredSignIns } from '../single-sign-on/sso.repo'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { selectRows } from '../../db/client'
import { deleteEndedCounters } from '../../db/counters'
import { deleteLongExpiredApiTokens } from '../api-tokens/api-tokens.repo'
import { deleteExpiredSessions } from '../auth/sessions.repo'
import { deleteSpentTokens } from '../auth/tokens.repo'
import { deleteExpiredChallenges } from '../mfa/mfa.repo'
import { removeAbandonedFiles } from '../files/files.service'
import { deleteExpiredRegistrations } from '../organization/organization.repo'
import { preparedFilesService } from '../prepared-files/prepared-files.service'
import { deleteOldScheduledMails } from '../reminders/reminders.repo'
import { deleteOldDeliveries } from '../../mail/deliveries.repo'
import { deleteFinishedDeliveries } from '../webhooks/webhooks.repo'
import { requeueWaitingFiles } from '../search/file-text'

/** A registration never verified holds its e-mail address this long, then goes with its company. */
export const UNVERIFIED_REGISTRATION_TTL_MS = 7 * 24 * 60 * 60 * 1000
/** Longer than a mail job can still run again (its retries take about a day and a half). */
const MAIL_DELIVERY_RECORD_TTL_MS = 3 * 24 * 60 * 60 * 1000
/** A webhook's finished deliveries stay listed this long. */
const WEBHOOK_DELIVERY_RECORD_TTL_MS = 30 * 24 * 60 * 60 * 1000

/**
 * Deletes what can never be used again: expired sessions, used or expired one-time tokens, API tokens a month past expiry,
 * second-factor challenges, ended rate counters, and registrations left unverified for a week
 * (their empty companies too). Every statement is idempotent, so instances running it at once do
 * no harm.
 */
export async function purgeExpired(app: FastifyInstance) {
  const now = app.clock()
  const purged = {
    sessions: await deleteExpiredSessions(app.db, now),
    tokens: await deleteSpentTokens(app.db, now),
    apiTokens: await deleteLongExpiredApiTokens(app.db, now),
    mfaChallenges: await deleteExpiredChallenges(app.db, now),
    passkeyCeremonies: await deleteExpiredCeremonies(app.db, now),
    ssoSignIns: await deleteExpiredSignIns(app.db, now),
    counters: await deleteEndedCounters(app.db, now),
    scheduledMails: await deleteOldScheduledMails(app.db, now),
    mailDeliveries: await deleteOldDeliveries(
      app.db,
      new Date(now.getTime() - MAIL_DELIVERY_RECORD_TTL_MS),
    ),
    webhookDeliveries: await deleteFinishedDeliveries(
      app.db,
      new Date(now.getTime() - WEBHOOK_DELIVERY_RECORD_TTL_MS),
    ),
    registrations: await deleteExpiredRegistrations(
      app.db,
      new Date(now.getTime() - UNVERIFIED_REGISTRATION_TTL_MS),
    ),
  }
  app.log.info({ event: 'maintenance.purged', ...purged }, 'expired rows purged')
  return purged
}

/**
 * The embedded database's housekeeping: PostgreSQL's autovacuum runs VACUUM and ANALYZE as tables
 * change, the embedded database has no autovacuum. Without ANALYZE its planner guessed, and a large
 * firm's audit page took 2.9 times a small firm's (bench:scale); without VACUUM the rows every
 * UPDATE and DELETE leaves behind were never reclaimed, the visibility map never kept (index-only
 * scans read the table anyway) and transaction ids never frozen (PostgreSQL stops taking writes
 * before they wrap around). One table at a time, so that requests waiting for the database's one
 * connection get their turn in between: for a table of 250,000 requests, VACUUM with ANALYZE took
 * 0.33–0.40 s where ANALYZE alone took 0.30–0.34 s.
 */
export async function vacuumEmbedded(app: FastifyInstance) {
  if (app.database.kind !== 'pglite') return false
  const started = performance.now()
  const tables = await selectRows<{ name: string }>(
    app.db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  )
  for (const { name } of tables) await app.db.execute(sql`vacuum (analyze) ${sql.identifier(name)}`)
  app.log.info(
    { event: 'maintenance.vacuumed', ms: Math.round(performance.now() - started) },
    'embedded database vacuumed and analyzed',
  )
  return true
}

/**
 * One maintenance run: purges what has expired, vacuums the embedded database, queues again the
 * files whose text was never read, and removes the files a crash left behind (last: a storage that does not answer fails the run after
 * the database's work is done).
 */
export async function runMaintenance(app: FastifyInstance) {
  await purgeExpired(app)
  await preparedFilesService(app).removeExpired()
  await vacuumEmbedded(app)
  await requeueWaitingFiles(app)
  await removeAbandonedFiles(app)
}

/**
 * runMaintenance every MAINTENANCE_INTERVAL_MINUTES, once per interval across all instances, and
 * once at start-up.
 */
export function defineMaintenanceJob(app: FastifyInstance) {
  app.jobs.every(
    'maintenance',
    Math.round(app.config.maintenanceIntervalMs / 1000),
    { retryLimit: 1 },
    () => runMaintenance(app),
  )
}
