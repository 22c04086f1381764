import ExcelJS from 'exceljs'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Notification } from '@shared/schemas/reminders'
import type { PreparedFile } from '@shared/schemas/prepared-files'
import {
  createAudit,
  createClient,
  createProject,
  expectError,
  seedRequests,
  signedInClientUser,
  signedInStaff,
} from '../../test/factories'
import { createTestApp, keepSessionsLong, signedInAdmin, type TestApp } from '../../test/harness'
import { runMaintenance } from '../maintenance/maintenance'

/** Files prepared in the background: POST /api/prepared-files and what follows it. */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const HOUR = 60 * 60 * 1000

const prepare = (cookie: string, body: unknown) =>
  t.request('POST', '/api/prepared-files', { cookie, body })
const status = (cookie: string, id: string) =>
  t.request('GET', `/api/prepared-files/${id}`, { cookie })
const download = (cookie: string, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/prepared-files/${id}/download`, headers: { cookie } })

async function notificationsOf(cookie: string) {
  const res = await t.request('GET', '/api/notifications', { cookie })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<{ items: Notification[] }>().items
}

describe('a file prepared in the background', () => {
  it('is made by a job, announced to its asker alone, downloadable for a day, then removed', async () => {
    const admin = await signedInAdmin(t)
    // Its session outlives the day the file lasts.
    await keepSessionsLong(t, admin.cookie)
    const orgId = admin.user.company.id
    const audit = await createAudit(t, admin.cookie, { name: 'Year end' })
    await seedRequests(t, { organizationId: orgId, auditId: audit.id, count: 7 })

    const asked = await prepare(admin.cookie, { kind: 'audit.xlsx', auditId: audit.id })
    expect(asked.statusCode, asked.body).toBe(201)
    const file = asked.json<PreparedFile>()
    expect(file).toMatchObject({
      kind: 'audit.xlsx',
      status: 'pending',
      fileName: null,
      url: `/api/prepared-files/${file.id}/download`,
    })
    await t.app.jobs.idle()

    const ready = (await status(admin.cookie, file.id)).json<PreparedFile>()
    expect(ready).toMatchObject({ status: 'ready', fileName: 'Year end-requests.xlsx' })
    expect(Date.parse(ready.expiresAt!) - Date.parse(ready.readyAt!)).toBe(24 * HOUR)
    expect(ready.sizeBytes).toBeGreaterThan(0)

    const told = (await notificationsOf(admin.cookie)).filter((n) => n.kind === 'file_ready')
    expect(told).toEqual([
      expect.objectContaining({
        title: 'Request tracker (Excel) is ready: Year end-requests.xlsx',
        url: file.url,
      }),
    ])

    const res = await download(admin.cookie, file.id)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toContain('spreadsheetml')
    expect(res.headers['content-disposition']).toContain('Year end-requests.xlsx')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    expect(workbook.getWorksheet('Requests')!.rowCount).toBe(1 + 7)

    // Nobody else's: a colleague, another firm.
    const colleague = await signedInStaff(t, orgId)
    const other = await signedInAdmin(t)
    for (const cookie of [colleague.cookie, other.cookie]) {
      expectError(await status(cookie, file.id), 404, 'NOT_FOUND')
      expectError(await download(cookie, file.id), 404, 'NOT_FOUND')
    }
    expectError(await status(admin.cookie, 'not-an-id'), 400, 'VALIDATION')

    // A day later: gone, and maintenance removes it.
    t.clock.set(new Date(Date.parse(ready.expiresAt!) + 1000))
    expect((await status(admin.cookie, file.id)).json<PreparedFile>().status).toBe('expired')
    expectError(await download(admin.cookie, file.id), 410, 'GONE')
    await runMaintenance(t.app)
    expectError(await status(admin.cookie, file.id), 404, 'NOT_FOUND')
    t.clock.set(new Date())
  })

  it('the portfolio as filtered, and the status report for a client user', async () => {
    const admin = await signedInAdmin(t)
    const orgId = admin.user.company.id
    const kept = await createClient(t, admin.cookie, { name: 'Kept Ltd' })
    const left = await createClient(t, admin.cookie, { name: 'Left out Ltd' })
    for (const client of [kept, left]) {
      const project = await createProject(t, admin.cookie, { clientId: client.id })
      await createAudit(t, admin.cookie, { projectId: project.id, name: `Audit of ${client.name}` })
    }
    const asked = await prepare(admin.cookie, {
      kind: 'portfolio.csv',
      filter: { clientId: kept.id, sort: '-audit' },
    })
    expect(asked.statusCode, asked.body).toBe(201)
    await t.app.jobs.idle()
    const csv = await download(admin.cookie, asked.json<PreparedFile>().id)
    expect(csv.statusCode, csv.body).toBe(200)
    expect(csv.body).toContain('Audit of Kept Ltd')
    expect(csv.body).not.toContain('Left out Ltd')

    const project = await createProject(t, admin.cookie, { clientId: kept.id })
    const audit = await createAudit(t, admin.cookie, { projectId: project.id, name: 'Interim' })
    const contact = await signedInClientUser(t, orgId, kept.id)
    const pdf = await prepare(contact.cookie, { kind: 'audit.pdf', auditId: audit.id })
    expect(pdf.statusCode, pdf.body).toBe(201)
    await t.app.jobs.idle()
    const res = await download(contact.cookie, pdf.json<PreparedFile>().id)
    expect(res.statusCode, res.body).toBe(200)
    const document = await getDocumentProxy(new Uint8Array(res.rawPayload))
    const { text } = await extractText(document, { mergePages: true })
    expect(text).toContain('Interim')
  })

  it('refuses what its asker may not have, and what it does not understand, keeping nothing', async () => {
    const admin = await signedInAdmin(t)
    const orgId = admin.user.company.id
    const audit = await createAudit(t, admin.cookie)
    const contact = await signedInClientUser(t, orgId, audit.client.id)
    const otherClient = await createClient(t, admin.cookie)
    const stranger = await signedInClientUser(t, orgId, otherClient.id)
    const otherFirm = await signedInAdmin(t)

    // A client user: the status report of their own audits only; never the firm's files.
    for (const kind of ['audit.xlsx', 'audit.csv', 'audit.zip'])
      expectError(await prepare(contact.cookie, { kind, auditId: audit.id }), 403, 'FORBIDDEN')
    expectError(await prepare(contact.cookie, { kind: 'portfolio.csv' }), 403, 'FORBIDDEN')
    expectError(
      await prepare(stranger.cookie, { kind: 'audit.pdf', auditId: audit.id }),
      404,
      'NOT_FOUND',
    )
    expectError(
      await prepare(otherFirm.cookie, { kind: 'audit.xlsx', auditId: audit.id }),
      404,
      'NOT_FOUND',
    )
    const bad: unknown[] = [
      {},
      { kind: 'audit.docx', auditId: audit.id },
      { kind: 'audit.xlsx' },
      { kind: 'audit.xlsx', auditId: 'nope' },
      { kind: 'audit.xlsx', auditId: audit.id, filter: { q: 'x' } },
      { kind: 'portfolio.csv', auditId: audit.id },
      { kind: 'portfolio.csv', filter: { sort: 'bogus' } },
      { kind: 'portfolio.csv', filter: { quietDays: 5 } },
      { kind: 'portfolio.csv', extra: true },
      { kind: 'portfolio.csv', filter: { clientId: 'x'.repeat(100_000) } },
    ]
    for (const body of bad) expectError(await prepare(admin.cookie, body), 400, 'VALIDATION')
    const sorted = await prepare(admin.cookie, { kind: 'portfolio.csv', filter: { sort: 'bogus' } })
    expect(sorted.json<{ errors: Array<{ path: string }> }>().errors[0]!.path).toBe('filter.sort')
    await t.app.jobs.idle()
    const rows = await t.app.database.executeSql(
      'select count(*)::int as n from prepared_files where organization_id = $1',
      [orgId],
    )
    expect((rows.rows[0] as { n: number }).n).toBe(0)
  })

  it('the health check answers while a 2,000-request workbook is being made', async () => {
    const admin = await signedInAdmin(t)
    const orgId = admin.user.company.id
    const audit = await createAudit(t, admin.cookie)
    await seedRequests(t, { organizationId: orgId, auditId: audit.id, count: 2000 })
    const asked = await prepare(admin.cookie, { kind: 'audit.xlsx', auditId: audit.id })
    expect(asked.statusCode, asked.body).toBe(201)
    const id = asked.json<PreparedFile>().id
    // Wait for the job to be under way (the queue polls), then ask for health meanwhile.
    const started = Date.now()
    while (Date.now() - started < 10_000) {
      const health = await t.request('GET', '/api/health')
      expect(health.statusCode, health.body).toBe(200)
      if ((await status(admin.cookie, id)).json<PreparedFile>().status !== 'pending') break
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    await t.app.jobs.idle()
    expect((await status(admin.cookie, id)).json<PreparedFile>().status).toBe('ready')
  })

  it('lost access fails it with a notice; five waiting at once are enough (429), even asked together', async () => {
    const admin = await signedInAdmin(t)
    const orgId = admin.user.company.id
    const audit = await createAudit(t, admin.cookie, { name: 'Soon deleted' })
    const contact = await signedInClientUser(t, orgId, audit.client.id)
    // With the queue stopped, the calls cannot wait for it as t.request does.
    const call = (method: 'POST' | 'DELETE', url: string, cookie: string, body?: unknown) =>
      t.app.inject({
        method,
        url,
        headers: {
          cookie,
          origin: t.app.config.appUrl,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { payload: JSON.stringify(body) } : {}),
      })
    await t.app.jobs.stop()
    try {
      const asked = await call('POST', '/api/prepared-files', contact.cookie, {
        kind: 'audit.pdf',
        auditId: audit.id,
      })
      expect(asked.statusCode, asked.body).toBe(201)
      const deleted = await call('DELETE', `/api/audits/${audit.id}`, admin.cookie)
      expect(deleted.statusCode, deleted.body).toBe(204)
      const portfolio = () =>
        call('POST', '/api/prepared-files', admin.cookie, { kind: 'portfolio.csv' })
      // Seven asked at once: five are taken, however the asks interleave.
      const asks = await Promise.all(Array.from({ length: 7 }, portfolio))
      expect(asks.map((ask) => ask.statusCode).sort()).toEqual([201, 201, 201, 201, 201, 429, 429])
      const refused = asks.find((ask) => ask.statusCode === 429)!
      expectError(refused, 429, 'RATE_LIMITED')
      expect(refused.headers['retry-after']).toBe('30')

      await t.app.jobs.start({ periodic: false })
      await t.app.jobs.idle()
      const failed = (
        await status(contact.cookie, asked.json<PreparedFile>().id)
      ).json<PreparedFile>()
      expect(failed).toMatchObject({ status: 'failed', error: 'Audit not found' })
      expectError(await download(contact.cookie, failed.id), 409, 'CONFLICT')
      expect(
        (await notificationsOf(contact.cookie)).find((n) => n.kind === 'file_ready'),
      ).toMatchObject({
        title: 'Status report (PDF) could not be prepared',
        body: 'Audit not found',
      })
    } finally {
      await t.app.jobs.start({ periodic: false })
    }
  })
})
