import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NotificationPage } from '@shared/schemas/reminders'
import type {
  AuditRequest,
  BulkActionReply,
  RequestDetail,
  RequestList,
} from '@shared/schemas/requests'
import { selectRows } from '../../db/client'
import {
  createAudit,
  createProject,
  expectError,
  expectValidation,
  MISSING_ID,
  seedRequests,
  signedInClientUser,
  signedInStaff,
} from '../../test/factories'
import { APP_URL, createTestApp, signedInAdmin, type TestApp } from '../../test/harness'

let t: TestApp
let admin: Awaited<ReturnType<typeof signedInAdmin>>
let orgId: string
let projectId: string
let member: Awaited<ReturnType<typeof signedInClientUser>>

beforeAll(async () => {
  t = await createTestApp()
  admin = await signedInAdmin(t)
  orgId = admin.user.company.id
  const project = await createProject(t, admin.cookie)
  projectId = project.id
  member = await signedInClientUser(t, orgId, project.clientId)
})
afterAll(async () => t?.close())

const headers = { origin: APP_URL }
const call = (cookie: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  t.request(method, url, { cookie, headers, body })

async function ok<T>(res: Awaited<ReturnType<typeof call>>, status = 200) {
  expect(res.statusCode, res.body).toBe(status)
  return res.json<T>()
}

const bulk = (auditId: string, body: Record<string, unknown>, cookie = admin.cookie) =>
  call(cookie, 'POST', `/api/audits/${auditId}/requests/bulk`, body)

const statuses = async (auditId: string) =>
  (
    await ok<RequestList>(await call(admin.cookie, 'GET', `/api/audits/${auditId}/requests`))
  ).requests.map((request) => request.status)

/** Everything the requests of the company are, and what was logged of them. */
async function snapshot() {
  const [row] = await selectRows<Record<string, unknown>>(
    t.app.db,
    sql`select (select count(*)::int from audit_requests where organization_id = ${orgId}) as requests,
      (select count(*)::int from activity_events where organization_id = ${orgId}) as events,
      (select count(*)::int from notifications where organization_id = ${orgId}) as notices,
      (select string_agg(id::text || status || updated_at::text || coalesce(assignee_user_id::text, '') || coalesce(due_date::text, ''), ',' order by id)
        from audit_requests where organization_id = ${orgId}) as states`,
  )
  return row!
}

/** An audit with requests in these statuses (in this order), assigned to the client user. */
async function auditWith(...wanted: Array<'draft' | 'sent' | 'submitted' | 'accepted'>) {
  const audit = await createAudit(t, admin.cookie, { projectId })
  const requests: AuditRequest[] = []
  for (const [index, status] of wanted.entries())
    requests.push(
      await ok<AuditRequest>(
        await call(admin.cookie, 'POST', `/api/audits/${audit.id}/requests`, {
          title: `Request ${index + 1} (${status})`,
          assigneeId: member.user.id,
        }),
        201,
      ),
    )
  const toSend = requests.filter((_, index) => wanted[index] !== 'draft').map((r) => r.id)
  if (toSend.length > 0)
    await ok(
      await call(admin.cookie, 'POST', `/api/audits/${audit.id}/send`, { requestIds: toSend }),
    )
  for (const [index, request] of requests.entries()) {
    if (wanted[index] === 'submitted' || wanted[index] === 'accepted')
      await ok(
        await call(member.cookie, 'POST', `/api/requests/${request.id}/submit`, {
          response: 'Done',
        }),
      )
    if (wanted[index] === 'accepted')
      await ok(await call(admin.cookie, 'POST', `/api/requests/${request.id}/accept`))
  }
  return { audit, ids: requests.map((request) => request.id) }
}

describe('POST /api/audits/{id}/requests/bulk', () => {
  it('accept: every chosen answer at once, each logged, each assignee told', async () => {
    const { audit, ids } = await auditWith('submitted', 'submitted', 'submitted')
    const bell = async () =>
      (await ok<NotificationPage>(await call(member.cookie, 'GET', '/api/notifications'))).items
    const before = (await bell()).length
    const reply = await ok<BulkActionReply>(
      await bulk(audit.id, { action: 'accept', requestIds: ids }),
    )
    expect(reply).toEqual({ changed: ids, skipped: [] })
    expect(await statuses(audit.id)).toEqual(['accepted', 'accepted', 'accepted'])
    const detail = await ok<RequestDetail>(
      await call(admin.cookie, 'GET', `/api/requests/${ids[0]}`),
    )
    expect(detail.history.at(-1)).toMatchObject({ action: 'request.accepted' })
    expect(detail.acceptedAt).not.toBeNull()
    expect((await bell()).length - before).toBe(3)
    // Again: nothing to do, each said why.
    expect(await ok(await bulk(audit.id, { action: 'accept', requestIds: ids }))).toEqual({
      changed: [],
      skipped: ids.map((id) => ({ id, reason: 'Already accepted' })),
    })
  })

  it('all or nothing: one request that cannot take the action → 409 naming it, nothing changes', async () => {
    const { audit, ids } = await auditWith('submitted', 'sent', 'submitted', 'draft')
    const before = await snapshot()
    const res = await bulk(audit.id, { action: 'accept', requestIds: ids })
    const body = expectError(res, 409, 'CONFLICT')
    expect(body.message).toBe(
      '2 requests cannot take this action, so nothing changed. #2 Request 2 (sent): This request is sent: it cannot be accepted. #4 Request 4 (draft): This request is draft: it cannot be accepted.',
    )
    expect(body.errors).toEqual([
      {
        path: 'requestIds.1',
        message: '#2 Request 2 (sent): This request is sent: it cannot be accepted',
      },
      {
        path: 'requestIds.3',
        message: '#4 Request 4 (draft): This request is draft: it cannot be accepted',
      },
    ])
    expect(await snapshot()).toEqual(before)
    // Deleting: drafts only.
    expectError(await bulk(audit.id, { action: 'delete', requestIds: ids }), 409, 'CONFLICT')
    expect(await snapshot()).toEqual(before)
  })

  it('return and not applicable take a reason; the returned versions carry it', async () => {
    const { audit, ids } = await auditWith('submitted', 'submitted')
    expectValidation(await bulk(audit.id, { action: 'return', requestIds: ids }), ['reason'])
    expectValidation(await bulk(audit.id, { action: 'return', requestIds: ids, reason: ' ' }), [
      'reason',
    ])
    expectValidation(await bulk(audit.id, { action: 'accept', requestIds: ids, reason: 'x' }), [
      'reason',
    ])
    await ok(
      await bulk(audit.id, { action: 'return', requestIds: ids, reason: 'Page 2 is missing' }),
    )
    for (const id of ids) {
      const detail = await ok<RequestDetail>(await call(admin.cookie, 'GET', `/api/requests/${id}`))
      expect(detail.status).toBe('returned')
      expect(detail.versions.at(-1)).toMatchObject({ returnedReason: 'Page 2 is missing' })
    }
    const other = await auditWith('draft', 'sent', 'submitted')
    await ok(
      await bulk(other.audit.id, {
        action: 'not_applicable',
        requestIds: other.ids,
        reason: 'Dormant account',
      }),
    )
    expect(await statuses(other.audit.id)).toEqual([
      'not_applicable',
      'not_applicable',
      'not_applicable',
    ])
  })

  it('delete: drafts go, with their numbers never reused', async () => {
    const { audit, ids } = await auditWith('draft', 'draft', 'sent')
    expect(
      await ok(await bulk(audit.id, { action: 'delete', requestIds: ids.slice(0, 2) })),
    ).toEqual({
      changed: ids.slice(0, 2),
      skipped: [],
    })
    const next = await ok<AuditRequest>(
      await call(admin.cookie, 'POST', `/api/audits/${audit.id}/requests`, { title: 'New' }),
      201,
    )
    expect(next.number).toBe(4)
    expect(await statuses(audit.id)).toEqual(['sent', 'draft'])
  })

  it('assign and date: the single change’s rules, what is so already skipped', async () => {
    const { audit, ids } = await auditWith('draft', 'sent', 'accepted')
    const colleague = await signedInClientUser(
      t,
      orgId,
      (await createProject(t, admin.cookie)).clientId,
    )
    // A client user of another client: 400, as for one request.
    expectValidation(
      await bulk(audit.id, {
        action: 'assign',
        requestIds: ids.slice(0, 2),
        assigneeId: colleague.user.id,
      }),
      ['assigneeId'],
    )
    // Accepted: its assignee no longer changes.
    expectError(
      await bulk(audit.id, { action: 'due_date', requestIds: ids, dueDate: '2031-03-31' }),
      409,
      'CONFLICT',
    )
    const dated = await ok<BulkActionReply>(
      await bulk(audit.id, {
        action: 'due_date',
        requestIds: ids.slice(0, 2),
        dueDate: '2031-03-31',
      }),
    )
    expect(dated.changed).toEqual(ids.slice(0, 2))
    const again = await ok<BulkActionReply>(
      await bulk(audit.id, {
        action: 'assign',
        requestIds: ids.slice(0, 2),
        assigneeId: member.user.id,
      }),
    )
    expect(again).toEqual({
      changed: [],
      skipped: ids.slice(0, 2).map((id) => ({ id, reason: 'Already assigned so' })),
    })
    // A sent request keeps an assignee.
    const body = expectError(
      await bulk(audit.id, { action: 'assign', requestIds: ids.slice(0, 2), assigneeId: null }),
      409,
      'CONFLICT',
    )
    expect(body.errors).toEqual([
      { path: 'requestIds.1', message: '#2 Request 2 (sent): A sent request needs an assignee' },
    ])
    const list = await ok<RequestList>(
      await call(admin.cookie, 'GET', `/api/audits/${audit.id}/requests`),
    )
    expect(list.requests.map((r) => r.dueDate)).toEqual(['2031-03-31', '2031-03-31', null])
  })

  it('remind: each assignee once, their open requests; within the hour they are skipped', async () => {
    const { audit, ids } = await auditWith('sent', 'sent')
    const mails = () => t.smtp.to(member.user.email).length
    const before = mails()
    expect(await ok(await bulk(audit.id, { action: 'remind', requestIds: ids }))).toEqual({
      changed: ids,
      skipped: [],
    })
    await t.app.jobs.idle()
    expect(mails()).toBe(before + 1)
    const again = await ok<BulkActionReply>(
      await bulk(audit.id, { action: 'remind', requestIds: ids }),
    )
    expect(again.changed).toEqual([])
    expect(again.skipped.map((s) => s.reason)).toEqual([
      'Clara Client was reminded less than an hour ago',
      'Clara Client was reminded less than an hour ago',
    ])
    const drafts = await auditWith('draft')
    expectError(
      await bulk(drafts.audit.id, { action: 'remind', requestIds: drafts.ids }),
      409,
      'CONFLICT',
    )
  })

  it('the firm only, its own audits, this audit’s requests; bad bodies → 400; nothing changes', async () => {
    const { audit, ids } = await auditWith('submitted')
    const other = await auditWith('submitted')
    const before = await snapshot()
    expectError(
      await bulk(audit.id, { action: 'accept', requestIds: ids }, member.cookie),
      403,
      'FORBIDDEN',
    )
    const stranger = await signedInAdmin(t)
    expectError(
      await bulk(audit.id, { action: 'accept', requestIds: ids }, stranger.cookie),
      404,
      'NOT_FOUND',
    )
    expectError(await bulk(MISSING_ID, { action: 'accept', requestIds: ids }), 404, 'NOT_FOUND')
    expectValidation(await bulk(audit.id, { action: 'accept', requestIds: other.ids }), [
      'requestIds',
    ])
    expectValidation(await bulk(audit.id, { action: 'accept', requestIds: [MISSING_ID] }), [
      'requestIds',
    ])
    expectValidation(await bulk(audit.id, { action: 'accept', requestIds: ['nope'] }), [
      'requestIds.0',
    ])
    expectValidation(await bulk(audit.id, { action: 'accept', requestIds: [] }), ['requestIds'])
    expectValidation(await bulk(audit.id, { action: 'archive', requestIds: ids }), ['action'])
    expectValidation(await bulk(audit.id, { requestIds: ids }), ['action'])
    expectValidation(await bulk(audit.id, { action: 'accept', requestIds: ids, extra: 1 }), [
      'extra',
    ])
    expectValidation(await bulk(audit.id, { action: 'assign', requestIds: ids }), ['assigneeId'])
    expectValidation(
      await bulk(audit.id, { action: 'due_date', requestIds: ids, dueDate: '2031-02-30' }),
      ['dueDate'],
    )
    expect(await snapshot()).toEqual(before)
    // A staff member may.
    const staff = await signedInStaff(t, orgId)
    await ok(await bulk(audit.id, { action: 'accept', requestIds: ids }, staff.cookie))
  })

  it('two at once: each request changes once', async () => {
    const { audit, ids } = await auditWith('submitted', 'submitted', 'submitted')
    const replies = await Promise.all([
      bulk(audit.id, { action: 'accept', requestIds: ids }),
      bulk(audit.id, { action: 'accept', requestIds: ids }),
      bulk(audit.id, { action: 'return', requestIds: ids, reason: 'Late' }),
    ])
    const changed = replies
      .filter((res) => res.statusCode === 200)
      .flatMap((res) => res.json<BulkActionReply>().changed)
    expect(changed.sort()).toEqual([...ids].sort())
    for (const res of replies) expect([200, 409]).toContain(res.statusCode)
    const [row] = await selectRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from activity_events
          where request_id = any(${`{${ids.join(',')}}`}::uuid[])
            and action in ('request.accepted', 'request.returned')`,
    )
    expect(row!.n).toBe(3)
  })

  it('up to the audit’s cap in one call: 2,000 requests dated, then set aside', async () => {
    const audit = await createAudit(t, admin.cookie, { projectId })
    const ids: string[] = await seedRequests(t, {
      organizationId: orgId,
      auditId: audit.id,
      count: 2000,
      assigneeId: member.user.id,
      sent: true,
    })
    const dated = await ok<BulkActionReply>(
      await bulk(audit.id, { action: 'due_date', requestIds: ids, dueDate: '2031-06-30' }),
    )
    expect(dated.changed).toHaveLength(2000)
    const aside = await ok<BulkActionReply>(
      await bulk(audit.id, { action: 'not_applicable', requestIds: ids, reason: 'Out of scope' }),
    )
    expect(aside.changed).toHaveLength(2000)
    const [row] = await selectRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from audit_requests
          where audit_id = ${audit.id} and status = 'not_applicable' and due_date = '2031-06-30'`,
    )
    expect(row!.n).toBe(2000)
  })
})

describe('the audit’s cap', () => {
  it('more ids than an audit holds → 400 on requestIds', async () => {
    const small = await createTestApp({ env: { MAX_REQUESTS_PER_AUDIT: '3' } })
    try {
      const a = await signedInAdmin(small)
      const audit = await createAudit(small, a.cookie)
      const res = await small.request('POST', `/api/audits/${audit.id}/requests/bulk`, {
        cookie: a.cookie,
        headers,
        body: {
          action: 'accept',
          requestIds: [
            MISSING_ID,
            MISSING_ID.replace('0000', '0001'),
            MISSING_ID.replace('0000', '0002'),
            MISSING_ID.replace('0000', '0003'),
          ],
        },
      })
      const body = expectValidation(res, ['requestIds'])
      expect(body.errors![0]!.message).toBe('At most 3 requests at once, the most an audit holds')
    } finally {
      await small.close()
    }
  })
})
