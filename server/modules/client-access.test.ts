import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Audit, AuditListItem } from '@shared/schemas/audits'
import type { CurrentUser } from '@shared/schemas/auth'
import type { Client } from '@shared/schemas/clients'
import type { Dashboard } from '@shared/schemas/dashboard'
import type { Invitation } from '@shared/schemas/invitations'
import type { Project, ProjectListItem } from '@shared/schemas/projects'
import type { AuditRequest } from '@shared/schemas/requests'
import type { Category, Template, TemplateItem } from '@shared/schemas/templates'
import { selectRows } from '../db/client'
import {
  createAudit,
  createCategory,
  createClient,
  createItem,
  createProject,
  createTemplate,
  expectError,
  invitedUser,
  MISSING_ID,
  workspaceCounts,
} from '../test/factories'
import { APP_URL, createTestApp, signedInAdmin, type TestApp } from '../test/harness'
import { multipartBody } from '../test/multipart'

/**
 * The role matrix: a client-role user sees their own client's projects and audits (read-only),
 * their dashboard and their own account, and gets 403 on everything else, whatever the body or
 * id; another client's records answer 404. Admins of another company get 404 on this company's
 * users and invitations.
 */

interface Company {
  cookie: string
  orgId: string
  name: string
  own: Client
  other: Client
  ownProject: Project
  ownCompleted: Project
  otherProject: Project
  ownAudit: Audit
  otherAudit: Audit
  category: Category
  template: Template
  item: TemplateItem
  /** Drafts of the own client's audit and of the other client's. */
  request: AuditRequest
  otherRequest: AuditRequest
}

let t: TestApp
let A: Company
let B: Company
let member: Awaited<ReturnType<typeof invitedUser>>

async function seed(): Promise<Company> {
  const admin = await signedInAdmin(t)
  const cookie = admin.cookie
  const own = await createClient(t, cookie, { name: 'Own Client' })
  const other = await createClient(t, cookie, { name: 'Other Client' })
  const ownProject = await createProject(t, cookie, { clientId: own.id })
  const ownCompleted = await createProject(t, cookie, { clientId: own.id, status: 'completed' })
  const otherProject = await createProject(t, cookie, { clientId: other.id })
  const ownAudit = await createAudit(t, cookie, { projectId: ownProject.id })
  await createAudit(t, cookie, { projectId: ownProject.id, status: 'completed' })
  const otherAudit = await createAudit(t, cookie, { projectId: otherProject.id })
  await createAudit(t, cookie, { projectId: otherProject.id })
  const category = await createCategory(t, cookie)
  const template = await createTemplate(t, cookie, { categoryId: category.id })
  const item = await createItem(t, cookie, { templateId: template.id })
  const draft = async (auditId: string) => {
    const res = await t.request('POST', `/api/audits/${auditId}/requests`, {
      cookie,
      body: { title: 'Bank statements' },
    })
    expect(res.statusCode, res.body).toBe(201)
    return res.json<AuditRequest>()
  }
  return {
    cookie,
    orgId: admin.user.company.id,
    name: admin.account.companyName,
    own,
    other,
    ownProject,
    ownCompleted,
    otherProject,
    ownAudit,
    otherAudit,
    category,
    template,
    item,
    request: await draft(ownAudit.id),
    otherRequest: await draft(otherAudit.id),
  }
}

beforeAll(async () => {
  t = await createTestApp()
  A = await seed()
  B = await seed()
  member = await invitedUser(t, A.cookie, { role: 'client', clientId: A.own.id })
})
afterAll(async () => t?.close())

const as = (cookie: string) => ({
  get: (url: string) => t.request('GET', url, { cookie }),
})

describe('a client-role user reads their own client’s records', () => {
  it('signs in as a client user of the company, bound to their client', () => {
    expect(member.user).toMatchObject({
      role: 'client',
      clientId: A.own.id,
      company: { id: A.orgId, name: A.name, dateFormat: 'month-first' },
    } satisfies Partial<CurrentUser>)
  })

  it('GET /api/projects: only their client’s projects, in the same shape as the admin sees them', async () => {
    const res = await as(member.cookie).get('/api/projects')
    expect(res.statusCode, res.body).toBe(200)
    const mine = res.json<ProjectListItem[]>()
    const all = (await as(A.cookie).get('/api/projects')).json<ProjectListItem[]>()
    // But for the progress: the firm counts the draft of the own audit, never sent to them.
    expect(mine).toEqual(
      all
        .filter((p) => p.clientId === A.own.id)
        .map((p) => ({ ...p, progress: { accepted: 0, total: 0 } })),
    )
    expect(all.find((p) => p.id === A.ownProject.id)?.progress).toEqual({ accepted: 0, total: 1 })
    expect(mine.map((p) => p.id).sort()).toEqual([A.ownProject.id, A.ownCompleted.id].sort())
  })

  it('GET /api/projects/{id}: their client’s → 200; another client’s or company’s → 404, like a missing one', async () => {
    const user = as(member.cookie)
    const own = await user.get(`/api/projects/${A.ownProject.id}`)
    expect(own.statusCode).toBe(200)
    expect(own.json()).toEqual((await as(A.cookie).get(`/api/projects/${A.ownProject.id}`)).json())
    const missing = await user.get(`/api/projects/${MISSING_ID}`)
    for (const id of [A.otherProject.id, B.ownProject.id]) {
      const res = await user.get(`/api/projects/${id}`)
      expectError(res, 404, 'NOT_FOUND')
      expect(res.json()).toEqual(missing.json())
    }
  })

  it('GET /api/audits?projectId= and /api/audits/{id}: the same rule, read only', async () => {
    const user = as(member.cookie)
    const list = await user.get(`/api/audits?projectId=${A.ownProject.id}`)
    expect(list.statusCode).toBe(200)
    const firmView = (await as(A.cookie).get(`/api/audits?projectId=${A.ownProject.id}`)).json<
      AuditListItem[]
    >()
    // Nothing to do for them, and no draft in their progress.
    expect(list.json()).toEqual(
      firmView.map((audit) => ({
        ...audit,
        allowedActions: [],
        progress: { accepted: 0, total: 0 },
      })),
    )
    expect(firmView.find((audit) => audit.id === A.ownAudit.id)?.progress).toEqual({
      accepted: 0,
      total: 1,
    })
    expect(list.json<Audit[]>().map((a) => a.id)).toContain(A.ownAudit.id)
    for (const projectId of [A.otherProject.id, B.ownProject.id, MISSING_ID]) {
      expectError(await user.get(`/api/audits?projectId=${projectId}`), 404, 'NOT_FOUND')
    }
    const own = await user.get(`/api/audits/${A.ownAudit.id}`)
    expect(own.statusCode).toBe(200)
    expect(own.json()).toEqual({ ...A.ownAudit, allowedActions: [] })
    for (const id of [A.otherAudit.id, B.ownAudit.id, MISSING_ID]) {
      expectError(await user.get(`/api/audits/${id}`), 404, 'NOT_FOUND')
    }
  })

  it('GET /api/dashboard: counts of their client only, and only their own activity', async () => {
    const res = await as(member.cookie).get('/api/dashboard')
    expect(res.statusCode).toBe(200)
    const dashboard = res.json<Dashboard>()
    expect(dashboard).toMatchObject({
      totalClients: 1,
      activeProjects: 1,
      inProgressAudits: 1,
      completedItems: 0,
    })
    expect(dashboard.recentActivity.map((e) => e.action)).toEqual(['invitation.accepted'])
    expect(dashboard.recentActivity[0]).toMatchObject({
      actor: 'Ivy Invitee',
      target: member.email,
    })
    // The admin's dashboard still counts the whole company and shows the whole trail.
    const admin = (await as(A.cookie).get('/api/dashboard')).json<Dashboard>()
    expect(admin).toMatchObject({ totalClients: 2, activeProjects: 2, inProgressAudits: 3 })
    // Its audits' and requests' creation included (the fixture creates four and two).
    expect(admin.recentActivity.map((e) => e.action)).toEqual([
      'invitation.accepted',
      'invitation.sent',
      'request.created',
      'request.created',
      'audit.created',
      'audit.created',
      'audit.created',
      'audit.created',
    ])
  })

  it('uses their own account: me, profile, sessions, password', async () => {
    const cookie = member.cookie
    expect((await as(cookie).get('/api/auth/me')).statusCode).toBe(200)
    expect((await as(cookie).get('/api/auth/sessions')).statusCode).toBe(200)
    const renamed = await t.request('PATCH', '/api/auth/profile', {
      cookie,
      body: { firstName: 'Ivy', lastName: 'Invitee' },
    })
    expect(renamed.statusCode).toBe(200)
    const changed = await t.request('POST', '/api/auth/change-password', {
      cookie,
      body: { currentPassword: member.password, newPassword: member.password },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(
      (await t.request('POST', '/api/auth/sessions/revoke-others', { cookie })).statusCode,
    ).toBe(200)
  })
})

/** Every route a client-role user may not use, with a valid body where it takes one. */
function forbidden(c: Company): Array<[string, string, unknown?]> {
  return [
    ['GET', '/api/clients'],
    ['POST', '/api/clients', { name: 'X' }],
    ['GET', `/api/clients/${c.own.id}`],
    ['PATCH', `/api/clients/${c.own.id}`, { name: 'X' }],
    ['DELETE', `/api/clients/${c.other.id}`],
    ['POST', '/api/projects', { name: 'X', clientId: c.own.id }],
    ['PATCH', `/api/projects/${c.ownProject.id}`, { name: 'X' }],
    ['DELETE', `/api/projects/${c.ownCompleted.id}`],
    ['POST', '/api/audits', { name: 'X', projectId: c.ownProject.id }],
    ['PATCH', `/api/audits/${c.ownAudit.id}`, { status: 'completed' }],
    ['DELETE', `/api/audits/${c.ownAudit.id}`],
    ['GET', '/api/templates'],
    ['POST', '/api/templates', { name: 'X' }],
    ['GET', `/api/templates/${c.template.id}`],
    ['PATCH', `/api/templates/${c.template.id}`, { name: 'X' }],
    ['DELETE', `/api/templates/${c.template.id}`],
    ['GET', '/api/template-categories'],
    ['POST', '/api/template-categories', { name: 'X' }],
    ['GET', `/api/template-categories/${c.category.id}`],
    ['PATCH', `/api/template-categories/${c.category.id}`, { name: 'X' }],
    ['DELETE', `/api/template-categories/${c.category.id}`],
    ['GET', `/api/template-items?templateId=${c.template.id}`],
    ['POST', '/api/template-items', { title: 'X', templateId: c.template.id }],
    ['PATCH', `/api/template-items/${c.item.id}`, { title: 'X' }],
    ['DELETE', `/api/template-items/${c.item.id}`],
    ['GET', '/api/organization'],
    ['PATCH', '/api/organization', { name: 'X' }],
    ['GET', '/api/users'],
    ['PATCH', `/api/users/${member.user.id}`, { role: 'admin' }],
    ['DELETE', `/api/users/${member.user.id}`],
    ['GET', '/api/invitations'],
    ['POST', '/api/invitations', { email: 'friend@example.com', role: 'admin' }],
    ['POST', `/api/invitations/${MISSING_ID}/resend`],
    ['DELETE', `/api/invitations/${MISSING_ID}`],
    // The other staff-only request routes are in requests/requests-access.test.ts.
    [
      'PATCH',
      `/api/audits/${c.ownAudit.id}/requests`,
      { requestIds: [c.request.id], dueDate: '2030-01-31' },
    ],
    ['GET', `/api/audits/${c.ownAudit.id}/export.csv`],
    ['GET', `/api/audits/${c.ownAudit.id}/export.zip`],
  ]
}

/** Every staff-only request route, aimed at `request` (and its audit). */
function staffRequestRoutes(request: { id: string; auditId: string }, templateId: string) {
  const audit = `/api/audits/${request.auditId}`
  const one = `/api/requests/${request.id}`
  return [
    ['POST', `${audit}/requests`, { title: 'X' }],
    ['PATCH', `${audit}/requests`, { requestIds: [request.id], dueDate: '2030-01-31' }],
    ['POST', `${audit}/requests/from-template`, { templateId }],
    ['POST', `${audit}/send`, {}],
    ['GET', `${audit}/export.csv`],
    ['GET', `${audit}/export.zip`],
    ['PATCH', one, { title: 'X' }],
    ['DELETE', one],
    ['POST', `${one}/accept`],
    ['POST', `${one}/return`, { reason: 'X' }],
    ['POST', `${one}/not-applicable`, { reason: 'X' }],
  ] as Array<['GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown?]>
}

/** Everything the request tables hold, to prove that a refused call changed nothing. */
async function requestState() {
  const [row] = await selectRows<Record<string, unknown>>(
    t.app.db,
    sql`select
      (select string_agg(id::text || status || coalesce(assignee_user_id::text, '') || title || coalesce(due_date::text, '') || updated_at::text, ',' order by id) from audit_requests) as requests,
      (select count(*)::int from request_versions) as versions,
      (select count(*)::int from request_comments) as comments,
      (select count(*)::int from request_files) as files,
      (select count(*)::int from activity_events) as events`,
  )
  return row
}

describe('everything else → 403 for a client-role user', () => {
  it('every other route, with a valid body, an invalid one or another company’s ids: 403 FORBIDDEN, nothing changes', async () => {
    const before = { a: await workspaceCounts(t, A.orgId), b: await workspaceCounts(t, B.orgId) }
    const requests = await requestState()
    const company = (await as(A.cookie).get('/api/organization')).json()
    const users = (await as(A.cookie).get('/api/users')).json()
    for (const [method, url, body] of [...forbidden(A), ...forbidden(B)]) {
      for (const payload of [body, { unexpected: 'field' }]) {
        const res = await t.request(method as 'GET', url, {
          cookie: member.cookie,
          body: method === 'GET' ? undefined : payload,
        })
        expectError(res, 403, 'FORBIDDEN')
      }
    }
    expect({ a: await workspaceCounts(t, A.orgId), b: await workspaceCounts(t, B.orgId) }).toEqual(
      before,
    )
    expect(await requestState()).toEqual(requests)
    expect((await as(A.cookie).get('/api/organization')).json()).toEqual(company)
    expect((await as(A.cookie).get('/api/users')).json()).toEqual(users)
  })

  it('read-only: mutations of their own client’s projects and audits → 403', async () => {
    const project = await as(A.cookie).get(`/api/projects/${A.ownProject.id}`)
    for (const [method, url, body] of [
      ['PATCH', `/api/projects/${A.ownProject.id}`, { name: 'Changed by a client' }],
      ['PATCH', `/api/audits/${A.ownAudit.id}`, { name: 'Changed by a client' }],
      ['POST', '/api/audits', { name: 'Created by a client', projectId: A.ownProject.id }],
    ] as const) {
      expectError(await t.request(method, url, { cookie: member.cookie, body }), 403, 'FORBIDDEN')
    }
    expect((await as(A.cookie).get(`/api/projects/${A.ownProject.id}`)).json()).toEqual(
      project.json(),
    )
  })
})

describe('admins of another company', () => {
  it('get 404 on this company’s users and invitations, as on a missing id, and change nothing', async () => {
    const invite = await t.request('POST', '/api/invitations', {
      cookie: A.cookie,
      body: { email: `pending.${process.pid}@example.com`, role: 'client', clientId: A.own.id },
    })
    const invitation = invite.json<Invitation>()
    const b = (method: 'PATCH' | 'DELETE' | 'POST', url: string, body?: unknown) =>
      t.request(method, url, { cookie: B.cookie, body })
    for (const id of [member.user.id, MISSING_ID]) {
      expectError(await b('PATCH', `/api/users/${id}`, { role: 'admin' }), 404, 'NOT_FOUND')
      expectError(await b('DELETE', `/api/users/${id}`), 404, 'NOT_FOUND')
    }
    for (const id of [invitation.id, MISSING_ID]) {
      expectError(await b('POST', `/api/invitations/${id}/resend`), 404, 'NOT_FOUND')
      expectError(await b('DELETE', `/api/invitations/${id}`), 404, 'NOT_FOUND')
    }
    // Their own lists hold none of it.
    const theirUsers = (await t.request('GET', '/api/users', { cookie: B.cookie })).json<
      Array<{ id: string }>
    >()
    expect(theirUsers.map((u) => u.id)).not.toContain(member.user.id)
    const theirInvitations = (
      await t.request('GET', '/api/invitations', { cookie: B.cookie })
    ).json<Invitation[]>()
    expect(theirInvitations.map((i) => i.id)).not.toContain(invitation.id)
    // Still there for A.
    expect((await as(member.cookie).get('/api/auth/me')).json<CurrentUser>().role).toBe('client')
    expect(
      (await as(A.cookie).get('/api/invitations')).json<Invitation[]>().map((i) => i.id),
    ).toContain(invitation.id)
  })
})

describe('audit requests and files', () => {
  const PDF = Buffer.concat([
    Buffer.from('%PDF-1.7\n'),
    Buffer.alloc(64, 0x20),
    Buffer.from('%%EOF\n'),
  ])
  const upload = (cookie: string, requestId: string) => {
    const { payload, contentType } = multipartBody([{ name: 'statement.pdf', data: PDF }])
    return t.app.inject({
      method: 'POST',
      url: `/api/requests/${requestId}/files`,
      payload,
      headers: { origin: APP_URL, cookie, 'content-type': contentType },
    })
  }
  const post = (cookie: string, url: string, body?: unknown) =>
    t.request('POST', url, { cookie, body })

  beforeAll(async () => {
    // The client user's own request, sent to them: one they could answer.
    const assigned = await t.request('PATCH', `/api/requests/${A.request.id}`, {
      cookie: A.cookie,
      body: { assigneeId: member.user.id },
    })
    expect(assigned.statusCode, assigned.body).toBe(200)
    const sent = await post(A.cookie, `/api/audits/${A.ownAudit.id}/send`, {
      requestIds: [A.request.id],
    })
    expect(sent.statusCode, sent.body).toBe(200)
  })

  it('a client user: every staff-only request route with another client’s, a missing or a malformed id → 403 before any lookup, nothing changes', async () => {
    const before = await requestState()
    const ids = [
      A.otherRequest,
      { id: MISSING_ID, auditId: MISSING_ID },
      { id: 'not-an-id', auditId: 'not-an-id' },
      { id: encodeURIComponent('✓'), auditId: '1' },
    ]
    for (const request of ids)
      for (const [method, url, body] of staffRequestRoutes(request, A.template.id))
        for (const payload of method === 'GET' ? [undefined] : [body, { unexpected: 'field' }])
          expectError(
            await t.request(method, url, { cookie: member.cookie, body: payload }),
            403,
            'FORBIDDEN',
          )
    expect(await requestState()).toEqual(before)
  })

  it('a client user cannot write an internal note on any request, their own included; a shared comment on their own works', async () => {
    const before = await requestState()
    for (const id of [A.request.id, A.otherRequest.id, B.request.id, MISSING_ID])
      expectError(
        await post(member.cookie, `/api/requests/${id}/comments`, { body: 'Note', internal: true }),
        403,
        'FORBIDDEN',
      )
    expect(await requestState()).toEqual(before)
    const shared = await post(member.cookie, `/api/requests/${A.request.id}/comments`, {
      body: 'Note',
    })
    expect(shared.statusCode, shared.body).toBe(201)
    expect(shared.json()).toMatchObject({ body: 'Note', internal: false })
  })

  it('the firm: 403 on the client user’s routes (submit, upload, remove a file, My requests), before any lookup', async () => {
    const before = await requestState()
    for (const body of [{ response: 'Done' }, {}])
      for (const id of [A.request.id, B.request.id, MISSING_ID])
        expectError(await post(A.cookie, `/api/requests/${id}/submit`, body), 403, 'FORBIDDEN')
    for (const id of [A.request.id, B.request.id, MISSING_ID])
      expectError(await upload(A.cookie, id), 403, 'FORBIDDEN')
    expectError(
      await t.request('DELETE', `/api/files/${MISSING_ID}`, { cookie: A.cookie }),
      403,
      'FORBIDDEN',
    )
    for (const c of [A, B])
      expectError(await as(c.cookie).get('/api/my-requests'), 403, 'FORBIDDEN')
    expect(await requestState()).toEqual(before)

    // The same calls by the client user go through: the refusals were about the role.
    const uploaded = await upload(member.cookie, A.request.id)
    expect(uploaded.statusCode, uploaded.body).toBe(201)
    const submitted = await post(member.cookie, `/api/requests/${A.request.id}/submit`, {
      response: 'Done',
    })
    expect(submitted.statusCode, submitted.body).toBe(200)
    const mine = await as(member.cookie).get('/api/my-requests')
    expect(mine.statusCode, mine.body).toBe(200)
    expect(mine.body).toContain(A.request.id)
  })
})
