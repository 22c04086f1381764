import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  AuditRequest,
  RequestComment as Comment,
  MyRequests,
  RequestDetail,
  RequestList,
} from '@shared/schemas/requests'
import type { NotificationPage } from '@shared/schemas/reminders'
import {
  createAudit,
  createProject,
  expectError,
  expectValidation,
  MISSING_ID,
  signedInClientUser,
  uploadFiles,
} from '../../test/factories'
import { APP_URL, createTestApp, signedInAdmin, type TestApp } from '../../test/harness'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

const headers = { origin: APP_URL }
const post = (cookie: string, path: string, body?: unknown) =>
  t.request('POST', path, { cookie, headers, ...(body === undefined ? {} : { body }) })
const propose = (cookie: string, id: string, body: unknown = { reason: 'No foreign accounts' }) =>
  post(cookie, `/api/requests/${id}/propose-not-applicable`, body)
const ask = (cookie: string, id: string, body: unknown = { question: 'Which year?' }) =>
  post(cookie, `/api/requests/${id}/ask`, body)
const detail = async (cookie: string, id: string) =>
  (await t.request('GET', `/api/requests/${id}`, { cookie })).json<RequestDetail>()
const notificationsOf = async (cookie: string) =>
  (await t.request('GET', '/api/notifications', { cookie })).json<NotificationPage>().items

/** A sent request assigned to a client user, due last year (overdue), and a draft. */
async function scene() {
  const admin = await signedInAdmin(t)
  const orgId = admin.user.company.id
  const project = await createProject(t, admin.cookie)
  const client = await signedInClientUser(t, orgId, project.clientId)
  const audit = await createAudit(t, admin.cookie, { projectId: project.id })
  const create = async (title: string) =>
    (
      await post(admin.cookie, `/api/audits/${audit.id}/requests`, {
        title,
        assigneeId: client.user.id,
        dueDate: '2020-01-31',
        documentRequired: true,
      })
    ).json<AuditRequest>()
  const request = await create('Foreign bank statements')
  const draft = await create('Still a draft')
  await post(admin.cookie, `/api/audits/${audit.id}/send`, { requestIds: [request.id] })
  return { admin, orgId, project, client, audit, request, draft }
}

describe('a client user proposes that a request does not apply', () => {
  it('puts it on the firm’s side, no longer overdue, in the history with the reason; the lead is told', async () => {
    const s = await scene()
    const before = await detail(s.client.cookie, s.request.id)
    expect(before).toMatchObject({ whoseMove: 'client', overdue: true, clientAsk: null })
    expect(before.allowedActions).toEqual(expect.arrayContaining(['propose_not_applicable', 'ask']))

    const res = await propose(s.client.cookie, s.request.id)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json<AuditRequest>()).toMatchObject({
      status: 'sent',
      whoseMove: 'firm',
      overdue: false,
      clientAsk: { kind: 'not_applicable', text: 'No foreign accounts' },
    })

    const firmView = await detail(s.admin.cookie, s.request.id)
    expect(firmView.allowedActions).toContain('decide_proposal')
    expect(firmView.history.at(-1)).toMatchObject({
      action: 'request.not_applicable_proposed',
      detail: 'No foreign accounts',
    })
    // The audit's table and the client's list put it on the firm's side.
    const firmSide = (
      await t.request('GET', `/api/audits/${s.audit.id}/requests?whoseMove=firm`, {
        cookie: s.admin.cookie,
      })
    ).json<RequestList>()
    expect(firmSide.requests.map((item) => item.id)).toContain(s.request.id)
    const overdue = (
      await t.request('GET', `/api/audits/${s.audit.id}/requests?overdue=true`, {
        cookie: s.admin.cookie,
      })
    ).json<RequestList>()
    expect(overdue.requests).toEqual([])
    const mine = (
      await t.request('GET', '/api/my-requests?whoseMove=client', { cookie: s.client.cookie })
    ).json<MyRequests>()
    expect(mine.flatMap((group) => group.requests)).toEqual([])

    expect((await notificationsOf(s.admin.cookie))[0]).toMatchObject({
      kind: 'comment',
      title: expect.stringContaining('proposes #1 Foreign bank statements as not applicable'),
      body: 'No foreign accounts',
    })
  })

  it('the firm agrees: not applicable for the client’s reason; the client is told', async () => {
    const s = await scene()
    await propose(s.client.cookie, s.request.id)
    const res = await post(s.admin.cookie, `/api/requests/${s.request.id}/proposal/accept`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json<AuditRequest>()).toMatchObject({
      status: 'not_applicable',
      notApplicableReason: 'No foreign accounts',
      clientAsk: null,
      whoseMove: null,
    })
    expect((await detail(s.client.cookie, s.request.id)).history.at(-1)).toMatchObject({
      action: 'request.proposal_accepted',
      detail: 'No foreign accounts',
    })
    expect((await notificationsOf(s.client.cookie))[0]).toMatchObject({
      kind: 'accepted',
      title: expect.stringContaining('agreed that #1 Foreign bank statements is not applicable'),
    })
    // Decided once: a second decision is refused and changes nothing.
    expectError(
      await post(s.admin.cookie, `/api/requests/${s.request.id}/proposal/accept`),
      409,
      'CONFLICT',
    )
  })

  it('the firm declines, saying why: back to the client, the reason in the discussion and the history', async () => {
    const s = await scene()
    await propose(s.client.cookie, s.request.id)
    const res = await post(s.admin.cookie, `/api/requests/${s.request.id}/proposal/decline`, {
      reason: 'You have a Swiss account',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json<AuditRequest>()).toMatchObject({
      status: 'sent',
      clientAsk: null,
      whoseMove: 'client',
      overdue: true,
    })
    const comments = (
      await t.request('GET', `/api/requests/${s.request.id}/comments`, { cookie: s.client.cookie })
    ).json<Comment[]>()
    expect(comments.map((comment) => comment.body)).toEqual(['You have a Swiss account'])
    expect((await detail(s.client.cookie, s.request.id)).history.at(-1)).toMatchObject({
      action: 'request.proposal_declined',
      detail: 'You have a Swiss account',
    })
    expect((await notificationsOf(s.client.cookie))[0]).toMatchObject({
      kind: 'comment',
      title: expect.stringContaining(
        'declined to mark #1 Foreign bank statements as not applicable',
      ),
    })
    // Nothing left to decide.
    const again = expectError(
      await post(s.admin.cookie, `/api/requests/${s.request.id}/proposal/decline`, { reason: 'x' }),
      409,
      'CONFLICT',
    )
    expect(again.message).toBe('The client has not proposed this request as not applicable')
  })

  it('refuses what does not fit, and changes nothing', async () => {
    const s = await scene()
    // Bad input.
    expectValidation(await propose(s.client.cookie, s.request.id, {}), ['reason'])
    expectValidation(await propose(s.client.cookie, s.request.id, { reason: '   ' }), ['reason'])
    expectValidation(await propose(s.client.cookie, s.request.id, { reason: 'x'.repeat(2001) }), [
      'reason',
    ])
    expectValidation(await propose(s.client.cookie, s.request.id, { reason: 'ok', extra: 1 }), [
      'extra',
    ])
    // The firm does not propose; a client user does not decide.
    expectError(await propose(s.admin.cookie, s.request.id), 403, 'FORBIDDEN')
    expectError(
      await post(s.client.cookie, `/api/requests/${s.request.id}/proposal/accept`),
      403,
      'FORBIDDEN',
    )
    // A draft is not the client's to see; a missing or malformed id is not found.
    expectError(await propose(s.client.cookie, s.draft.id), 404, 'NOT_FOUND')
    expectError(await propose(s.client.cookie, MISSING_ID), 404, 'NOT_FOUND')
    expect((await propose(s.client.cookie, 'not-an-id')).statusCode).toBe(400)
    // Another client of the firm, and another firm, cannot reach it.
    const other = await createProject(t, s.admin.cookie)
    const stranger = await signedInClientUser(t, s.orgId, other.clientId)
    expectError(await propose(stranger.cookie, s.request.id), 404, 'NOT_FOUND')
    const otherFirm = await signedInAdmin(t)
    expectError(
      await post(otherFirm.cookie, `/api/requests/${s.request.id}/proposal/accept`),
      404,
      'NOT_FOUND',
    )
    // Nothing to decide before a proposal.
    expectError(
      await post(s.admin.cookie, `/api/requests/${s.request.id}/proposal/accept`),
      409,
      'CONFLICT',
    )
    expect(await detail(s.client.cookie, s.request.id)).toMatchObject({
      status: 'sent',
      clientAsk: null,
    })
    // Once settled, there is nothing to propose.
    await post(s.admin.cookie, `/api/requests/${s.request.id}/not-applicable`, { reason: 'Gone' })
    const late = expectError(await propose(s.client.cookie, s.request.id), 409, 'CONFLICT')
    expect(late.message).toContain('not applicable')
  })

  it('an answer submitted meanwhile ends the proposal', async () => {
    const s = await scene()
    await propose(s.client.cookie, s.request.id)
    const upload = await uploadFiles(t, s.client.cookie, s.request.id, [
      { name: 'statement.txt', data: Buffer.from('balance'), type: 'text/plain' },
    ])
    expect(upload.statusCode, upload.body).toBe(201)
    const submitted = await post(s.client.cookie, `/api/requests/${s.request.id}/submit`, {})
    expect(submitted.statusCode, submitted.body).toBe(200)
    expect(submitted.json<AuditRequest>()).toMatchObject({ status: 'submitted', clientAsk: null })
    expectError(
      await post(s.admin.cookie, `/api/requests/${s.request.id}/proposal/accept`),
      409,
      'CONFLICT',
    )
  })
})

describe('a client user asks the firm a question', () => {
  it('in the discussion, the firm’s move until a firm reply; an internal note does not answer it', async () => {
    const s = await scene()
    const res = await ask(s.client.cookie, s.request.id, { question: 'Which year do you need?' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json<AuditRequest>()).toMatchObject({
      whoseMove: 'firm',
      clientAsk: { kind: 'question', text: 'Which year do you need?' },
    })
    const comments = (
      await t.request('GET', `/api/requests/${s.request.id}/comments`, { cookie: s.admin.cookie })
    ).json<Comment[]>()
    expect(comments.map((comment) => comment.body)).toEqual(['Which year do you need?'])
    expect((await notificationsOf(s.admin.cookie))[0]).toMatchObject({
      title: expect.stringContaining('asked a question on #1 Foreign bank statements'),
    })

    await post(s.admin.cookie, `/api/requests/${s.request.id}/comments`, {
      body: 'Check with the partner',
      internal: true,
    })
    expect((await detail(s.admin.cookie, s.request.id)).whoseMove).toBe('firm')

    // The client's own follow-up does not answer it either.
    await post(s.client.cookie, `/api/requests/${s.request.id}/comments`, { body: 'Any news?' })
    expect((await detail(s.admin.cookie, s.request.id)).whoseMove).toBe('firm')

    await post(s.admin.cookie, `/api/requests/${s.request.id}/comments`, { body: '2025, please' })
    expect(await detail(s.client.cookie, s.request.id)).toMatchObject({
      whoseMove: 'client',
      clientAsk: null,
    })
  })

  it('a question on a request with a proposal waiting replaces it; staff cannot ask', async () => {
    const s = await scene()
    await propose(s.client.cookie, s.request.id)
    await ask(s.client.cookie, s.request.id)
    expect((await detail(s.admin.cookie, s.request.id)).clientAsk).toMatchObject({
      kind: 'question',
    })
    expectError(
      await post(s.admin.cookie, `/api/requests/${s.request.id}/proposal/accept`),
      409,
      'CONFLICT',
    )
    expectError(await ask(s.admin.cookie, s.request.id), 403, 'FORBIDDEN')
    expectValidation(await ask(s.client.cookie, s.request.id, { question: '' }), ['question'])
    expectValidation(await ask(s.client.cookie, s.request.id, { question: 42 }), ['question'])
  })
})

describe('GET /api/requests/{id} names where the request sits', () => {
  it('its audit’s project and client, for the firm and the client user alike', async () => {
    const s = await scene()
    for (const cookie of [s.admin.cookie, s.client.cookie]) {
      const read = await detail(cookie, s.request.id)
      expect(read.project).toEqual({ id: s.project.id, name: expect.any(String) })
      expect(read.client).toEqual({ id: s.project.clientId, name: expect.any(String) })
      expect(read.client.name.length).toBeGreaterThan(0)
    }
  })
})
