import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditRequest } from '@shared/schemas/requests'
import { selectRows } from '../../db/client'
import {
  createAudit,
  createProject,
  createTemplate,
  expectError,
  MISSING_ID,
  signedInClientUser,
} from '../../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness'

/**
 * Tenancy and client isolation for requests and comments: another company's or another client's
 * request answers 404 exactly like a missing one and changes nothing; client users get 403 on every
 * staff route before anything is looked at; no session gets 401.
 */

interface Company {
  cookie: string
  orgId: string
  template: string
  ownAudit: string
  otherAudit: string
  /** Sent requests of the own client's audit and of another client's audit. */
  own: AuditRequest
  other: AuditRequest
  ownDraft: AuditRequest
  member: Awaited<ReturnType<typeof signedInClientUser>>
}

let t: TestApp
let A: Company
let B: Company

async function seed(): Promise<Company> {
  const admin = await signedInAdmin(t)
  const cookie = admin.cookie
  const orgId = admin.user.company.id
  const ownProject = await createProject(t, cookie)
  const otherProject = await createProject(t, cookie)
  const member = await signedInClientUser(t, orgId, ownProject.clientId)
  const outsider = await signedInClientUser(t, orgId, otherProject.clientId)
  const ownAudit = (await createAudit(t, cookie, { projectId: ownProject.id })).id
  const otherAudit = (await createAudit(t, cookie, { projectId: otherProject.id })).id
  const add = async (auditId: string, assigneeId: string) => {
    const res = await t.request('POST', `/api/audits/${auditId}/requests`, {
      cookie,
      body: { title: 'Request', assigneeId },
    })
    return res.json<AuditRequest>()
  }
  const own = await add(ownAudit, member.user.id)
  const other = await add(otherAudit, outsider.user.id)
  for (const auditId of [ownAudit, otherAudit])
    await t.request('POST', `/api/audits/${auditId}/send`, { cookie, body: {} })
  const ownDraft = await add(ownAudit, member.user.id)
  for (const request of [own, other])
    await t.request('POST', `/api/requests/${request.id}/comments`, {
      cookie,
      body: { body: 'Internal', internal: true },
    })
  return {
    cookie,
    orgId,
    template: (await createTemplate(t, cookie)).id,
    ownAudit,
    otherAudit,
    own,
    other,
    ownDraft,
    member,
  }
}

beforeAll(async () => {
  t = await createTestApp()
  A = await seed()
  B = await seed()
})
afterAll(async () => t?.close())

/** Everything the request tables hold, to prove that a refused call changed nothing. */
async function state() {
  const [row] = await selectRows<Record<string, unknown>>(
    t.app.db,
    sql`select
      (select string_agg(id::text || status || coalesce(assignee_user_id::text, '') || title || updated_at::text, ',' order by id) from audit_requests) as requests,
      (select count(*)::int from request_versions) as versions,
      (select count(*)::int from request_comments) as comments,
      (select count(*)::int from activity_events) as events`,
  )
  return row
}

/** Every request route, aimed at company `c`'s records (`request`: one of its requests). */
function routes(c: Company, request: AuditRequest): Array<[string, string, unknown?]> {
  return [
    ['GET', `/api/audits/${request.auditId}/requests`],
    ['POST', `/api/audits/${request.auditId}/requests`, { title: 'X' }],
    ['POST', `/api/audits/${request.auditId}/requests/from-template`, { templateId: c.template }],
    ['POST', `/api/audits/${request.auditId}/send`, {}],
    ['GET', `/api/requests/${request.id}`],
    ['PATCH', `/api/requests/${request.id}`, { dueDate: '2030-01-01' }],
    ['DELETE', `/api/requests/${request.id}`],
    ['POST', `/api/requests/${request.id}/submit`, { response: 'x' }],
    ['POST', `/api/requests/${request.id}/accept`],
    ['POST', `/api/requests/${request.id}/return`, { reason: 'x' }],
    ['POST', `/api/requests/${request.id}/not-applicable`, { reason: 'x' }],
    ['GET', `/api/requests/${request.id}/comments`],
    ['POST', `/api/requests/${request.id}/comments`, { body: 'x' }],
  ]
}

const STAFF_ONLY = new Set([
  'requests',
  'from-template',
  'send',
  'accept',
  'return',
  'not-applicable',
])
const isStaffOnly = (method: string, url: string) =>
  (method === 'POST' && STAFF_ONLY.has(url.split('/').at(-1)!)) ||
  (url.startsWith('/api/requests/') && ['PATCH', 'DELETE'].includes(method))

describe('another company', () => {
  it('an admin gets 404 on every request route with the other company’s ids, like a missing id, and changes nothing (submit is a client user’s: 403 before any lookup)', async () => {
    const before = await state()
    const missing = { ...A.own, id: MISSING_ID, auditId: MISSING_ID }
    for (const request of [A.own, A.ownDraft, A.other, missing]) {
      for (const [method, url, body] of routes(A, request)) {
        const res = await t.request(method as 'GET', url, { cookie: B.cookie, body })
        // The template in the body is A's too: the audit is looked up first.
        if (url.endsWith('/submit')) expectError(res, 403, 'FORBIDDEN')
        else expectError(res, 404, 'NOT_FOUND')
        expect(res.json().message).not.toContain(request.id)
      }
    }
    expect(await state()).toEqual(before)
  })

  it('ids of the other company in a body are refused on their field', async () => {
    const before = await state()
    const check = async (method: 'POST' | 'PATCH', url: string, body: unknown, path: string) => {
      const res = await t.request(method, url, { cookie: B.cookie, body })
      const error = expectError(res, 400, 'VALIDATION')
      expect(error.errors!.map((e) => e.path)).toContain(path)
    }
    await check(
      'POST',
      `/api/audits/${B.ownAudit}/requests`,
      { title: 'X', assigneeId: A.member.user.id },
      'assigneeId',
    )
    await check(
      'PATCH',
      `/api/requests/${B.ownDraft.id}`,
      { assigneeId: A.member.user.id },
      'assigneeId',
    )
    await check(
      'POST',
      `/api/audits/${B.ownAudit}/requests/from-template`,
      { templateId: A.template },
      'templateId',
    )
    await check(
      'POST',
      `/api/audits/${B.ownAudit}/send`,
      { requestIds: [A.ownDraft.id] },
      'requestIds',
    )
    await check(
      'POST',
      '/api/audits',
      { name: 'X', projectId: MISSING_ID, templateId: A.template },
      'projectId',
    )
    expect(await state()).toEqual(before)
  })

  it('a client user of the other company gets 404 (or 403 on staff routes) and sees nothing in My requests', async () => {
    const before = await state()
    for (const [method, url, body] of routes(A, A.own)) {
      const res = await t.request(method as 'GET', url, { cookie: B.member.cookie, body })
      if (isStaffOnly(method, url)) expectError(res, 403, 'FORBIDDEN')
      else expectError(res, 404, 'NOT_FOUND')
    }
    const mine = await t.request('GET', '/api/my-requests', { cookie: B.member.cookie })
    expect(mine.body).not.toContain(A.own.id)
    expect(await state()).toEqual(before)
  })
})

describe('client users', () => {
  it('another client’s requests and audits of the same company → 404, like a missing one', async () => {
    const before = await state()
    for (const request of [A.other, A.ownDraft]) {
      for (const [method, url, body] of routes(A, request)) {
        if (isStaffOnly(method, url)) continue
        const res = await t.request(method as 'GET', url, { cookie: A.member.cookie, body })
        if (request === A.ownDraft && url.endsWith('/requests')) {
          // Their own audit: listed, without the draft.
          expect(res.statusCode).toBe(200)
          expect(res.body).not.toContain(A.ownDraft.id)
          continue
        }
        expectError(res, 404, 'NOT_FOUND')
      }
    }
    expect(await state()).toEqual(before)
  })

  it('every staff route → 403 before validation, even on their own requests and with bad bodies', async () => {
    const before = await state()
    for (const request of [A.own, A.ownDraft, B.own]) {
      for (const [method, url, body] of routes(A, request)) {
        if (!isStaffOnly(method, url)) continue
        for (const payload of [body, { unexpected: true }]) {
          const res = await t.request(method as 'GET', url, {
            cookie: A.member.cookie,
            body: method === 'GET' ? undefined : payload,
          })
          expectError(res, 403, 'FORBIDDEN')
        }
      }
    }
    expect(await state()).toEqual(before)
  })

  it('their own request: read, comment, submit; never the internal notes', async () => {
    const cookie = A.member.cookie
    const detail = await t.request('GET', `/api/requests/${A.own.id}`, { cookie })
    expect(detail.statusCode).toBe(200)
    expect(detail.json()).not.toHaveProperty('internalNotes')
    const comments = await t.request('GET', `/api/requests/${A.own.id}/comments`, { cookie })
    expect(comments.json()).toEqual([])
    expect(comments.body).not.toContain('Internal')
    const submitted = await t.request('POST', `/api/requests/${A.own.id}/submit`, {
      cookie,
      body: { response: 'Done' },
    })
    expect(submitted.statusCode, submitted.body).toBe(200)
  })
})

describe('without a session', () => {
  it('every request route → 401', async () => {
    for (const [method, url, body] of [
      ...routes(A, A.own),
      ['GET', '/api/my-requests'] as [string, string],
    ])
      expectError(await t.request(method as 'GET', url, { body }), 401, 'UNAUTHENTICATED')
  })
})
