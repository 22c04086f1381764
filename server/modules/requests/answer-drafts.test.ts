import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnswerDraft, AuditRequest, MyRequests } from '@shared/schemas/requests'
import { selectRows } from '../../db/client'
import {
  createAudit,
  createProject,
  expectError,
  expectValidation,
  MISSING_ID,
  signedInClientUser,
  signedInStaff,
  uploadFiles,
} from '../../test/factories'
import { APP_URL, createTestApp, signedInAdmin, type TestApp } from '../../test/harness'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

const headers = { origin: APP_URL }
const draftOf = (cookie: string, id: string) =>
  t.request('GET', `/api/requests/${id}/answer-draft`, { cookie })
const save = (cookie: string, id: string, body: unknown) =>
  t.request('PUT', `/api/requests/${id}/answer-draft`, { cookie, headers, body })

const storedDrafts = async () =>
  (await selectRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from answer_drafts`))[0]!
    .n

async function scene() {
  const admin = await signedInAdmin(t)
  const orgId = admin.user.company.id
  const project = await createProject(t, admin.cookie)
  const client = await signedInClientUser(t, orgId, project.clientId)
  const colleague = await signedInClientUser(t, orgId, project.clientId)
  const audit = await createAudit(t, admin.cookie, { projectId: project.id })
  const create = async (title: string) =>
    (
      await t.request('POST', `/api/audits/${audit.id}/requests`, {
        cookie: admin.cookie,
        headers,
        body: { title, assigneeId: client.user.id },
      })
    ).json<AuditRequest>()
  const request = await create('Bank statements')
  const draft = await create('Still a draft')
  await t.request('POST', `/api/audits/${audit.id}/send`, {
    cookie: admin.cookie,
    headers,
    body: { requestIds: [request.id] },
  })
  return { admin, orgId, client, colleague, request, draft }
}

describe('GET and PUT /api/requests/{id}/answer-draft', () => {
  it('kept for the client user who writes it, restored, and gone once they submit', async () => {
    const s = await scene()
    expect((await draftOf(s.client.cookie, s.request.id)).json()).toEqual({
      response: '',
      savedAt: null,
    })
    const saved = await save(s.client.cookie, s.request.id, { response: 'Half of my answer' })
    expect(saved.statusCode, saved.body).toBe(200)
    const reply = saved.json<AnswerDraft>()
    expect(reply.response).toBe('Half of my answer')
    expect(Date.parse(reply.savedAt!)).not.toBeNaN()
    await save(s.client.cookie, s.request.id, { response: 'All of my answer' })
    expect((await draftOf(s.client.cookie, s.request.id)).json()).toMatchObject({
      response: 'All of my answer',
    })
    // A colleague of the same client has their own (none).
    expect((await draftOf(s.colleague.cookie, s.request.id)).json()).toMatchObject({ response: '' })
    const submitted = await t.request('POST', `/api/requests/${s.request.id}/submit`, {
      cookie: s.client.cookie,
      headers,
      body: { response: 'All of my answer' },
    })
    expect(submitted.statusCode, submitted.body).toBe(200)
    expect((await draftOf(s.client.cookie, s.request.id)).json()).toEqual({
      response: '',
      savedAt: null,
    })
    // Submitted: it takes no answer in progress until it is returned.
    expectError(await save(s.client.cookie, s.request.id, { response: 'More' }), 409, 'CONFLICT')
  })

  it('an empty response removes it', async () => {
    const s = await scene()
    await save(s.client.cookie, s.request.id, { response: 'Something' })
    const cleared = await save(s.client.cookie, s.request.id, { response: '' })
    expect(cleared.json()).toEqual({ response: '', savedAt: null })
  })

  it('never the firm’s: 404 for staff and admins, and nowhere in what the firm reads', async () => {
    const s = await scene()
    await save(s.client.cookie, s.request.id, { response: 'A secret in progress' })
    const staff = await signedInStaff(t, s.orgId)
    for (const cookie of [s.admin.cookie, staff.cookie]) {
      expectError(await draftOf(cookie, s.request.id), 404, 'NOT_FOUND')
      expectError(await save(cookie, s.request.id, { response: 'x' }), 404, 'NOT_FOUND')
    }
    const detail = await t.request('GET', `/api/requests/${s.request.id}`, {
      cookie: s.admin.cookie,
    })
    expect(detail.body).not.toContain('A secret in progress')
    const list = await t.request('GET', `/api/audits/${s.request.auditId}/requests`, {
      cookie: s.admin.cookie,
    })
    expect(list.body).not.toContain('A secret in progress')
  })

  it('what the client cannot see, another company’s, bad bodies → errors, nothing stored', async () => {
    const s = await scene()
    const before = await storedDrafts()
    expectError(await save(s.client.cookie, s.draft.id, { response: 'x' }), 404, 'NOT_FOUND')
    expectError(await draftOf(s.client.cookie, s.draft.id), 404, 'NOT_FOUND')
    expectError(await save(s.client.cookie, MISSING_ID, { response: 'x' }), 404, 'NOT_FOUND')
    const other = await scene()
    expectError(await save(s.client.cookie, other.request.id, { response: 'x' }), 404, 'NOT_FOUND')
    expectValidation(await save(s.client.cookie, 'nope', { response: 'x' }), ['id'])
    expectValidation(await save(s.client.cookie, s.request.id, {}), ['response'])
    expectValidation(await save(s.client.cookie, s.request.id, { response: 5 }), ['response'])
    expectValidation(await save(s.client.cookie, s.request.id, { response: 'x'.repeat(20_001) }), [
      'response',
    ])
    expectValidation(await save(s.client.cookie, s.request.id, { response: 'x', extra: 1 }), [
      'extra',
    ])
    expectError(
      await t.request('PUT', `/api/requests/${s.request.id}/answer-draft`, {
        headers,
        body: { response: 'x' },
      }),
      401,
      'UNAUTHENTICATED',
    )
    expect(await storedDrafts()).toBe(before)
  })
})

describe('what My requests says of an answer in progress', () => {
  const mine = async (cookie: string) => {
    const res = await t.request('GET', '/api/my-requests', { cookie })
    expect(res.statusCode, res.body).toBe(200)
    return res.json<MyRequests>().flatMap((group) => group.requests)
  }

  it('a saved draft and files not submitted show on the user’s own row; a colleague’s row and the firm’s list do not', async () => {
    const s = await scene()
    const [before] = await mine(s.client.cookie)
    expect(before!.inProgress).toEqual({ draftSaved: false, filesAttached: 0 })

    await save(s.client.cookie, s.request.id, { response: 'Half of my answer' })
    const uploaded = await uploadFiles(t, s.client.cookie, s.request.id, [
      { name: 'a.pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n'), type: 'application/pdf' },
      { name: 'b.pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n'), type: 'application/pdf' },
    ])
    expect(uploaded.statusCode, uploaded.body).toBe(201)
    const [started] = await mine(s.client.cookie)
    expect(started!.inProgress).toEqual({ draftSaved: true, filesAttached: 2 })
    // The files are the request's (the colleague sees them waiting); the draft is the writer's.
    const [theirs] = await mine(s.colleague.cookie)
    expect(theirs!.inProgress).toEqual({ draftSaved: false, filesAttached: 2 })
    // The firm's list has no such field.
    const firm = await t.request('GET', `/api/audits/${started!.auditId}/requests`, {
      cookie: s.admin.cookie,
    })
    expect(firm.body).not.toContain('inProgress')

    // Submitted: nothing in progress any more.
    const submitted = await t.request('POST', `/api/requests/${s.request.id}/submit`, {
      cookie: s.client.cookie,
      headers,
      body: { response: 'All of my answer' },
    })
    expect(submitted.statusCode, submitted.body).toBe(200)
    const [after] = await mine(s.client.cookie)
    expect(after!.inProgress).toEqual({ draftSaved: false, filesAttached: 0 })
  })
})
