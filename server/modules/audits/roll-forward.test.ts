import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditActivity } from '@shared/schemas/dashboard'
import type { AuditDetail, RollForwardPreview } from '@shared/schemas/audits'
import type { RequestDetail, RequestList } from '@shared/schemas/requests'
import {
  createAudit,
  createClient,
  createProject,
  expectError,
  signedInClientUser,
  uploadFiles,
} from '../../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness'

/** Next year's audit from this one: requests as drafts, dates moved, nothing of the answers. */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

async function lastYear() {
  const admin = await signedInAdmin(t)
  const orgId = admin.user.company.id
  const client = await createClient(t, admin.cookie, { name: 'Contoso Ltd' })
  const project = await createProject(t, admin.cookie, { clientId: client.id, name: 'FY2026' })
  const nextProject = await createProject(t, admin.cookie, { clientId: client.id, name: 'FY2027' })
  const audit = await createAudit(t, admin.cookie, {
    projectId: project.id,
    name: 'Year-end 2026',
    description: 'Statutory audit',
    dueDate: '2027-02-28',
  })
  const grace = await signedInClientUser(t, orgId, client.id)
  const ada = await signedInClientUser(t, orgId, client.id)
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
    t.request(method, url, { cookie: admin.cookie, body })
  const create = async (body: Record<string, unknown>) => {
    const res = await call('POST', `/api/audits/${audit.id}/requests`, body)
    expect(res.statusCode, res.body).toBe(201)
    return res.json<{ id: string }>().id
  }
  const bank = await create({
    title: 'Bank confirmations',
    description: 'Every account',
    documentRequired: true,
    assigneeId: grace.user.id,
    dueDate: '2027-01-15',
  })
  const payroll = await create({
    title: 'Payroll summary',
    responseRequired: true,
    assigneeId: ada.user.id,
    dueDate: '2026-12-20',
  })
  await create({ title: 'Board minutes' })
  // Payroll is answered with a file and accepted; Ada then moves to another client.
  expect(
    (await call('POST', `/api/audits/${audit.id}/send`, { requestIds: [payroll] })).statusCode,
  ).toBe(200)
  const uploaded = await uploadFiles(t, ada.cookie, payroll, [
    { name: 'payroll.txt', data: Buffer.from('payroll\n') },
  ])
  expect(uploaded.statusCode, uploaded.body).toBe(201)
  const submitted = await t.request('POST', `/api/requests/${payroll}/submit`, {
    cookie: ada.cookie,
    body: { response: 'Attached' },
  })
  expect(submitted.statusCode, submitted.body).toBe(200)
  expect((await call('POST', `/api/requests/${payroll}/accept`)).statusCode).toBe(200)
  const elsewhere = await createClient(t, admin.cookie)
  const moved = await call('PATCH', `/api/users/${ada.user.id}`, {
    role: 'client',
    clientId: elsewhere.id,
  })
  expect(moved.statusCode, moved.body).toBe(200)
  expect((await call('POST', `/api/audits/${audit.id}/complete`)).statusCode).toBe(200)
  return { admin, orgId, client, project, nextProject, audit, grace, ada, bank, call }
}

describe('POST /api/audits/{id}/roll-forward', () => {
  it('previews, then copies every request as a draft with its dates a year on; assignees kept while still the client’s; nothing of the answers', async () => {
    const { admin, nextProject, audit, grace, call } = await lastYear()
    const body = { projectId: nextProject.id, name: 'Year-end 2027' }

    const preview = await call('POST', `/api/audits/${audit.id}/roll-forward/preview`, body)
    expect(preview.statusCode, preview.body).toBe(200)
    expect(preview.json<RollForwardPreview>()).toEqual({
      requests: 3,
      sections: [{ name: null, requests: 3 }],
      dueDate: '2028-02-28',
      firstDue: '2027-12-20',
      lastDue: '2028-01-15',
      withoutDueDate: 1,
      assignees: [
        { name: 'Clara Client', requests: 1, kept: true, reason: null },
        {
          name: 'Clara Client',
          requests: 1,
          kept: false,
          reason: 'No longer a client user of Contoso Ltd',
        },
      ],
    })
    const none = await t.request('GET', `/api/audits?projectId=${nextProject.id}`, {
      cookie: admin.cookie,
    })
    expect(none.json()).toEqual([])

    // Allowed on the completed audit (its allowedActions say so).
    const source = await t.request('GET', `/api/audits/${audit.id}`, { cookie: admin.cookie })
    expect(source.json<AuditDetail>().allowedActions).toContain('roll_forward')

    const res = await call('POST', `/api/audits/${audit.id}/roll-forward`, body)
    expect(res.statusCode, res.body).toBe(201)
    const next = res.json<AuditDetail>()
    expect(next).toMatchObject({
      name: 'Year-end 2027',
      description: 'Statutory audit',
      projectId: nextProject.id,
      status: 'in_progress',
      dueDate: '2028-02-28',
      lead: { id: admin.user.id },
    })
    const list = await t.request('GET', `/api/audits/${next.id}/requests?limit=100`, {
      cookie: admin.cookie,
    })
    const copied = list.json<RequestList>().requests
    expect(
      copied.map((r) => [
        r.number,
        r.title,
        r.status,
        r.dueDate,
        r.assigneeId,
        r.documentRequired,
        r.responseRequired,
        r.fileCount,
      ]),
    ).toEqual([
      [1, 'Bank confirmations', 'draft', '2028-01-15', grace.user.id, true, false, 0],
      [2, 'Payroll summary', 'draft', '2027-12-20', null, false, true, 0],
      [3, 'Board minutes', 'draft', null, null, false, false, 0],
    ])
    const payroll = await t.request('GET', `/api/requests/${copied[1]!.id}`, {
      cookie: admin.cookie,
    })
    expect(payroll.json<RequestDetail>()).toMatchObject({ versions: [], submittedAt: null })

    const trail = await t.request('GET', `/api/audits/${next.id}/activity`, {
      cookie: admin.cookie,
    })
    // One moment for all four: their order within it is the database's.
    expect(
      trail
        .json<AuditActivity[]>()
        .map((event) => event.action)
        .sort(),
    ).toEqual(['audit.created', 'request.created', 'request.created', 'request.created'])
  })

  it('asked to, each copy shows last period’s accepted answer, its words and files, to the client too', async () => {
    const { nextProject, audit, grace, call } = await lastYear()
    const res = await call('POST', `/api/audits/${audit.id}/roll-forward`, {
      projectId: nextProject.id,
      name: 'Year-end 2027',
      linkPrevious: true,
    })
    expect(res.statusCode, res.body).toBe(201)
    const next = res.json<AuditDetail>()
    const list = await call('GET', `/api/audits/${next.id}/requests`)
    const [bank, payroll] = list.json<RequestList>().requests
    const detail = async (id: string, cookie?: string) => {
      const read = cookie
        ? await t.request('GET', `/api/requests/${id}`, { cookie })
        : await call('GET', `/api/requests/${id}`)
      expect(read.statusCode, read.body).toBe(200)
      return read.json<RequestDetail>()
    }
    // Only the accepted one had an answer to show.
    expect((await detail(bank!.id)).previous).toBeNull()
    const shown = (await detail(payroll!.id)).previous!
    expect(shown).toMatchObject({
      auditId: audit.id,
      auditName: 'Year-end 2026',
      version: { response: 'Attached', files: [{ fileName: 'payroll.txt', allowedActions: [] }] },
    })
    // The client sees it once the new request is sent to them, and may open the file.
    const assign = await call('PATCH', `/api/requests/${payroll!.id}`, {
      assigneeId: grace.user.id,
    })
    expect(assign.statusCode, assign.body).toBe(200)
    const sent = await call('POST', `/api/audits/${next.id}/send`, { requestIds: [payroll!.id] })
    expect(sent.statusCode, sent.body).toBe(200)
    const seen = (await detail(payroll!.id, grace.cookie)).previous!
    expect(seen.version.response).toBe('Attached')
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/files/${seen.version.files[0]!.id}`,
      headers: { cookie: grace.cookie },
    })
    expect(file.statusCode).toBe(200)
    expect(file.body).toBe('payroll\n')
    // Without it, nothing is linked.
    const plain = await call('POST', `/api/audits/${audit.id}/roll-forward`, {
      projectId: nextProject.id,
      name: 'Year-end 2027 bis',
    })
    const plainList = await call('GET', `/api/audits/${plain.json<AuditDetail>().id}/requests`)
    expect((await detail(plainList.json<RequestList>().requests[1]!.id)).previous).toBeNull()
  })

  it('moves the dates by the days asked for; the same project will do', async () => {
    const { project, audit, call } = await lastYear()
    const res = await call('POST', `/api/audits/${audit.id}/roll-forward`, {
      projectId: project.id,
      name: 'Interim 2027',
      shiftDays: 182,
    })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json<AuditDetail>()).toMatchObject({ projectId: project.id, dueDate: '2027-08-29' })
  })

  it('refuses what it cannot do, clearly, creating nothing', async () => {
    const { client, nextProject, audit, grace, call, admin } = await lastYear()
    const url = `/api/audits/${audit.id}/roll-forward`
    const otherClient = await createProject(t, admin.cookie)
    const refused = await call('POST', url, { projectId: otherClient.id, name: 'X' })
    expectError(refused, 400, 'VALIDATION')
    expect(refused.json()).toMatchObject({
      errors: [
        { path: 'projectId', message: `Choose a project of ${client.name}, the audit’s client` },
      ],
    })
    const other = await signedInAdmin(t)
    const theirs = await createProject(t, other.cookie)
    expectError(await call('POST', url, { projectId: theirs.id, name: 'X' }), 400, 'VALIDATION')
    expectError(
      await t.request('POST', url, {
        cookie: other.cookie,
        body: { projectId: theirs.id, name: 'X' },
      }),
      404,
      'NOT_FOUND',
    )
    expectError(
      await t.request('POST', url, {
        cookie: grace.cookie,
        body: { projectId: nextProject.id, name: 'X' },
      }),
      403,
      'FORBIDDEN',
    )
    for (const body of [
      { projectId: nextProject.id },
      { projectId: nextProject.id, name: '' },
      { projectId: nextProject.id, name: 'X', shiftDays: 1.5 },
      { projectId: nextProject.id, name: 'X', shiftDays: 4000 },
      { projectId: nextProject.id, name: 'X', shiftDays: '365' },
      { projectId: nextProject.id, name: 'X', copyAnswers: true },
      { projectId: 'not-an-id', name: 'X' },
    ])
      expectError(await call('POST', url, body), 400, 'VALIDATION')
    const audits = await t.request('GET', `/api/audits?projectId=${nextProject.id}`, {
      cookie: admin.cookie,
    })
    expect(audits.json()).toEqual([])
  })
})
