import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbKind } from '../test/databases'
import { LAB_APP_URL, openFaultLab, type FaultLab } from '../test/fault-lab'
import { send, waitForHealth, type ServerProcess } from '../test/server-process'

/**
 * Jobs (mail) when the database goes away under them or their instance dies: real processes on a
 * PostgreSQL cluster of the test's own, and an SMTP server that takes its time to accept.
 */
describe.runIf(testDbKind() === 'postgres')('jobs through faults', () => {
  let lab: FaultLab
  let a: ServerProcess
  let email: string

  const resetMails = () =>
    lab.smtp.to(email).filter((mail) => mail.subject === 'Reset your password')
  const askForResets = async (server: ServerProcess, count: number) => {
    for (let i = 0; i < count; i++) {
      const res = await send(server.base, 'POST', '/api/auth/forgot-password', {
        origin: LAB_APP_URL,
        body: { email },
      })
      expect(res.status).toBe(200)
    }
  }
  /** The queue's own record of the mail jobs, read behind the app's back. */
  const mailJobs = async () => {
    const client = new pg.Client({ connectionString: lab.cluster.url('auditdesk_faults') })
    await client.connect()
    try {
      const { rows } = await client.query<{ state: string; attempts: number | null }>(
        `select j.state, d.attempts from pgboss.job j
         left join mail_deliveries d on d.job_id = j.id
         where j.name = 'mail' and j.created_on > now() - interval '10 minutes'`,
      )
      return rows
    } finally {
      await client.end()
    }
  }

  beforeAll(async () => {
    lab = await openFaultLab()
    a = await lab.start()
    ;({ email } = await lab.signedInAdmin(a))
  }, 120_000)

  afterAll(async () => {
    await lab?.close()
  })

  it('mails being handed over while the database goes away are each sent once, and their jobs end completed', async () => {
    lab.smtp.clear()
    lab.smtp.acceptAfter(2_000)
    await askForResets(a, 3)
    // One is with the SMTP server, waiting for its answer: the database goes away meanwhile.
    await expect.poll(() => resetMails().length, { timeout: 15_000 }).toBeGreaterThan(0)
    await lab.cluster.stop('fast')
    await new Promise((resolve) => setTimeout(resolve, 4_000))
    await lab.cluster.start()
    await expect.poll(() => resetMails().length, { timeout: 60_000 }).toBe(3)
    // Completed, each after one hand-over: nothing can run them again.
    await expect
      .poll(async () => (await mailJobs()).every((job) => job.state === 'completed'), {
        timeout: 30_000,
      })
      .toBe(true)
    const jobs = await mailJobs()
    expect(jobs.filter((job) => job.attempts !== 1)).toEqual([])
    expect(new Set(resetMails().map((mail) => mail.messageId)).size).toBe(3)
    expect(a.alive()).toBe(true)
    lab.smtp.acceptAfter(0)
  }, 120_000)

  it('a mail held by an instance that dies is sent by another within a minute; only that one may go twice, with the same Message-ID', async () => {
    lab.smtp.clear()
    lab.smtp.acceptAfter(5_000)
    await askForResets(a, 3)
    await expect.poll(() => resetMails().length, { timeout: 15_000 }).toBeGreaterThan(0)
    const killedAt = Date.now()
    a.child.kill('SIGKILL')
    await a.exited
    lab.smtp.acceptAfter(0)
    const b = await lab.start()
    await waitForHealth(b)
    // Every mail arrives; the one the dead instance was handing over may arrive twice.
    await expect
      .poll(() => new Set(resetMails().map((mail) => mail.messageId)).size, { timeout: 90_000 })
      .toBe(3)
    const deliveredAt = Math.max(...resetMails().map((mail) => mail.receivedAt))
    expect(deliveredAt - killedAt).toBeLessThan(60_000)
    const copies = new Map<string, number>()
    for (const mail of resetMails())
      copies.set(mail.messageId, (copies.get(mail.messageId) ?? 0) + 1)
    const twice = [...copies.values()].filter((count) => count > 1)
    expect(twice.length).toBeLessThanOrEqual(1)
    expect(Math.max(...copies.values())).toBeLessThanOrEqual(2)
    if (twice.length === 1) expect(b.output()).toContain('mail.handed_over_again')
    await expect
      .poll(async () => (await mailJobs()).every((job) => job.state === 'completed'), {
        timeout: 30_000,
      })
      .toBe(true)
  }, 180_000)
})
