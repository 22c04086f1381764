import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Audit } from '@shared/schemas/audits'
import type { Dashboard } from '@shared/schemas/dashboard'
import type {
  AuditRequest,
  MyRequests,
  RequestComment,
  RequestDetail,
  RequestList,
} from '@shared/schemas/requests'
import { selectRows } from '../../db/client'
import {
  createAudit,
  createItem,
  createProject,
  createTemplate,
  expectError,
  expectIsoTimestamp,
  expectValidation,
  MISSING_ID,
  signedInClientUser,
  UUID,
} from '../../test/factories'
import { APP_URL, createTestApp, signedInAdmin, type TestApp } from '../../test/harness'

let t: TestApp
let admin: string
let orgId: string
let clientId: string
let projectId: string
let member: Awaited<ReturnType<typeof signedInClientUser>>
let colleague: Awaited<ReturnType<typeof signedInClientUser>>

beforeAll(async () => {
  t = await createTestApp()
  const a = await signedInAdmin(t)
  admin = a.cookie
  orgId = a.user.company.id
  const project = await createProject(t, admin)
  projectId = project.id
  clientId = project.clientId
  member = await signedInClientUser(t, orgId, clientId)
  colleague = await signedInClientUser(t, orgId, clientId)
})
afterAll(async () => t?.close())

const call = (
  cookie: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
) => t.request(method, url, { cookie, body })

async function ok<T>(res: Awaited<ReturnType<typeof call>>, status = 200) {
  expect(res.statusCode, res.body).toBe(status)
  return res.json<T>()
}

const newAudit = (body: Record<string, unknown> = {}) =>
  createAudit(t, admin, { projectId, ...body })
const addDraft = (auditId: string, body: Record<string, unknown> = {}) =>
  call(admin, 'POST', `/api/audits/${auditId}/requests`, { title: 'Bank statements', ...body })
const draft = async (auditId: string, body: Record<string, unknown> = {}) =>
  ok<AuditRequest>(await addDraft(auditId, body), 201)
const list = async (auditId: string, cookie = admin) =>
  ok<RequestList>(await call(cookie, 'GET', `/api/audits/${auditId}/requests`))
const detail = async (id: string, cookie = admin) =>
  ok<RequestDetail>(await call(cookie, 'GET', `/api/requests/${id}`))
const send = (auditId: string, body: Record<string, unknown> = {}) =>
  call(admin, 'POST', `/api/audits/${auditId}/send`, body)
const act = (cookie: string, id: string, action: string, body?: unknown) =>
  call(cookie, 'POST', `/api/requests/${id}/${action}`, body)

/** A request moved to `status` through the API. */
async function requestIn(
  status: 'draft' | 'sent' | 'submitted' | 'accepted' | 'returned' | 'not_applicable',
  flags: Record<string, unknown> = {},
) {
  const audit = await newAudit()
  const request = await draft(audit.id, { assigneeId: member.user.id, ...flags })
  if (status === 'draft') return request
  if (status === 'not_applicable') {
    await ok(await act(admin, request.id, 'not-applicable', { reason: 'Dormant account' }))
    return request
  }
  await ok(await send(audit.id))
  if (status === 'sent') return request
  await ok(await act(member.cookie, request.id, 'submit', { response: 'Attached' }))
  if (status === 'submitted') return request
  if (status === 'accepted') await ok(await act(admin, request.id, 'accept'))
  if (status === 'returned')
    await ok(await act(admin, request.id, 'return', { reason: 'Wrong year' }))
  return request
}

async function tableCounts() {
  const [row] = await selectRows<Record<string, number>>(
    t.app.db,
    sql`select (select count(*)::int from audit_requests) as requests,
      (select count(*)::int from request_versions) as versions,
      (select count(*)::int from request_comments) as comments,
      (select count(*)::int from activity_events) as events,
      (select string_agg(id::text || status || updated_at::text, ',' order by id) from audit_requests) as states`,
  )
  return row!
}

describe('POST /api/audits with templateId', () => {
  it('starts the audit with one draft request per template item, in order: a snapshot', async () => {
    const template = await createTemplate(t, admin)
    const second = await createItem(t, admin, {
      templateId: template.id,
      title: 'Second',
      order: 2,
      requiresDocument: true,
    })
    await createItem(t, admin, {
      templateId: template.id,
      title: 'First',
      description: 'Explain',
      order: 1,
      requiresResponse: true,
    })
    const res = await call(admin, 'POST', '/api/audits', {
      name: 'From template',
      projectId,
      templateId: template.id,
    })
    const audit = await ok<Audit>(res, 201)
    expect(Object.keys(audit)).not.toContain('templateId')
    const { requests, progress } = await list(audit.id)
    expect(progress).toEqual({ accepted: 0, total: 2 })
    expect(requests.map((r) => [r.number, r.title, r.status])).toEqual([
      [1, 'First', 'draft'],
      [2, 'Second', 'draft'],
    ])
    expect(requests[0]).toMatchObject({
      description: 'Explain',
      responseRequired: true,
      documentRequired: false,
      assigneeId: null,
      assigneeName: null,
      dueDate: null,
      overdue: false,
      sentAt: null,
    })
    expect(requests[1]).toMatchObject({ documentRequired: true, responseRequired: false })
    // Editing or deleting the template later changes nothing in the audit.
    await ok(await call(admin, 'PATCH', `/api/template-items/${second.id}`, { title: 'Renamed' }))
    expect((await call(admin, 'DELETE', `/api/templates/${template.id}`)).statusCode).toBe(204)
    expect((await list(audit.id)).requests.map((r) => r.title)).toEqual(['First', 'Second'])
  })

  it('another company’s, a missing or a malformed template → 400 on templateId, no audit stored', async () => {
    const other = await signedInAdmin(t)
    const theirs = await createTemplate(t, other.cookie)
    const before = await tableCounts()
    const audits = (await call(admin, 'GET', `/api/audits?projectId=${projectId}`)).json<Audit[]>()
    for (const templateId of [theirs.id, MISSING_ID, 'nope', 12, null]) {
      expectValidation(
        await call(admin, 'POST', '/api/audits', { name: 'X', projectId, templateId }),
        ['templateId'],
      )
    }
    expect(await tableCounts()).toEqual(before)
    expect((await call(admin, 'GET', `/api/audits?projectId=${projectId}`)).json()).toEqual(audits)
  })
})

describe('drafts: add, edit, reorder, remove', () => {
  it('POST /api/audits/{id}/requests: 201 with the whole request, after the last one', async () => {
    const audit = await newAudit()
    const first = await draft(audit.id, { title: ' Ledger ', description: ' d ' })
    expect(Object.keys(first).sort()).toEqual(
      [
        'acceptedAt',
        'allowedActions',
        'answerType',
        'assigneeId',
        'assigneeName',
        'auditId',
        'choices',
        'clientAsk',
        'createdAt',
        'description',
        'documentRequired',
        'dueDate',
        'id',
        'notApplicableReason',
        'number',
        'overdue',
        'position',
        'reference',
        'remindersPaused',
        'responseRequired',
        'section',
        'sentAt',
        'status',
        'submittedAt',
        'title',
        'updatedAt',
        'whoseMove',
      ].sort(),
    )
    expect(first).toMatchObject({
      auditId: audit.id,
      whoseMove: 'firm',
      remindersPaused: false,
      number: 1,
      position: 'a0',
      title: 'Ledger',
      description: 'd',
      status: 'draft',
      // What the firm may do with a draft; the client's actions come once it is sent.
      allowedActions: [
        'edit',
        'plan',
        'move',
        'delete',
        'send',
        'not_applicable',
        'comment',
        'internal_note',
      ],
    })
    expect(first.id).toMatch(UUID)
    expectIsoTimestamp(first.createdAt)
    const second = await draft(audit.id, {
      assigneeId: member.user.id,
      dueDate: '2030-01-31',
      documentRequired: true,
    })
    expect(second).toMatchObject({
      number: 2,
      position: 'a1',
      assigneeId: member.user.id,
      assigneeName: 'Clara Client',
      dueDate: '2030-01-31',
    })
    expect((await list(audit.id)).requests).toEqual([
      { ...first, fileCount: 0 },
      { ...second, fileCount: 0 },
    ])
  })

  it('POST …/from-template adds the items after the existing requests', async () => {
    const audit = await newAudit()
    await draft(audit.id, { title: 'Manual' })
    const template = await createTemplate(t, admin)
    await createItem(t, admin, { templateId: template.id, title: 'T1' })
    await createItem(t, admin, { templateId: template.id, title: 'T2' })
    const added = await ok<AuditRequest[]>(
      await call(admin, 'POST', `/api/audits/${audit.id}/requests/from-template`, {
        templateId: template.id,
      }),
      201,
    )
    expect(added.map((r) => [r.number, r.title])).toEqual([
      [2, 'T1'],
      [3, 'T2'],
    ])
    const empty = await createTemplate(t, admin)
    expect(
      await ok(
        await call(admin, 'POST', `/api/audits/${audit.id}/requests/from-template`, {
          templateId: empty.id,
        }),
        201,
      ),
    ).toEqual([])
    expectValidation(
      await call(admin, 'POST', `/api/audits/${audit.id}/requests/from-template`, {
        templateId: MISSING_ID,
      }),
      ['templateId'],
    )
    expectError(
      await call(admin, 'POST', `/api/audits/${MISSING_ID}/requests/from-template`, {
        templateId: template.id,
      }),
      404,
      'NOT_FOUND',
    )
  })

  it('PATCH changes a draft’s fields, never its place (the move call does that)', async () => {
    const audit = await newAudit()
    const a = await draft(audit.id, { title: 'A' })
    await draft(audit.id, { title: 'B' })
    const refused = await call(admin, 'PATCH', `/api/requests/${a.id}`, { position: 1 })
    expectValidation(refused, ['position'])
    expect((await list(audit.id)).requests.map((r) => [r.number, r.title])).toEqual([
      [1, 'A'],
      [2, 'B'],
    ])
    const edited = await ok<AuditRequest>(
      await call(admin, 'PATCH', `/api/requests/${a.id}`, {
        title: 'A2',
        description: '',
        documentRequired: true,
        responseRequired: true,
        assigneeId: colleague.user.id,
        dueDate: '2031-02-28',
      }),
    )
    expect(edited).toMatchObject({
      title: 'A2',
      description: null,
      documentRequired: true,
      responseRequired: true,
      assigneeId: colleague.user.id,
      dueDate: '2031-02-28',
    })
    expect(
      await ok(await call(admin, 'PATCH', `/api/requests/${a.id}`, { assigneeId: null })),
    ).toMatchObject({ assigneeId: null, assigneeName: null })
    // An empty body changes nothing.
    expect(await ok(await call(admin, 'PATCH', `/api/requests/${a.id}`, {}))).toMatchObject({
      title: 'A2',
    })
  })

  it('assignee: only a client user of the audit’s client (400 on assigneeId otherwise)', async () => {
    const audit = await newAudit()
    const request = await draft(audit.id)
    const stranger = await signedInClientUser(t, orgId) // another client of the company
    const otherCompany = await signedInAdmin(t)
    const before = await tableCounts()
    const me = (await call(admin, 'GET', '/api/auth/me')).json<{ id: string }>()
    for (const assigneeId of [stranger.user.id, me.id, otherCompany.user.id, MISSING_ID]) {
      expectValidation(await addDraft(audit.id, { assigneeId }), ['assigneeId'])
      expectValidation(await call(admin, 'PATCH', `/api/requests/${request.id}`, { assigneeId }), [
        'assigneeId',
      ])
    }
    expect(await tableCounts()).toEqual(before)
  })

  it('DELETE removes a draft (204); anything sent stays (409 naming its status)', async () => {
    const audit = await newAudit()
    const gone = await draft(audit.id)
    expect((await call(admin, 'DELETE', `/api/requests/${gone.id}`)).statusCode).toBe(204)
    expectError(await call(admin, 'DELETE', `/api/requests/${gone.id}`), 404, 'NOT_FOUND')
    expectError(await call(admin, 'GET', `/api/requests/${gone.id}`), 404, 'NOT_FOUND')
    for (const status of ['sent', 'submitted', 'accepted', 'returned', 'not_applicable'] as const) {
      const request = await requestIn(status)
      const body = expectError(
        await call(admin, 'DELETE', `/api/requests/${request.id}`),
        409,
        'CONFLICT',
      )
      expect(body.message).toContain(`is ${status.replace('_', ' ')}`)
      expect((await detail(request.id)).status).toBe(status)
    }
  })

  it('after sending: requirements are frozen; the wording changes (in its history) and the plan until accepted', async () => {
    const sent = await requestIn('sent')
    const frozen = await detail(sent.id)
    for (const body of [
      { documentRequired: true },
      { responseRequired: true },
      { title: 'Changed', responseRequired: true },
    ]) {
      const res = expectError(
        await call(admin, 'PATCH', `/api/requests/${sent.id}`, body),
        409,
        'CONFLICT',
      )
      expect(res.message).toBe("This request is sent: only a draft's requirements can change")
    }
    expect(await detail(sent.id)).toEqual(frozen)
    // Reworded: the client sees the new words, and that they changed.
    const reworded = await ok<AuditRequest>(
      await call(admin, 'PATCH', `/api/requests/${sent.id}`, {
        title: 'Bank statements 2026',
        description: 'All accounts',
        dueDate: '2031-01-31',
      }),
    )
    expect(reworded).toMatchObject({
      title: 'Bank statements 2026',
      description: 'All accounts',
      dueDate: '2031-01-31',
    })
    const seen = await detail(sent.id, member.cookie)
    expect(seen.title).toBe('Bank statements 2026')
    expect(seen.history.at(-1)).toMatchObject({
      action: 'request.reworded',
      target: `#${sent.number} Bank statements`,
    })
    // The same words again change nothing in the history.
    await ok(
      await call(admin, 'PATCH', `/api/requests/${sent.id}`, { title: 'Bank statements 2026' }),
    )
    expect(
      (await detail(sent.id)).history.filter((e) => e.action === 'request.reworded'),
    ).toHaveLength(1)
    // A client user may not.
    expectError(
      await call(member.cookie, 'PATCH', `/api/requests/${sent.id}`, { title: 'Mine' }),
      403,
      'FORBIDDEN',
    )
    const accepted = await requestIn('accepted')
    expect(
      expectError(
        await call(admin, 'PATCH', `/api/requests/${accepted.id}`, { title: 'Late' }),
        409,
        'CONFLICT',
      ).message,
    ).toBe('This request is accepted: its title and description can no longer change')
    expect(
      await ok(
        await call(admin, 'PATCH', `/api/requests/${sent.id}`, {
          assigneeId: colleague.user.id,
          dueDate: '2032-03-01',
        }),
      ),
    ).toMatchObject({ assigneeId: colleague.user.id, dueDate: '2032-03-01' })
    expectValidation(await call(admin, 'PATCH', `/api/requests/${sent.id}`, { assigneeId: null }), [
      'assigneeId',
    ])
    for (const status of ['submitted', 'returned'] as const) {
      const request = await requestIn(status)
      await ok(await call(admin, 'PATCH', `/api/requests/${request.id}`, { dueDate: null }))
    }
    for (const status of ['accepted', 'not_applicable'] as const) {
      const request = await requestIn(status)
      const res = expectError(
        await call(admin, 'PATCH', `/api/requests/${request.id}`, { dueDate: '2030-01-01' }),
        409,
        'CONFLICT',
      )
      expect(res.message).toContain(`is ${status.replace('_', ' ')}`)
    }
  })

  it('invalid bodies and ids → 400 with field paths, nothing stored', async () => {
    const audit = await newAudit()
    const request = await draft(audit.id)
    const before = await tableCounts()
    const cases: Array<[unknown, string[]]> = [
      [{}, ['title']],
      [{ title: '   ' }, ['title']],
      [{ title: 'x'.repeat(201) }, ['title']],
      [{ title: 'a\u0000b' }, ['title']],
      [{ title: 5 }, ['title']],
      [{ title: 'T', description: 'x'.repeat(5001) }, ['description']],
      [{ title: 'T', documentRequired: 'yes' }, ['documentRequired']],
      [{ title: 'T', responseRequired: 1 }, ['responseRequired']],
      [{ title: 'T', position: -1 }, ['position']],
      [{ title: 'T', position: 1.5 }, ['position']],
      [{ title: 'T', position: 100_001 }, ['position']],
      [{ title: 'T', dueDate: '2025-02-30' }, ['dueDate']],
      [{ title: 'T', assigneeId: 'someone' }, ['assigneeId']],
      [{ title: 'T', status: 'accepted' }, ['status']],
      [{ title: 'T', auditId: MISSING_ID }, ['auditId']],
      [{ title: 'T', organizationId: MISSING_ID }, ['organizationId']],
      [{ title: 'T', id: MISSING_ID }, ['id']],
    ]
    for (const [body, paths] of cases) {
      expectValidation(await call(admin, 'POST', `/api/audits/${audit.id}/requests`, body), paths)
      if (!(body as { title?: unknown }).title || paths[0] === 'title') continue
      const { title: _title, ...patch } = body as Record<string, unknown>
      expectValidation(await call(admin, 'PATCH', `/api/requests/${request.id}`, patch), paths)
    }
    expectValidation(await call(admin, 'PATCH', '/api/requests/not-an-id', { title: 'x' }), ['id'])
    expectValidation(await call(admin, 'GET', '/api/audits/nope/requests'), ['id'])
    expectError(await addDraft(MISSING_ID), 404, 'NOT_FOUND')
    expectError(await call(admin, 'GET', `/api/audits/${MISSING_ID}/requests`), 404, 'NOT_FOUND')
    expectError(
      await call(admin, 'PATCH', `/api/requests/${MISSING_ID}`, { title: 'x' }),
      404,
      'NOT_FOUND',
    )
    expect(await tableCounts()).toEqual(before)
  })
})

describe('POST /api/audits/{id}/send', () => {
  it('sends every draft, logs each, and mails each assignee one list with a link to My requests', async () => {
    const audit = await newAudit({ name: 'Year-end 2030' })
    const a = await draft(audit.id, {
      title: 'Bank statements',
      assigneeId: member.user.id,
      dueDate: '2030-02-01',
    })
    const b = await draft(audit.id, { title: 'Payroll', assigneeId: member.user.id })
    const c = await draft(audit.id, { title: 'Leases', assigneeId: colleague.user.id })
    await t.app.jobs.idle()
    const mailsBefore = t.smtp.to(member.user.email).length
    t.clock.advance(1000)
    const sent = await ok<AuditRequest[]>(await send(audit.id))
    expect(sent.map((r) => [r.id, r.status])).toEqual([
      [a.id, 'sent'],
      [b.id, 'sent'],
      [c.id, 'sent'],
    ])
    for (const request of sent) expectIsoTimestamp(request.sentAt)
    const mail = await t.smtp.waitFor(member.user.email, mailsBefore)
    // The firm and the client named: two clients may have audits of one name.
    const names = await selectRows<{ firm: string; client: string }>(
      t.app.db,
      sql`select o.name as firm, c.name as client from organizations o, clients c
          where o.id = ${orgId} and c.id = ${clientId}`,
    )
    expect(mail.subject).toBe(
      `${names[0]!.firm}: 2 new requests for Year-end 2030 (${names[0]!.client})`,
    )
    expect(mail.body).toContain('#1 Bank statements (due Feb 1, 2030)')
    expect(mail.body).toContain('#2 Payroll')
    expect(mail.body).not.toContain('Leases')
    expect(mail.body).toContain(`${APP_URL}/my-requests`)
    await t.app.jobs.idle()
    const colleagueMails = t.smtp.to(colleague.user.email)
    expect(colleagueMails.at(-1)!.body).toContain('#3 Leases')
    expect(t.smtp.to(member.user.email).length).toBe(mailsBefore + 1)
    const history = (await detail(a.id)).history
    expect(history).toEqual([
      expect.objectContaining({ action: 'request.created', actor: 'Ada Lovelace' }),
      expect.objectContaining({
        action: 'request.sent',
        actor: 'Ada Lovelace',
        target: '#1 Bank statements',
      }),
    ])
    // Nothing left to send.
    expectError(await send(audit.id), 409, 'CONFLICT')
  })

  it('only the given drafts; any without an assignee → 400 listing them, nothing sent', async () => {
    const audit = await newAudit()
    const assigned = await draft(audit.id, { assigneeId: member.user.id })
    const bare = await draft(audit.id, { title: 'No one' })
    const later = await draft(audit.id, { assigneeId: member.user.id })
    const before = await tableCounts()
    const refused = expectValidation(await send(audit.id), [`requests.${bare.id}.assigneeId`])
    expect(refused.message).toContain('#2 No one')
    expectValidation(await send(audit.id, { requestIds: [assigned.id, bare.id] }), [
      `requests.${bare.id}.assigneeId`,
    ])
    expect(await tableCounts()).toEqual(before)
    const sent = await ok<AuditRequest[]>(await send(audit.id, { requestIds: [assigned.id] }))
    expect(sent.map((r) => r.id)).toEqual([assigned.id])
    expect((await list(audit.id)).requests.map((r) => r.status)).toEqual(['sent', 'draft', 'draft'])
    // A request already sent → 409 naming it; ids of another audit or company → 400.
    const again = expectError(
      await send(audit.id, { requestIds: [assigned.id, later.id] }),
      409,
      'CONFLICT',
    )
    expect(again.message).toContain('is sent')
    const elsewhere = await draft((await newAudit()).id, { assigneeId: member.user.id })
    for (const [requestIds, path] of [
      [[elsewhere.id], 'requestIds'],
      [[MISSING_ID], 'requestIds'],
      [[], 'requestIds'],
      ['all', 'requestIds'],
      [['x'], 'requestIds.0'],
    ] as const)
      expectValidation(await send(audit.id, { requestIds }), [path])
    expectValidation(await send(audit.id, { everything: true }), ['everything'])
    expectError(await send(MISSING_ID), 404, 'NOT_FOUND')
  })

  it('an assignee who is no longer a client user of that client blocks the send', async () => {
    const audit = await newAudit()
    const leaver = await signedInClientUser(t, orgId, clientId)
    const request = await draft(audit.id, { assigneeId: leaver.user.id })
    await ok(await call(admin, 'PATCH', `/api/users/${leaver.user.id}`, { role: 'admin' }))
    expectValidation(await send(audit.id), [`requests.${request.id}.assigneeId`])
    expect((await detail(request.id)).status).toBe('draft')
  })
})

describe('the state machine through the API, per role', () => {
  const STATUSES = ['draft', 'sent', 'submitted', 'accepted', 'returned', 'not_applicable'] as const
  const bodies: Record<string, unknown> = {
    submit: { response: 'Here it is' },
    accept: undefined,
    reopen: undefined,
    return: { reason: 'Wrong year' },
    'not-applicable': { reason: 'Closed account' },
  }
  const allowedFrom: Record<
    string,
    { role: 'admin' | 'client'; from: string[]; to: string; event?: string }
  > = {
    submit: { role: 'client', from: ['sent', 'returned'], to: 'submitted' },
    accept: { role: 'admin', from: ['submitted'], to: 'accepted' },
    reopen: { role: 'admin', from: ['accepted'], to: 'submitted', event: 'request.reopened' },
    return: { role: 'admin', from: ['submitted'], to: 'returned' },
    'not-applicable': {
      role: 'admin',
      from: ['draft', 'sent', 'submitted', 'returned'],
      to: 'not_applicable',
    },
  }

  const neverSent = (status: string) => status === 'draft' || status === 'not_applicable'

  for (const [action, rule] of Object.entries(allowedFrom)) {
    for (const role of ['admin', 'client'] as const) {
      it(`${action} by ${role}: from each status`, async () => {
        for (const status of STATUSES) {
          const request = await requestIn(status)
          const cookie = role === 'admin' ? admin : member.cookie
          const before = await tableCounts()
          const res = await act(cookie, request.id, action, bodies[action])
          const where = `${action} by ${role} from ${status}`
          if (role !== rule.role) {
            // A client user never learns whether a request that was never sent exists: a draft,
            // or a draft marked not applicable (requestIn's), is invisible to them.
            if (role === 'client' && neverSent(status) && action === 'submit')
              expectError(res, 404, 'NOT_FOUND')
            else expectError(res, 403, 'FORBIDDEN')
            expect(await tableCounts(), where).toEqual(before)
          } else if (!rule.from.includes(status)) {
            if (role === 'client' && neverSent(status)) expectError(res, 404, 'NOT_FOUND')
            else {
              const body = expectError(res, 409, 'CONFLICT')
              expect(body.message, where).toContain(`This request is ${status.replace('_', ' ')}`)
            }
            expect(await tableCounts(), where).toEqual(before)
          } else {
            expect(res.statusCode, `${where}: ${res.body}`).toBe(200)
            expect(res.json<AuditRequest>().status, where).toBe(rule.to)
            const { history } = await detail(request.id)
            expect(history.at(-1), where).toMatchObject({
              action: rule.event ?? `request.${rule.to}`,
            })
          }
        }
      })
    }
  }

  it('return and not-applicable need a reason; accept takes no fields', async () => {
    const request = await requestIn('submitted')
    const before = await tableCounts()
    for (const body of [{}, { reason: '  ' }, { reason: 'x'.repeat(2001) }, { reason: 3 }]) {
      expectValidation(await act(admin, request.id, 'return', body), ['reason'])
      expectValidation(await act(admin, request.id, 'not-applicable', body), ['reason'])
    }
    expectValidation(await act(admin, request.id, 'return', { reason: 'r', extra: 1 }), ['extra'])
    expect(await tableCounts()).toEqual(before)
  })

  it('two accepts at once: exactly one wins, one event', async () => {
    const request = await requestIn('submitted')
    const results = await Promise.all([
      act(admin, request.id, 'accept'),
      act(admin, request.id, 'accept'),
      act(admin, request.id, 'return', { reason: 'Late' }),
    ])
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409])
    const { history } = await detail(request.id)
    expect(
      history.filter((e) => ['request.accepted', 'request.returned'].includes(e.action)),
    ).toHaveLength(1)
  })

  it('reopen: an accepted request is back in review, for the client too, and can be decided again', async () => {
    const request = await requestIn('accepted')
    const reopened = await ok<AuditRequest>(await act(admin, request.id, 'reopen'))
    expect(reopened).toMatchObject({ status: 'submitted', acceptedAt: null })
    expect(reopened.allowedActions).toEqual(expect.arrayContaining(['accept', 'return']))
    expect(reopened.allowedActions).not.toContain('reopen')
    expect((await detail(request.id, member.cookie)).status).toBe('submitted')
    // Reopened twice at once: one wins.
    await ok(await act(admin, request.id, 'accept'))
    const results = await Promise.all([
      act(admin, request.id, 'reopen'),
      act(admin, request.id, 'reopen'),
    ])
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409])
    expect(results.find((r) => r.statusCode === 409)!.json<{ message: string }>().message).toBe(
      'This request is submitted: only an accepted request can be reopened',
    )
    await ok(await act(admin, request.id, 'return', { reason: 'Page 2 is missing' }))
    const { history, versions } = await detail(request.id)
    expect(history.map((event) => event.action).slice(-4)).toEqual([
      'request.reopened',
      'request.accepted',
      'request.reopened',
      'request.returned',
    ])
    expect(versions.at(-1)).toMatchObject({ returnedReason: 'Page 2 is missing' })
  })

  it('not applicable keeps its reason; accepted sets acceptedAt', async () => {
    const na = await requestIn('not_applicable')
    expect(await detail(na.id)).toMatchObject({
      status: 'not_applicable',
      notApplicableReason: 'Dormant account',
    })
    const accepted = await requestIn('accepted')
    expectIsoTimestamp((await detail(accepted.id)).acceptedAt)
  })
})

describe('submitting: required answers, versions', () => {
  it('a request requiring a response cannot be submitted without text (400 on response)', async () => {
    const request = await requestIn('sent', { responseRequired: true })
    const before = await tableCounts()
    for (const body of [{}, { response: '' }, { response: '   ' }, { response: null }])
      expectValidation(await act(member.cookie, request.id, 'submit', body), ['response'])
    expectValidation(
      await act(member.cookie, request.id, 'submit', { response: 'x'.repeat(20_001) }),
      ['response'],
    )
    expectValidation(await act(member.cookie, request.id, 'submit', { response: 5 }), ['response'])
    expect(await tableCounts()).toEqual(before)
    const done = await ok<AuditRequest>(
      await act(member.cookie, request.id, 'submit', { response: ' Here ' }),
    )
    expect(done.status).toBe('submitted')
    expect((await detail(request.id)).versions[0]!.response).toBe('Here')
  })

  it('a request requiring a document cannot be submitted without a file: 400 on files', async () => {
    const request = await requestIn('sent', { documentRequired: true })
    const before = await tableCounts()
    const refused = expectValidation(
      await act(member.cookie, request.id, 'submit', { response: 'See attached' }),
      ['files'],
    )
    expect(refused.message).toMatch(/requires a document/)
    expect(await tableCounts()).toEqual(before)
    expect((await detail(request.id)).status).toBe('sent')
  })

  it('a plain request can be submitted without text; any client user of the client may submit', async () => {
    const request = await requestIn('sent')
    const res = await ok<AuditRequest>(await act(colleague.cookie, request.id, 'submit', {}))
    expect(res.status).toBe('submitted')
    expectIsoTimestamp(res.submittedAt)
  })

  it('return → the reason goes with the version; the next submission is version 2; both stay visible', async () => {
    const request = await requestIn('sent')
    t.clock.advance(1000)
    await ok(await act(member.cookie, request.id, 'submit', { response: 'First try' }))
    t.clock.advance(1000)
    await ok(await act(admin, request.id, 'return', { reason: ' Wrong year ' }))
    const returned = await detail(request.id, member.cookie)
    expect(returned.status).toBe('returned')
    expect(returned.versions).toEqual([
      {
        id: expect.stringMatching(UUID),
        number: 1,
        response: 'First try',
        answerType: 'text',
        answer: null,
        signature: null,
        submittedBy: 'Clara Client',
        submittedAt: expect.any(String),
        returnedReason: 'Wrong year',
        returnedBy: 'Ada Lovelace',
        returnedAt: expect.any(String),
        files: [],
      },
    ])
    t.clock.advance(1000)
    await ok(await act(colleague.cookie, request.id, 'submit', { response: 'Second try' }))
    t.clock.advance(1000)
    await ok(await act(admin, request.id, 'accept'))
    const final = await detail(request.id, member.cookie)
    expect(final.status).toBe('accepted')
    expect(final.versions.map((v) => [v.number, v.response, v.returnedReason])).toEqual([
      [1, 'First try', 'Wrong year'],
      [2, 'Second try', null],
    ])
    expect(final.history.map((e) => [e.action, e.actor])).toEqual([
      ['request.created', 'Ada Lovelace'],
      ['request.sent', 'Ada Lovelace'],
      ['request.submitted', 'Clara Client'],
      ['request.returned', 'Ada Lovelace'],
      ['request.submitted', 'Clara Client'],
      ['request.accepted', 'Ada Lovelace'],
    ])
    // Nobody submits an accepted request.
    expectError(await act(member.cookie, request.id, 'submit', { response: 'x' }), 409, 'CONFLICT')
  })
})

describe('comments and internal notes', () => {
  it('both sides share the thread; internal notes are staff-only and never reach a client user', async () => {
    const request = await requestIn('sent')
    const url = `/api/requests/${request.id}/comments`
    t.clock.advance(1000)
    const question = await ok<RequestComment>(
      await call(member.cookie, 'POST', url, { body: ' Which account? ' }),
      201,
    )
    expect(question).toMatchObject({
      body: 'Which account?',
      internal: false,
      authorId: member.user.id,
      authorName: 'Clara Client',
    })
    t.clock.advance(1000)
    const note = await ok<RequestComment>(
      await call(admin, 'POST', url, { body: 'Client seems unsure', internal: true }),
      201,
    )
    t.clock.advance(1000)
    const answer = await ok<RequestComment>(
      await call(admin, 'POST', url, { body: 'The main one' }),
      201,
    )
    // The thread is the same for both sides; the firm's notes come with the request, once.
    expect(await ok(await call(admin, 'GET', url))).toEqual([question, answer])
    const seen = await ok<RequestComment[]>(await call(member.cookie, 'GET', url))
    expect(seen).toEqual([question, answer])
    const clientDetail = await call(member.cookie, 'GET', `/api/requests/${request.id}`)
    expect(clientDetail.json()).not.toHaveProperty('internalNotes')
    expect(clientDetail.body).not.toContain('Client seems unsure')
    expect((await detail(request.id)).internalNotes).toEqual([note])
    // A client user cannot write an internal note.
    const before = await tableCounts()
    expectError(
      await call(member.cookie, 'POST', url, { body: 'Sneaky', internal: true }),
      403,
      'FORBIDDEN',
    )
    expect(await tableCounts()).toEqual(before)
  })

  it('invalid comments → 400, nothing stored', async () => {
    const request = await requestIn('sent')
    const url = `/api/requests/${request.id}/comments`
    const before = await tableCounts()
    for (const [body, paths] of [
      [{}, ['body']],
      [{ body: ' ' }, ['body']],
      [{ body: 'x'.repeat(5001) }, ['body']],
      [{ body: 'ok', internal: 'yes' }, ['internal']],
      [{ body: 'ok', authorName: 'Boss' }, ['authorName']],
    ] as const)
      expectValidation(await call(admin, 'POST', url, body), [...paths])
    expectError(
      await call(admin, 'POST', `/api/requests/${MISSING_ID}/comments`, { body: 'x' }),
      404,
      'NOT_FOUND',
    )
    expect(await tableCounts()).toEqual(before)
  })
})

describe('what a client user sees', () => {
  it('the audit’s requests without drafts, progress over what they see', async () => {
    const audit = await newAudit()
    const a = await draft(audit.id, { assigneeId: member.user.id })
    const b = await draft(audit.id, { assigneeId: member.user.id })
    await ok(await send(audit.id))
    const hidden = await draft(audit.id, { title: 'Still a draft' })
    await ok(await act(member.cookie, a.id, 'submit', {}))
    await ok(await act(admin, a.id, 'accept'))
    await ok(await act(admin, b.id, 'not-applicable', { reason: 'n/a' }))
    const staff = await list(audit.id)
    expect(staff.progress).toEqual({ accepted: 1, total: 2 })
    const theirs = await list(audit.id, member.cookie)
    expect(theirs.requests.map((r) => r.id)).toEqual([a.id, b.id])
    expect(theirs.progress).toEqual({ accepted: 1, total: 1 })
    expectError(await call(member.cookie, 'GET', `/api/requests/${hidden.id}`), 404, 'NOT_FOUND')
    expectError(
      await call(member.cookie, 'GET', `/api/requests/${hidden.id}/comments`),
      404,
      'NOT_FOUND',
    )
  })

  it('GET /api/my-requests: their client’s requests grouped by audit, overdue first', async () => {
    const fresh = await signedInAdmin(t)
    const project = await createProject(t, fresh.cookie)
    const user = await signedInClientUser(t, fresh.user.company.id, project.clientId)
    const today = t.clock().toISOString().slice(0, 10)
    const calm = await createAudit(t, fresh.cookie, { projectId: project.id, name: 'Calm' })
    const urgent = await createAudit(t, fresh.cookie, { projectId: project.id, name: 'Urgent' })
    const add = (auditId: string, body: Record<string, unknown>) =>
      call(fresh.cookie, 'POST', `/api/audits/${auditId}/requests`, {
        assigneeId: user.user.id,
        ...body,
      }).then((r) => ok<AuditRequest>(r, 201))
    await add(calm.id, { title: 'Later', dueDate: '2999-01-01' })
    await add(urgent.id, { title: 'No date' })
    await add(urgent.id, { title: 'Late', dueDate: '2000-01-01' })
    await add(urgent.id, { title: 'Due today', dueDate: today })
    for (const audit of [calm, urgent])
      await ok(await call(fresh.cookie, 'POST', `/api/audits/${audit.id}/send`, {}))
    await add(calm.id, { title: 'Draft, invisible' })
    const mine = await ok<MyRequests>(await call(user.cookie, 'GET', '/api/my-requests'))
    expect(mine.map((g) => [g.audit.name, g.requests.map((r) => [r.title, r.overdue])])).toEqual([
      [
        'Urgent',
        [
          ['Late', true],
          ['Due today', false],
          ['No date', false],
        ],
      ],
      ['Calm', [['Later', false]]],
    ])
    expect(mine[0]!.audit).toEqual({
      id: urgent.id,
      name: 'Urgent',
      dueDate: null,
      projectId: project.id,
      projectName: project.name,
    })
    // Staff have no "my requests".
    expectError(await call(fresh.cookie, 'GET', '/api/my-requests'), 403, 'FORBIDDEN')
    // The first company's client user sees none of this.
    const other = await ok<MyRequests>(await call(member.cookie, 'GET', '/api/my-requests'))
    expect(other.flatMap((g) => g.audit.id)).not.toContain(urgent.id)
  })
})

describe('dashboard', () => {
  it('completedItems counts accepted requests (a client user: their client’s); events in Recent Activity', async () => {
    const fresh = await signedInAdmin(t)
    const freshOrg = fresh.user.company.id
    const p1 = await createProject(t, fresh.cookie)
    const p2 = await createProject(t, fresh.cookie)
    const u1 = await signedInClientUser(t, freshOrg, p1.clientId)
    const u2 = await signedInClientUser(t, freshOrg, p2.clientId)
    const run = async (projectId: string, user: typeof u1, accept: boolean) => {
      const audit = await createAudit(t, fresh.cookie, { projectId })
      const request = await ok<AuditRequest>(
        await call(fresh.cookie, 'POST', `/api/audits/${audit.id}/requests`, {
          title: 'R',
          assigneeId: user.user.id,
        }),
        201,
      )
      await ok(await call(fresh.cookie, 'POST', `/api/audits/${audit.id}/send`, {}))
      await ok(await act(user.cookie, request.id, 'submit', {}))
      if (accept) await ok(await act(fresh.cookie, request.id, 'accept'))
      return audit
    }
    const deleted = await run(p1.id, u1, true)
    await run(p1.id, u1, true)
    await run(p1.id, u1, false)
    await run(p2.id, u2, true)
    const board = (cookie: string) =>
      call(cookie, 'GET', '/api/dashboard').then((r) => ok<Dashboard>(r))
    const staff = await board(fresh.cookie)
    expect(staff.completedItems).toBe(3)
    expect(staff.recentActivity[0]).toMatchObject({ action: 'request.accepted', target: '#1 R' })
    expect((await board(u1.cookie)).completedItems).toBe(2)
    expect((await board(u2.cookie)).completedItems).toBe(1)
    // The firm's count is kept as requests change (decision 014): their audit gone, they go too.
    expect((await call(fresh.cookie, 'DELETE', `/api/audits/${deleted.id}`)).statusCode).toBe(204)
    expect((await board(fresh.cookie)).completedItems).toBe(2)
    expect((await board(u1.cookie)).completedItems).toBe(1)
  })
})

describe('PATCH /api/audits/{id}/requests (several at once)', () => {
  it('sets the assignee and due date of the chosen requests in one call', async () => {
    const audit = await newAudit()
    const a = await draft(audit.id)
    const b = await draft(audit.id)
    const untouched = await draft(audit.id)
    const res = await ok<AuditRequest[]>(
      await call(admin, 'PATCH', `/api/audits/${audit.id}/requests`, {
        requestIds: [a.id, b.id],
        assigneeId: member.user.id,
        dueDate: '2031-03-31',
      }),
    )
    expect(res.map((r) => [r.id, r.assigneeId, r.dueDate]).sort()).toEqual(
      [
        [a.id, member.user.id, '2031-03-31'],
        [b.id, member.user.id, '2031-03-31'],
      ].sort(),
    )
    expect((await detail(untouched.id)).assigneeId).toBeNull()
  })

  it('all or nothing: an accepted request among them → 409 naming it, nothing changes', async () => {
    const accepted = await requestIn('accepted')
    const other = await draft(accepted.auditId)
    const before = await tableCounts()
    const res = await call(admin, 'PATCH', `/api/audits/${accepted.auditId}/requests`, {
      requestIds: [other.id, accepted.id],
      dueDate: '2031-01-01',
    })
    expect(expectError(res, 409, 'CONFLICT').message).toMatch(/accepted/)
    expect(await tableCounts()).toEqual(before)
  })

  it('the single PATCH’s rules: an assignee of the client, no unassigning a sent request, ids of this audit, something to set; staff only', async () => {
    const sent = await requestIn('sent')
    const url = `/api/audits/${sent.auditId}/requests`
    expectValidation(
      await call(admin, 'PATCH', url, { requestIds: [sent.id], assigneeId: MISSING_ID }),
      ['assigneeId'],
    )
    expectValidation(await call(admin, 'PATCH', url, { requestIds: [sent.id], assigneeId: null }), [
      'assigneeId',
    ])
    expectValidation(await call(admin, 'PATCH', url, { requestIds: [MISSING_ID], dueDate: null }), [
      'requestIds',
    ])
    expectValidation(await call(admin, 'PATCH', url, { requestIds: [sent.id] }), ['assigneeId'])
    expectValidation(
      await call(admin, 'PATCH', url, { requestIds: [sent.id], title: 'x', dueDate: null }),
      ['title'],
    )
    expectError(
      await call(member.cookie, 'PATCH', url, { requestIds: [sent.id], dueDate: null }),
      403,
      'FORBIDDEN',
    )
    const moved = await ok<AuditRequest[]>(
      await call(admin, 'PATCH', url, { requestIds: [sent.id], assigneeId: colleague.user.id }),
    )
    expect(moved[0]!.assigneeId).toBe(colleague.user.id)
  })
})
