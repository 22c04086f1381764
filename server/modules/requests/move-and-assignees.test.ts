import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Assignee, AuditRequest, RequestList } from '@shared/schemas/requests'
import { selectRows } from '../../db/client'
import {
  createAudit,
  createProject,
  expectError,
  expectValidation,
  MISSING_ID,
  signedInClientUser,
  signedInStaff,
} from '../../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness'

/**
 * The server does what the browser used to: moving a draft is one call and one transaction
 * (POST /api/requests/{id}/move), and who a request may be assigned to is asked of the server
 * (GET /api/audits/{id}/assignees, GET /api/requests/{id}/assignees).
 */

let t: TestApp
let admin: string
let staff: string
let orgId: string
let projectId: string
let clientId: string
let member: Awaited<ReturnType<typeof signedInClientUser>>
let other: { cookie: string; projectId: string }

beforeAll(async () => {
  t = await createTestApp()
  const a = await signedInAdmin(t)
  admin = a.cookie
  orgId = a.user.company.id
  const project = await createProject(t, admin)
  projectId = project.id
  clientId = project.clientId
  member = await signedInClientUser(t, orgId, clientId)
  staff = (await signedInStaff(t, orgId)).cookie
  const b = await signedInAdmin(t)
  other = { cookie: b.cookie, projectId: (await createProject(t, b.cookie)).id }
})
afterAll(async () => t?.close())

const call = (cookie: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  t.request(method, url, { cookie, body })

async function ok<T>(res: Awaited<ReturnType<typeof call>>, status = 200) {
  expect(res.statusCode, res.body).toBe(status)
  return res.json<T>()
}

/** An audit whose requests are titled by `plan`: 'd' a draft, 's' one sent to the client user. */
async function auditOf(plan: string) {
  const audit = await createAudit(t, admin, { projectId })
  const requests: AuditRequest[] = []
  for (const [index, kind] of [...plan].entries())
    requests.push(
      await ok<AuditRequest>(
        await call(admin, 'POST', `/api/audits/${audit.id}/requests`, {
          title: `${kind}${index + 1}`,
          assigneeId: member.user.id,
        }),
        201,
      ),
    )
  const toSend = requests.filter((request) => request.title.startsWith('s'))
  if (toSend.length > 0)
    await ok(
      await call(admin, 'POST', `/api/audits/${audit.id}/send`, {
        requestIds: toSend.map((request) => request.id),
      }),
    )
  return { audit, byTitle: new Map(requests.map((request) => [request.title, request])) }
}

const titles = async (auditId: string) =>
  (await ok<RequestList>(await call(admin, 'GET', `/api/audits/${auditId}/requests`))).requests.map(
    (request) => `${request.number}:${request.title}`,
  )

const move = (cookie: string, id: string, body: unknown) =>
  call(cookie, 'POST', `/api/requests/${id}/move`, body)

async function positions(auditId: string) {
  return selectRows<{ title: string; position: string; updatedAt: string }>(
    t.app.db,
    sql`select title, position, updated_at::text as "updatedAt" from audit_requests where audit_id = ${auditId} order by position`,
  )
}

const inOrder = (keys: string[]) => keys.every((key, i) => i === 0 || keys[i - 1]! < key)

describe('POST /api/requests/{id}/move', () => {
  it('places a draft just before the draft now at that place among the others; every request keeps its number', async () => {
    const { audit, byTitle } = await auditOf('dsdsd')
    expect(await titles(audit.id)).toEqual(['1:d1', '2:s2', '3:d3', '4:s4', '5:d5'])
    // d5 to the first place among the drafts: before d1.
    const moved = await ok<AuditRequest>(await move(admin, byTitle.get('d5')!.id, { position: 0 }))
    expect(moved).toMatchObject({ title: 'd5', number: 5 })
    expect(await titles(audit.id)).toEqual(['5:d5', '1:d1', '2:s2', '3:d3', '4:s4'])
    // Up by one, as the audit page's button does: d3 to place 1 among the drafts, before d1.
    await ok(await move(staff, byTitle.get('d3')!.id, { position: 1 }))
    expect(await titles(audit.id)).toEqual(['5:d5', '3:d3', '1:d1', '2:s2', '4:s4'])
    // The last place (the count of the other drafts): just after the last draft, before s2.
    await ok(await move(staff, byTitle.get('d5')!.id, { position: 2 }))
    expect(await titles(audit.id)).toEqual(['3:d3', '1:d1', '5:d5', '2:s2', '4:s4'])
    // Its own place: nothing is written.
    const before = await positions(audit.id)
    t.clock.advance(1000)
    await ok(await move(admin, byTitle.get('d1')!.id, { position: 1 }))
    expect(await positions(audit.id)).toEqual(before)
    // Keys are distinct and sort in the list's order.
    expect(inOrder(before.map((row) => row.position))).toBe(true)
  })

  it('a request already sent does not move (409); a place past the last draft → 400', async () => {
    const { audit, byTitle } = await auditOf('dsd')
    const before = await positions(audit.id)
    expectError(await move(admin, byTitle.get('s2')!.id, { position: 0 }), 409, 'CONFLICT')
    expect(
      (await move(admin, byTitle.get('s2')!.id, { position: 0 })).json<{ message: string }>()
        .message,
    ).toBe('This request is sent: only drafts can be moved')
    const past = await move(admin, byTitle.get('d1')!.id, { position: 2 })
    expectValidation(past, ['position'])
    expect(past.json<{ message: string }>().message).toBe(
      'Position must be at most 1: this audit has 2 drafts',
    )
    for (const body of [
      {},
      { position: -1 },
      { position: 1.5 },
      { position: '0' },
      { position: 0, x: 1 },
    ])
      expectError(await move(admin, byTitle.get('d1')!.id, body), 400, 'VALIDATION')
    expect(await positions(audit.id)).toEqual(before)
  })

  it('another company’s or a missing request → 404; a client user → 403 before any lookup', async () => {
    const { audit, byTitle } = await auditOf('dd')
    const before = await positions(audit.id)
    for (const id of [byTitle.get('d1')!.id, MISSING_ID])
      expectError(await move(other.cookie, id, { position: 1 }), 404, 'NOT_FOUND')
    expectError(await move(admin, 'not-an-id', { position: 1 }), 400, 'VALIDATION')
    for (const id of [byTitle.get('d1')!.id, MISSING_ID, 'not-an-id'])
      expectError(await move(member.cookie, id, { position: 1 }), 403, 'FORBIDDEN')
    expect(await positions(audit.id)).toEqual(before)
  })

  it('moves at once from two tabs: both land, and every draft keeps a place of its own', async () => {
    const { audit, byTitle } = await auditOf('dddd')
    const results = await Promise.all([
      move(admin, byTitle.get('d4')!.id, { position: 0 }),
      move(staff, byTitle.get('d1')!.id, { position: 3 }),
    ])
    for (const res of results) expect(res.statusCode, res.body).toBe(200)
    // One after the other under the audit's lock, in either order, to the same result.
    expect(await titles(audit.id)).toEqual(['4:d4', '2:d2', '3:d3', '1:d1'])
    expect(new Set((await positions(audit.id)).map((row) => row.position)).size).toBe(4)
  })
})

describe('GET /api/audits/{id}/assignees and /api/requests/{id}/assignees', () => {
  it('the client users of the audit’s client, by name, for the firm (admin and staff)', async () => {
    const colleague = await signedInClientUser(t, orgId, clientId)
    await signedInClientUser(t, orgId) // another client's user
    await signedInStaff(t, orgId) // the firm's own people are no assignees
    const { audit, byTitle } = await auditOf('d')
    const expected = [colleague, member]
      .map((user) => ({ id: user.user.id, name: 'Clara Client', email: user.user.email }))
      .sort((a, b) => a.email.localeCompare(b.email))
    for (const cookie of [admin, staff]) {
      const forAudit = await ok<Assignee[]>(
        await call(cookie, 'GET', `/api/audits/${audit.id}/assignees`),
      )
      expect([...forAudit].sort((a, b) => a.email.localeCompare(b.email))).toEqual(expected)
      const forRequest = await ok<Assignee[]>(
        await call(cookie, 'GET', `/api/requests/${byTitle.get('d1')!.id}/assignees`),
      )
      expect(forRequest).toEqual(forAudit)
    }
  })

  it('another company’s or a missing id → 404; a client user → 403', async () => {
    const { audit, byTitle } = await auditOf('d')
    const theirs = await createAudit(t, other.cookie, { projectId: other.projectId })
    for (const url of [`/api/audits/${theirs.id}/assignees`, `/api/audits/${MISSING_ID}/assignees`])
      expectError(await call(admin, 'GET', url), 404, 'NOT_FOUND')
    for (const url of [
      `/api/audits/${audit.id}/assignees`,
      `/api/requests/${byTitle.get('d1')!.id}/assignees`,
    ]) {
      expectError(await call(other.cookie, 'GET', url), 404, 'NOT_FOUND')
      expectError(await call(member.cookie, 'GET', url), 403, 'FORBIDDEN')
    }
  })
})
