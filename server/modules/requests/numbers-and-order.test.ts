import { sql } from 'drizzle-orm'
import { generateKeyBetween } from 'fractional-indexing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditRequest, RequestList } from '@shared/schemas/requests'
import { selectRows } from '../../db/client'
import {
  createAudit,
  createItem,
  createProject,
  createTemplate,
  seedRequests,
  signedInClientUser,
} from '../../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness'
import { MAX_KEY_LENGTH } from './order-keys'

/**
 * Decision 021: a request's number is stored at creation and never changes nor comes back; its
 * place in the audit is an order key, so that a move writes the moved row only.
 */

let t: TestApp
let admin: string
let orgId: string
let projectId: string
let assigneeId: string
beforeAll(async () => {
  t = await createTestApp()
  const owner = await signedInAdmin(t)
  admin = owner.cookie
  orgId = owner.user.company.id
  const project = await createProject(t, admin)
  projectId = project.id
  assigneeId = (await signedInClientUser(t, orgId, project.clientId)).user.id
})
afterAll(async () => {
  await t?.close()
})

async function ok<T>(res: Awaited<ReturnType<TestApp['request']>>, status = 200) {
  expect(res.statusCode, res.body).toBe(status)
  return res.json<T>()
}

const newAudit = () => createAudit(t, admin, { projectId })
const add = (auditId: string, body: Record<string, unknown>) =>
  t
    .request('POST', `/api/audits/${auditId}/requests`, { cookie: admin, body })
    .then((res) => ok<AuditRequest>(res, 201))
const move = (id: string, position: number) =>
  t
    .request('POST', `/api/requests/${id}/move`, { cookie: admin, body: { position } })
    .then((res) => ok<AuditRequest>(res))

/** The whole audit in its order, read a page of `limit` at a time through the API. */
async function listed(auditId: string, limit = 500) {
  const requests: AuditRequest[] = []
  let url: string | undefined = `/api/audits/${auditId}/requests?limit=${limit}`
  while (url) {
    const res = await t.request('GET', url, { cookie: admin })
    requests.push(...(await ok<RequestList>(res)).requests)
    url = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1]
  }
  return requests
}
const numbered = async (auditId: string) =>
  (await listed(auditId)).map((request) => `${request.number}:${request.title}`)

/** Each request's row version: any write to a row, even of the same values, gives it a new one. */
async function rowVersions(auditId: string) {
  const rows = await selectRows<{ id: string; version: string }>(
    t.app.db,
    sql`select id, xmin::text as version from audit_requests where audit_id = ${auditId}`,
  )
  return new Map(rows.map((row) => [row.id, row.version]))
}

async function rowsWritten(auditId: string, action: () => Promise<unknown>) {
  const before = await rowVersions(auditId)
  await action()
  const after = await rowVersions(auditId)
  return [...after].filter(([id, version]) => before.get(id) !== version).map(([id]) => id)
}

describe('a move writes one row, whatever the size of the audit', () => {
  for (const size of [50, 2_000])
    it(`among ${size.toLocaleString('en-US')} drafts`, async () => {
      const audit = await newAudit()
      const ids = await seedRequests(t, { organizationId: orgId, auditId: audit.id, count: size })
      const [first, last] = [ids[0]!, ids.at(-1)!]
      expect(await rowsWritten(audit.id, () => move(last, 0))).toEqual([last])
      expect(await rowsWritten(audit.id, () => move(first, size / 2))).toEqual([first])
      const order = await listed(audit.id)
      expect(order).toHaveLength(size)
      expect(order[0]).toMatchObject({ id: last, number: size })
      expect(order[size / 2]).toMatchObject({ id: first, number: 1 })
      // Everything else kept its number and its relative order.
      const rest = order.filter((request) => request.id !== first && request.id !== last)
      expect(rest.map((request) => request.number)).toEqual(
        Array.from({ length: size - 2 }, (_, i) => i + 2),
      )
    })
})

describe('numbers are given once and never change', () => {
  it('deleting a draft before a sent request: the sent one keeps its number, in the CSV too', async () => {
    const audit = await newAudit()
    const draft = await add(audit.id, { title: 'Draft first' })
    const sent = await add(audit.id, { title: 'Sent second', assigneeId })
    await ok(
      await t.request('POST', `/api/audits/${audit.id}/send`, {
        cookie: admin,
        body: { requestIds: [sent.id] },
      }),
    )
    const deleted = await t.request('DELETE', `/api/requests/${draft.id}`, { cookie: admin })
    expect(deleted.statusCode).toBe(204)
    expect(await numbered(audit.id)).toEqual(['2:Sent second'])
    const detail = await t.request('GET', `/api/requests/${sent.id}`, { cookie: admin })
    expect((await ok<AuditRequest>(detail)).number).toBe(2)
    const csv = await t.request('GET', `/api/audits/${audit.id}/export.csv`, { cookie: admin })
    expect(csv.statusCode).toBe(200)
    expect(csv.body.split('\r\n')[1]).toMatch(/^2,,,Sent second,,Sent,/)
  })

  it('moves, inserts at a place and additions from a template renumber nothing', async () => {
    const audit = await newAudit()
    const [a, , c] = [
      await add(audit.id, { title: 'A' }),
      await add(audit.id, { title: 'B' }),
      await add(audit.id, { title: 'C' }),
    ]
    await move(c!.id, 0)
    expect(await numbered(audit.id)).toEqual(['3:C', '1:A', '2:B'])
    // At place 1 among the drafts: before A, the draft now there.
    expect(await add(audit.id, { title: 'D', position: 1 })).toMatchObject({ number: 4 })
    expect(await numbered(audit.id)).toEqual(['3:C', '4:D', '1:A', '2:B'])
    // At the count of the drafts: after the last one.
    expect(await add(audit.id, { title: 'E', position: 4 })).toMatchObject({ number: 5 })
    const template = await createTemplate(t, admin)
    await createItem(t, admin, { templateId: template.id, title: 'T1' })
    await createItem(t, admin, { templateId: template.id, title: 'T2' })
    const added = await ok<AuditRequest[]>(
      await t.request('POST', `/api/audits/${audit.id}/requests/from-template`, {
        cookie: admin,
        body: { templateId: template.id },
      }),
      201,
    )
    expect(added.map((request) => request.number)).toEqual([6, 7])
    await move(a!.id, 0)
    expect(await numbered(audit.id)).toEqual(['1:A', '3:C', '4:D', '2:B', '5:E', '6:T1', '7:T2'])
  })

  it('creations at once in one audit get distinct, consecutive numbers', async () => {
    const audit = await newAudit()
    await add(audit.id, { title: 'Before' })
    const created = await Promise.all(
      Array.from({ length: 6 }, (_, i) => add(audit.id, { title: `At once ${i}` })),
    )
    expect(created.map((request) => request.number).sort((x, y) => x - y)).toEqual([
      2, 3, 4, 5, 6, 7,
    ])
    expect(new Set(created.map((request) => request.position)).size).toBe(6)
  })

  it('a number is never given again, even after the last request is deleted', async () => {
    const audit = await newAudit()
    const first = await add(audit.id, { title: 'One' })
    const second = await add(audit.id, { title: 'Two' })
    await t.request('DELETE', `/api/requests/${second.id}`, { cookie: admin })
    expect(await add(audit.id, { title: 'Three' })).toMatchObject({ number: 3 })
    for (const request of await listed(audit.id))
      await t.request('DELETE', `/api/requests/${request.id}`, { cookie: admin })
    expect(await listed(audit.id)).toEqual([])
    expect(await add(audit.id, { title: 'Four' })).toMatchObject({ number: 4 })
    expect(first.number).toBe(1)
  })
})

describe('order keys', () => {
  it('many moves into the same spot: keys grow, stay valid, and lists page through in order', async () => {
    const audit = await newAudit()
    for (const title of ['A', 'B', 'C', 'D']) await add(audit.id, { title })
    // Each time the last draft goes to place 1, between the first and the one moved before it:
    // always into the same, ever smaller gap.
    const expected = ['A', 'B', 'C', 'D']
    for (let i = 0; i < 150; i++) {
      const order = await listed(audit.id)
      await move(order.at(-1)!.id, 1)
      expected.splice(1, 0, expected.pop()!)
    }
    const order = await listed(audit.id)
    expect(order.map((request) => request.title)).toEqual(expected)
    expect(order.map((request) => request.number).sort()).toEqual([1, 2, 3, 4])
    const keys = order.map((request) => request.position)
    expect(Math.max(...keys.map((key) => key.length))).toBeGreaterThan(10)
    for (const key of keys) {
      expect(key.length).toBeLessThanOrEqual(MAX_KEY_LENGTH)
      // The library checks a key before it builds on it.
      expect(() => generateKeyBetween(key, null)).not.toThrow()
    }
    expect(keys).toEqual([...keys].sort())
    // Page by page (keyset over the keys), the same order.
    expect((await listed(audit.id, 1)).map((request) => request.id)).toEqual(
      order.map((request) => request.id),
    )
  })

  it('a key that would grow past the limit gives the audit short keys again, in the same order', async () => {
    const audit = await newAudit()
    const [a, b, c] = [
      await add(audit.id, { title: 'A' }),
      await add(audit.id, { title: 'B' }),
      await add(audit.id, { title: 'C' }),
    ]
    // A and B as if hundreds of moves had gone between them: the key between them is long.
    const long = `a0${'V'.repeat(MAX_KEY_LENGTH + 50)}`
    await t.app.db.execute(sql`update audit_requests set position = ${long} where id = ${a!.id}`)
    await t.app.db.execute(
      sql`update audit_requests set position = ${`${long}V`} where id = ${b!.id}`,
    )
    await move(c!.id, 1)
    const order = await listed(audit.id)
    expect(order.map((request) => `${request.number}:${request.title}`)).toEqual([
      '1:A',
      '3:C',
      '2:B',
    ])
    for (const request of order) expect(request.position.length).toBeLessThanOrEqual(5)
  })

  it('a page cursor taken before a move still pages on from where it was', async () => {
    const audit = await newAudit()
    const ids = await seedRequests(t, { organizationId: orgId, auditId: audit.id, count: 30 })
    const res = await t.request('GET', `/api/audits/${audit.id}/requests?limit=10`, {
      cookie: admin,
    })
    const next = /<([^>]+)>; rel="next"/.exec(String(res.headers.link))![1]!
    // The 25th goes first; the second page is the 11th to the 20th still.
    await move(ids[24]!, 0)
    const page = await ok<RequestList>(await t.request('GET', next, { cookie: admin }))
    expect(page.requests.map((request) => request.number)).toEqual(
      Array.from({ length: 10 }, (_, i) => i + 11),
    )
  })
})
