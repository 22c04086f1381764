import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import { openPostgres, wrapPglite } from '../db/client'
import { mails } from '../mail/templates'
import { createEmptyPostgresDatabase, testDbKind } from '../test/databases'
import { createTestApp, signedInAdmin, type TestApp } from '../test/harness'
import { startSmtpCapture } from '../test/smtp-capture'

/** The job queue (pg-boss) on the database under test, and the mail it carries. */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

describe('mail through the job queue', () => {
  it('a mail queued in a transaction that is rolled back is never sent; one that commits is', async () => {
    const kept = `kept.${Date.now()}@example.com`
    const dropped = `dropped.${Date.now()}@example.com`
    await t.app.db
      .transaction(async (tx) => {
        await t.app.mailer.send(tx, mails.resetPassword(dropped, 'Dee', 'http://app.test/x'))
        tx.rollback()
      })
      .catch(() => {})
    await t.app.db.transaction((tx) =>
      t.app.mailer.send(tx, mails.resetPassword(kept, 'Kay', 'http://app.test/y')),
    )
    await t.app.jobs.idle()
    expect(t.smtp.to(kept)).toHaveLength(1)
    expect(t.smtp.to(dropped)).toHaveLength(0)
  })

  it('with the SMTP server down, mails wait and go out once each when it is back', async () => {
    const down = await createTestApp({ env: { MAIL_RETRY_SECONDS: '1' } })
    const emails: string[] = []
    for (let i = 0; i < 3; i++) emails.push((await signedInAdmin(down)).account.email)
    const port = Number(new URL(down.smtp.url).port)
    await down.smtp.close()

    for (const email of emails) {
      const res = await down.request('POST', '/api/auth/forgot-password', { body: { email } })
      expect(res.statusCode).toBe(200)
    }
    // Tried and failed at least once each while the server is away.
    const failures = () =>
      down.logs.filter((line) => line.includes('"event":"mail.delivery_failed"')).length
    await expect.poll(failures, { timeout: 10_000 }).toBeGreaterThanOrEqual(emails.length)

    const back = await startSmtpCapture(port)
    try {
      for (const email of emails) {
        const mail = await back.waitFor(email, 0, 30_000)
        expect(mail.subject).toBe('Reset your password')
      }
      // Nothing twice, even after the retries' time has passed.
      await new Promise((resolve) => setTimeout(resolve, 2_500))
      for (const email of emails) expect(back.to(email)).toHaveLength(1)
      expect(
        down.logs.filter((line) => line.includes('"event":"mail.delivered_after_retry"')).length,
      ).toBeGreaterThanOrEqual(emails.length)
    } finally {
      await back.close()
      await down.close()
    }
  }, 60_000)

  it('jobs outlive the instance that queued them: another one on the same database sends them', async () => {
    const email = `survivor.${Date.now()}@example.com`
    const first = await buildApp({
      config: t.config,
      database: t.app.database,
      logStream: { write: () => {} },
      periodicJobs: false,
    })
    await first.ready()
    await first.jobs.stop()
    await first.db.transaction((tx) =>
      first.mailer.send(tx, mails.resetPassword(email, 'Sue', 'http://app.test/z')),
    )
    await first.close()
    // t.app's worker (another instance on the same database) takes it.
    await t.app.jobs.idle()
    await expect.poll(() => t.smtp.to(email).length, { timeout: 10_000 }).toBe(1)
  })
})

describe('an app that migrates a new database itself (npm start)', () => {
  it('opens its API once the job queues exist: a mail queued at once is sent', async () => {
    const empty = testDbKind() === 'postgres' ? await createEmptyPostgresDatabase() : undefined
    const database = empty ? openPostgres(empty.url, 4) : wrapPglite(await PGlite.create())
    const app = await buildApp({
      config: t.config,
      database,
      prepareDatabase: true,
      logStream: { write: () => {} },
      periodicJobs: false,
    })
    try {
      await app.ready()
      await app.databaseReadiness.ready
      const email = `first.${Date.now()}@example.com`
      // Until the queues were made with the migrations, they came with the workers, after the
      // API had opened: the first sign-up's mail found no queue (CI, on a new database).
      await app.db.transaction((tx) =>
        app.mailer.send(tx, mails.resetPassword(email, 'Fay', 'http://app.test/first')),
      )
      await expect.poll(() => t.smtp.to(email).length, { timeout: 10_000 }).toBe(1)
    } finally {
      await app.close()
      await database.close()
      await empty?.drop()
    }
  }, 60_000)
})

describe('periodic jobs', () => {
  it('run once per period across instances, and once at start', async () => {
    const runs = () => t.logs.filter((line) => line.includes('"event":"maintenance.purged"')).length
    const before = runs()
    const instances = await Promise.all(
      [1, 2, 3].map(async () => {
        const app = await buildApp({
          config: t.config,
          database: t.app.database,
          logStream: { write: (line: string) => void t.logs.push(line) },
          periodicJobs: true,
        })
        await app.ready()
        return app
      }),
    )
    try {
      await expect.poll(runs, { timeout: 10_000 }).toBe(before + 1)
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      expect(runs()).toBe(before + 1)
    } finally {
      await Promise.all(instances.map((app) => app.close()))
    }
  })
})
