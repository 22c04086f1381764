import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAudit, seedRequests } from '../../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness'

/**
 * Exports and changes to many requests are heavy work, one at a time per firm (lib/heavy-work.ts):
 * a firm's second waits for its first, another firm's does not, and a long export reads the audit
 * a batch at a time.
 */

let t: TestApp
let busy: { cookie: string; orgId: string; auditId: string; ids: string[] }
let quiet: { cookie: string; auditId: string; ids: string[] }

async function firm() {
  const admin = await signedInAdmin(t)
  const audit = await createAudit(t, admin.cookie)
  const ids = await seedRequests(t, {
    organizationId: admin.user.company.id,
    auditId: audit.id,
    count: 450,
  })
  return { cookie: admin.cookie, orgId: admin.user.company.id, auditId: audit.id, ids }
}

beforeAll(async () => {
  t = await createTestApp()
  busy = await firm()
  quiet = await firm()
})
afterAll(async () => {
  await t?.close()
})

const settled = <T>(promise: Promise<T>) => {
  const state = { done: false }
  void promise.then(() => (state.done = true))
  return state
}
const bulkDate = (who: { cookie: string; auditId: string; ids: string[] }, dueDate: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/audits/${who.auditId}/requests`,
    headers: { origin: 'http://app.test', cookie: who.cookie },
    payload: { requestIds: who.ids.slice(0, 400), dueDate },
  })

describe('heavy work of one firm', () => {
  it('waits for the firm’s turn while another firm’s goes through at once', async () => {
    const turn = await t.app.heavyWork.acquire(busy.orgId)
    const waiting = bulkDate(busy, '2027-01-15')
    const exportWaiting = t.app.inject({
      method: 'GET',
      url: `/api/audits/${busy.auditId}/export.csv`,
      headers: { cookie: busy.cookie },
    })
    const bulk = settled(waiting)
    const exported = settled(exportWaiting)
    const other = await bulkDate(quiet, '2027-01-16')
    expect(other.statusCode).toBe(200)
    // Waiting for its heavy work, the firm's other requests are answered meanwhile.
    const ownList = await t.app.inject({
      method: 'GET',
      url: '/api/clients',
      headers: { cookie: busy.cookie },
    })
    expect(ownList.statusCode).toBe(200)
    expect(bulk.done || exported.done).toBe(false)
    turn()
    expect((await waiting).statusCode).toBe(200)
    expect((await exportWaiting).statusCode).toBe(200)
  })

  it('past five waiting, the firm is told to come back later (429 with Retry-After)', async () => {
    const turn = await t.app.heavyWork.acquire(busy.orgId)
    const waiting = Array.from({ length: 5 }, () => t.app.heavyWork.acquire(busy.orgId))
    const refused = await bulkDate(busy, '2027-02-09')
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' })
    expect(refused.headers['retry-after']).toBe('10')
    turn()
    for (const next of waiting) (await next)()
  })

  it('the CSV of 450 requests lists each once, in the audit’s order, across its batches', async () => {
    const res = await t.request('GET', `/api/audits/${busy.auditId}/export.csv`, {
      cookie: busy.cookie,
    })
    expect(res.statusCode).toBe(200)
    const rows = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(rows[0]).toBe(
      'Number,Section,Reference,Title,Description,Status,Assignee,Due date,Sent,Submitted,Accepted,Versions,Answer type,Choices,Answer,Client',
    )
    const numbers = rows.slice(1).map((row) => Number(row.split(',')[0]))
    expect(numbers).toEqual(Array.from({ length: 450 }, (_, i) => i + 1))
    // The turn ended with the stream: the firm's next heavy work starts at once.
    expect((await bulkDate(busy, '2027-03-01')).statusCode).toBe(200)
  })
})
