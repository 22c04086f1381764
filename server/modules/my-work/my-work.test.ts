import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  MY_WORK_CLIENTS_SHOWN,
  MY_WORK_COUNT_CAP,
  MY_WORK_PER_CLIENT,
  MY_WORK_SHOWN,
  type MyWork,
} from '@shared/schemas/my-work'
import { addDays } from '@shared/format'
import type { RequestList } from '@shared/schemas/requests'
import {
  createAudit,
  createProject,
  expectError,
  seedRequests,
  signedInClientUser,
  signedInStaff,
} from '../../test/factories'
import { APP_URL, createTestApp, signedInAdmin, type TestApp } from '../../test/harness'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})
afterEach(() => t.clock.set(new Date()))

const headers = { origin: APP_URL }

async function myWork(cookie: string, query = '') {
  const res = await t.request('GET', `/api/my-work${query}`, { cookie })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<MyWork>()
}

/** The calendar day (YYYY-MM-DD) of the test clock in UTC, moved by `days`. */
const utcDay = (days = 0) => addDays(t.clock().toISOString().slice(0, 10), days)

/** Rewrites requests behind the API's back: their status, dates, assignee. */
async function set(
  ids: string[],
  fields: {
    status?: 'sent' | 'submitted' | 'returned' | 'accepted' | 'draft'
    dueDate?: string | null
    submittedAt?: Date
    question?: boolean
    assigneeId?: string | null
  },
) {
  const list = `{${ids.join(',')}}`
  if (fields.status)
    await t.app.db.execute(
      sql`update audit_requests set status = ${fields.status},
        sent_at = case when ${fields.status} = 'draft' then null else coalesce(sent_at, now()) end
        where id = any(${list}::uuid[])`,
    )
  if (fields.dueDate !== undefined)
    await t.app.db.execute(
      sql`update audit_requests set due_date = ${fields.dueDate}::date where id = any(${list}::uuid[])`,
    )
  if (fields.submittedAt)
    await t.app.db.execute(
      sql`update audit_requests set submitted_at = ${fields.submittedAt.toISOString()}::timestamptz
        where id = any(${list}::uuid[])`,
    )
  if (fields.question)
    await t.app.db.execute(
      sql`update audit_requests set client_ask = 'question', client_ask_text = 'Which year?',
        client_ask_at = now() where id = any(${list}::uuid[])`,
    )
  if (fields.assigneeId !== undefined)
    await t.app.db.execute(
      sql`update audit_requests set assignee_user_id = ${fields.assigneeId}::uuid
        where id = any(${list}::uuid[])`,
    )
}

/**
 * A firm: its admin leads every audit; a staff member is on the team of audits A (client North)
 * and B (client South), not of audit C (client North too). Each audit's client has a client user
 * its requests are sent to.
 */
async function firm(adminOverrides: Record<string, unknown> = {}) {
  const admin = await signedInAdmin(t, adminOverrides)
  const orgId = admin.user.company.id
  const staff = await signedInStaff(t, orgId)
  const north = await createProject(t, admin.cookie, { name: 'North project' })
  const south = await createProject(t, admin.cookie, { name: 'South project' })
  const northUser = await signedInClientUser(t, orgId, north.clientId)
  const southUser = await signedInClientUser(t, orgId, south.clientId)
  const audit = (name: string, projectId: string) =>
    createAudit(t, admin.cookie, { name, projectId })
  const a = await audit('Audit A', north.id)
  const b = await audit('Audit B', south.id)
  const c = await audit('Audit C', north.id)
  for (const { id } of [a, b]) {
    const res = await t.request('PUT', `/api/audits/${id}/team`, {
      cookie: admin.cookie,
      headers,
      body: { leadId: admin.user.id, memberIds: [staff.user.id] },
    })
    expect(res.statusCode, res.body).toBe(200)
  }
  /** `count` requests of the audit, sent to its client's user. */
  const requests = (auditId: string, assigneeId: string, count: number) =>
    seedRequests(t, { organizationId: orgId, auditId, count, assigneeId, sent: true })
  return { admin, orgId, staff, north, south, northUser, southUser, a, b, c, requests }
}

describe('GET /api/my-work', () => {
  it('names what waits on the caller’s audits only, each section as defined', async () => {
    const f = await firm()
    const today = utcDay()
    const [a1, a2, a3, a4, a5, a6, a7, a8] = await f.requests(f.a.id, f.northUser.user.id, 8)
    const [b1, b2, b3] = await f.requests(f.b.id, f.southUser.user.id, 3)
    const [c1, c2, c3] = await f.requests(f.c.id, f.northUser.user.id, 3)
    const start = t.clock().getTime()
    const at = (minutes: number) => new Date(start - minutes * 60_000)
    // Reviews: two of A, one of B, oldest first; C's is not the staff member's.
    await set([a1!], { status: 'submitted', submittedAt: at(30) })
    await set([b1!], { status: 'submitted', submittedAt: at(90) })
    await set([c1!], { status: 'submitted', submittedAt: at(120) })
    // Overdue: A's 3 and 10 days, B's 1 day (returned); a question put to the firm is not the
    // client's to do; C's is not theirs; nobody is assigned A's three-day one.
    await set([a2!], { dueDate: addDays(today, -10) })
    await set([a3!], { dueDate: addDays(today, -3), assigneeId: null })
    await set([b2!], { dueDate: addDays(today, -1), status: 'returned' })
    await set([a4!], { dueDate: addDays(today, -5), question: true })
    await set([c2!], { dueDate: addDays(today, -20) })
    // Due this week: today and six days on, soonest first; not the seventh, not a draft, not an
    // answer already in.
    await set([a5!], { dueDate: addDays(today, 6) })
    await set([b3!], { dueDate: today })
    await set([a6!], { dueDate: addDays(today, 7) })
    await set([a7!], { dueDate: addDays(today, 2), status: 'draft' })
    await set([a8!], { dueDate: addDays(today, 1), status: 'submitted', submittedAt: at(10) })
    await set([c3!], { dueDate: addDays(today, 1) })

    const work = await myWork(f.staff.cookie)
    expect(work.today).toBe(today)
    expect(work.reviews.total).toBe(3)
    expect(work.reviews.items.map((item) => item.id)).toEqual([b1, a1, a8])
    expect(work.reviews.items[0]).toEqual({
      id: b1,
      number: 1,
      title: 'Seeded request 1',
      auditId: f.b.id,
      auditName: 'Audit B',
      clientId: f.south.clientId,
      clientName: expect.any(String),
      submittedAt: at(90).toISOString(),
      assigneeName: 'Clara Client',
    })

    expect(work.overdue.total).toBe(3)
    // North first: its request is the latest (ten days); in it, the most late first.
    expect(work.overdue.clients).toEqual([
      {
        clientId: f.north.clientId,
        clientName: expect.any(String),
        count: 2,
        requests: [
          {
            id: a2,
            number: 2,
            title: 'Seeded request 2',
            auditId: f.a.id,
            auditName: 'Audit A',
            dueDate: addDays(today, -10),
            daysLate: 10,
            assigneeName: 'Clara Client',
            canRemind: true,
          },
          expect.objectContaining({ id: a3, daysLate: 3, assigneeName: null, canRemind: false }),
        ],
      },
      {
        clientId: f.south.clientId,
        clientName: expect.any(String),
        count: 1,
        requests: [expect.objectContaining({ id: b2, auditName: 'Audit B', daysLate: 1 })],
      },
    ])

    expect(work.dueThisWeek).toEqual({
      total: 2,
      items: [
        {
          id: b3,
          number: 3,
          title: 'Seeded request 3',
          auditId: f.b.id,
          auditName: 'Audit B',
          clientId: f.south.clientId,
          clientName: expect.any(String),
          dueDate: today,
          assigneeName: 'Clara Client',
        },
        expect.objectContaining({ id: a5, dueDate: addDays(today, 6) }),
      ],
    })

    // The admin leads all three: C's too.
    const admin = await myWork(f.admin.cookie)
    expect(admin.reviews.items.map((item) => item.id)).toEqual([c1, b1, a1, a8])
    expect(admin.overdue.total).toBe(4)
    expect(admin.overdue.clients[0]!.requests[0]!.id).toBe(c2)
    expect(admin.dueThisWeek.items.map((item) => item.id)).toEqual([b3, c3, a5])

    // Another firm's people see none of it; neither does a colleague on no team.
    const other = await signedInAdmin(t)
    const empty = {
      reviews: { total: 0, items: [] },
      overdue: { total: 0, clients: [] },
      dueThisWeek: { total: 0, items: [] },
    }
    expect(await myWork(other.cookie)).toMatchObject(empty)
    const colleague = await signedInStaff(t, f.orgId)
    expect(await myWork(colleague.cookie)).toMatchObject(empty)
  })

  it('a request of a completed audit cannot be reminded from here', async () => {
    const f = await firm()
    const [id] = await f.requests(f.a.id, f.northUser.user.id, 1)
    await set([id!], { dueDate: utcDay(-2) })
    const completed = await t.request('POST', `/api/audits/${f.a.id}/complete`, {
      cookie: f.admin.cookie,
      headers,
    })
    expect(completed.statusCode, completed.body).toBe(200)
    const work = await myWork(f.staff.cookie)
    expect(work.overdue.clients[0]!.requests[0]).toMatchObject({ id, canRemind: false })
  })

  it('counts days in the firm’s time zone: in New York it is still yesterday at 03:30 UTC', async () => {
    const ny = await firm({ timeZone: 'America/New_York' })
    const utc = await firm({ timeZone: 'UTC' })
    const nyIds = await ny.requests(ny.a.id, ny.northUser.user.id, 3)
    const utcIds = await utc.requests(utc.a.id, utc.northUser.user.id, 3)
    // 03:30 UTC today (UTC's day D): 22:30 or 23:30 on D - 1 in New York.
    const now = t.clock()
    const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 3, 30))
    t.clock.set(at)
    const day = utcDay()
    for (const ids of [nyIds, utcIds]) {
      await set([ids[0]!], { dueDate: addDays(day, -1) })
      await set([ids[1]!], { dueDate: addDays(day, -2) })
      // Seven days after New York's today: next week there, this week in UTC.
      await set([ids[2]!], { dueDate: addDays(day, 6) })
    }

    const inNy = await myWork(ny.staff.cookie)
    expect(inNy.today).toBe(addDays(day, -1))
    expect(inNy.overdue.clients[0]!.requests).toEqual([
      expect.objectContaining({ id: nyIds[1], daysLate: 1 }),
    ])
    expect(inNy.dueThisWeek.items.map((item) => item.id)).toEqual([nyIds[0]])

    const inUtc = await myWork(utc.staff.cookie)
    expect(inUtc.today).toBe(day)
    expect(inUtc.overdue.clients[0]!.requests).toEqual([
      expect.objectContaining({ id: utcIds[1], daysLate: 2 }),
      expect.objectContaining({ id: utcIds[0], daysLate: 1 }),
    ])
    expect(inUtc.dueThisWeek.items.map((item) => item.id)).toEqual([utcIds[2]])

    // The dashboard counts the same days.
    const board = await t.request('GET', '/api/dashboard', { cookie: ny.staff.cookie })
    expect(board.json()).toMatchObject({ overdue: { total: 1, mine: 1 } })
    // So do the audit's request table, its overdue filter and each request.
    const table = await t.request('GET', `/api/audits/${ny.a.id}/requests?overdue=true`, {
      cookie: ny.staff.cookie,
    })
    expect(table.statusCode, table.body).toBe(200)
    const rows = table.json<RequestList>()
    expect(rows.requests.map((row) => [row.id, row.overdue])).toEqual([[nyIds[1], true]])
    for (const [id, overdue] of [
      [nyIds[0], false],
      [nyIds[1], true],
    ] as const) {
      const one = await t.request('GET', `/api/requests/${id}`, { cookie: ny.staff.cookie })
      expect(one.json(), id).toMatchObject({ overdue })
    }
  })

  it('names a few of each, with the totals of them all', async () => {
    const f = await firm()
    const today = utcDay()
    // More answers and more requests due this week than are named.
    const submitted = await f.requests(f.a.id, f.northUser.user.id, MY_WORK_SHOWN + 2)
    await set(submitted, { status: 'submitted', submittedAt: t.clock() })
    const due = await f.requests(f.a.id, f.northUser.user.id, MY_WORK_SHOWN + 3)
    for (const [i, id] of due.entries()) await set([id], { dueDate: addDays(today, i % 7) })
    // More clients with overdue requests than are named, the first with more than are named.
    const clients: string[] = []
    for (let i = 0; i < MY_WORK_CLIENTS_SHOWN + 1; i++) {
      const audit = await createAudit(t, f.staff.cookie, { name: `Late ${i}` })
      const contact = await signedInClientUser(t, f.orgId, audit.client.id)
      const ids = await f.requests(audit.id, contact.user.id, i === 0 ? MY_WORK_PER_CLIENT + 2 : 1)
      // The first is the latest; then each later client a day less late.
      for (const [n, id] of ids.entries()) await set([id], { dueDate: addDays(today, -30 + i - n) })
      clients.push(audit.client.id)
    }

    const work = await myWork(f.staff.cookie)
    expect(work.reviews.total).toBe(MY_WORK_SHOWN + 2)
    expect(work.reviews.items).toHaveLength(MY_WORK_SHOWN)
    expect(work.dueThisWeek.total).toBe(MY_WORK_SHOWN + 3)
    expect(work.dueThisWeek.items).toHaveLength(MY_WORK_SHOWN)
    const dates = work.dueThisWeek.items.map((item) => item.dueDate)
    expect(dates).toEqual([...dates].sort())
    expect(work.overdue.total).toBe(MY_WORK_CLIENTS_SHOWN + MY_WORK_PER_CLIENT + 2)
    expect(work.overdue.clients.map((client) => client.clientId)).toEqual(
      clients.slice(0, MY_WORK_CLIENTS_SHOWN),
    )
    const [first] = work.overdue.clients
    expect(first!.count).toBe(MY_WORK_PER_CLIENT + 2)
    expect(first!.requests).toHaveLength(MY_WORK_PER_CLIENT)
    expect(first!.requests.map((request) => request.daysLate)).toEqual(
      Array.from({ length: MY_WORK_PER_CLIENT }, (_, n) => 30 + MY_WORK_PER_CLIENT + 1 - n),
    )
  })

  it('counts the answers to review up to the cap', async () => {
    const f = await firm()
    const ids = await f.requests(f.b.id, f.southUser.user.id, MY_WORK_COUNT_CAP + 1)
    await set(ids, { status: 'submitted', submittedAt: t.clock() })
    const work = await myWork(f.staff.cookie)
    expect(work.reviews.total).toBe(MY_WORK_COUNT_CAP)
    expect(work.reviews.items).toHaveLength(MY_WORK_SHOWN)
  })

  it('the firm’s people only; no parameters', async () => {
    const f = await firm()
    expectError(
      await t.request('GET', '/api/my-work', { cookie: f.northUser.cookie }),
      403,
      'FORBIDDEN',
    )
    expectError(await t.request('GET', '/api/my-work'), 401, 'UNAUTHENTICATED')
    expectError(
      await t.request('GET', '/api/my-work?limit=5', { cookie: f.staff.cookie }),
      400,
      'VALIDATION',
    )
    expectError(
      await t.request('GET', '/api/my-work?userId=1', { cookie: f.admin.cookie }),
      400,
      'VALIDATION',
    )
  })
})
