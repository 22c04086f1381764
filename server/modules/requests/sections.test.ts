import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditDetail } from '@shared/schemas/audits'
import type { AuditActivity } from '@shared/schemas/dashboard'
import type { AuditRequest, RequestList } from '@shared/schemas/requests'
import {
  createAudit,
  createProject,
  createTemplate,
  expectError,
  signedInClientUser,
} from '../../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness'
import { multipartBody } from '../../test/multipart'

/** Sections ("3 Cash and bank") and references ("3.1"): kept, changed, copied and exported. */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const placeOf = (requests: AuditRequest[]) =>
  requests.map((request) => [request.number, request.section, request.reference, request.title])

describe('a request’s section and reference', () => {
  it('are given, changed while open (in the trail), copied from a template and to next year, exported and imported', async () => {
    const admin = await signedInAdmin(t)
    const call = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
      t.request(method, url, { cookie: admin.cookie, body })
    const template = await createTemplate(t, admin.cookie)
    const item = await call('POST', '/api/template-items', {
      templateId: template.id,
      title: 'Bank confirmations',
      section: '3 Cash and bank',
      reference: '3.1',
    })
    expect(item.statusCode, item.body).toBe(201)
    expect(item.json()).toMatchObject({ section: '3 Cash and bank', reference: '3.1' })

    const project = await createProject(t, admin.cookie)
    const audit = await createAudit(t, admin.cookie, {
      projectId: project.id,
      templateId: template.id,
    })
    const created = await call('POST', `/api/audits/${audit.id}/requests`, {
      title: 'Trial balance',
      section: '  1 General ',
      reference: '1.1',
    })
    expect(created.statusCode, created.body).toBe(201)
    const list = async (auditId: string) =>
      (await call('GET', `/api/audits/${auditId}/requests`)).json<RequestList>().requests
    expect(placeOf(await list(audit.id))).toEqual([
      [1, '3 Cash and bank', '3.1', 'Bank confirmations'],
      [2, '1 General', '1.1', 'Trial balance'],
    ])

    // Named with its reference wherever a request is named: the trail, notices, e-mails.
    const history = (await call('GET', `/api/audits/${audit.id}/activity`)).json<AuditActivity[]>()
    expect(history.map((event) => event.target)).toContain('#1 (3.1) Bank confirmations')
    // Sent, it can still be filed elsewhere; the trail says from what to what.
    const [bank] = await list(audit.id)
    const contact = await signedInClientUser(t, admin.user.company.id, audit.client.id)
    const assigned = await call('PATCH', `/api/requests/${bank!.id}`, {
      assigneeId: contact.user.id,
    })
    expect(assigned.statusCode, assigned.body).toBe(200)
    expect(
      (await call('POST', `/api/audits/${audit.id}/send`, { requestIds: [bank!.id] })).statusCode,
    ).toBe(200)
    const moved = await call('PATCH', `/api/requests/${bank!.id}`, {
      reference: '3.2',
      section: null,
    })
    expect(moved.statusCode, moved.body).toBe(200)
    const trail = (await call('GET', `/api/audits/${audit.id}/activity`)).json<AuditActivity[]>()
    expect(trail[0]).toMatchObject({
      action: 'request.updated',
      changes: [
        { field: 'section', from: '3 Cash and bank', to: null },
        { field: 'reference', from: '3.1', to: '3.2' },
      ],
    })

    for (const body of [
      { section: 'x'.repeat(101) },
      { reference: 'x'.repeat(21) },
      { section: 3 },
    ])
      expectError(await call('PATCH', `/api/requests/${bank!.id}`, body), 400, 'VALIDATION')

    // Found by the table's search: a section's words, a reference as written.
    const search = async (q: string) =>
      (await call('GET', `/api/audits/${audit.id}/requests?q=${encodeURIComponent(q)}`))
        .json<RequestList>()
        .requests.map((request) => request.title)
    expect(await search('general')).toEqual(['Trial balance'])
    expect(await search('3.2')).toEqual(['Bank confirmations'])
    expect(await search('3.')).toEqual([])

    // The table narrows to a section; the audit lists its sections in order.
    const sections = await call('GET', `/api/audits/${audit.id}/sections`)
    expect(sections.json()).toEqual([{ name: '1 General', requests: 1 }])
    const narrowed = await call('GET', `/api/audits/${audit.id}/requests?section=1%20General`)
    expect(narrowed.json<RequestList>().requests.map((request) => request.title)).toEqual([
      'Trial balance',
    ])
    expect(narrowed.json<RequestList>().matching).toBe(1)
    expectError(
      await call('GET', `/api/audits/${audit.id}/requests?section=${'x'.repeat(101)}`),
      400,
      'VALIDATION',
    )
    // A client user sees the sections of what was sent to them only.
    const seen = await t.request('GET', `/api/audits/${audit.id}/sections`, {
      cookie: contact.cookie,
    })
    expect(seen.json()).toEqual([])

    // In the tracker, and back from it.
    const csv = await call('GET', `/api/audits/${audit.id}/export.csv`)
    expect(csv.body.split('\r\n').slice(0, 3)).toEqual([
      expect.stringMatching(/^\uFEFFNumber,Section,Reference,Title,/),
      expect.stringMatching(/^1,,3\.2,Bank confirmations,/),
      expect.stringMatching(/^2,1 General,1\.1,Trial balance,/),
    ])
    const { payload, contentType } = multipartBody([
      {
        name: 'more.csv',
        field: 'file',
        data: Buffer.from('Area,Ref,Request\n4 Payroll,4.1,Payroll summary\n'),
      },
    ])
    const imported = await t.request('POST', `/api/audits/${audit.id}/import`, {
      cookie: admin.cookie,
      body: payload,
      headers: { 'content-type': contentType },
    })
    expect(imported.statusCode, imported.body).toBe(200)

    // Next year's audit keeps them; its preview counts them by section.
    const preview = await call('POST', `/api/audits/${audit.id}/roll-forward/preview`, {
      projectId: project.id,
      name: 'Next year',
    })
    expect(preview.json()).toMatchObject({
      sections: [
        { name: null, requests: 1 },
        { name: '1 General', requests: 1 },
        { name: '4 Payroll', requests: 1 },
      ],
    })
    const next = await call('POST', `/api/audits/${audit.id}/roll-forward`, {
      projectId: project.id,
      name: 'Next year',
    })
    expect(next.statusCode, next.body).toBe(201)
    expect(placeOf(await list(next.json<AuditDetail>().id))).toEqual([
      [1, null, '3.2', 'Bank confirmations'],
      [2, '1 General', '1.1', 'Trial balance'],
      [3, '4 Payroll', '4.1', 'Payroll summary'],
    ])
  })
})

describe('POST /api/audits/{id}/sections/move', () => {
  it('moves a section’s drafts, in their order, before another section or to the end; each move in the trail', async () => {
    const admin = await signedInAdmin(t)
    const call = (method: 'GET' | 'POST', url: string, body?: unknown) =>
      t.request(method, url, { cookie: admin.cookie, body })
    const audit = await createAudit(t, admin.cookie)
    const rows: Array<[string, string | null]> = [
      ['Trial balance', '1 General'],
      ['Bank confirmations', '3 Cash'],
      ['Petty cash count', '3 Cash'],
      ['Sales cut-off', '2 Revenue'],
      ['Board minutes', '1 General'],
      ['Loose end', null],
    ]
    for (const [title, section] of rows) {
      const res = await call('POST', `/api/audits/${audit.id}/requests`, { title, section })
      expect(res.statusCode, res.body).toBe(201)
    }
    const titles = async () =>
      (await call('GET', `/api/audits/${audit.id}/requests`))
        .json<RequestList>()
        .requests.map((request) => request.title)
    const move = (body: unknown) => call('POST', `/api/audits/${audit.id}/sections/move`, body)

    const before = await move({ section: '3 Cash', before: '1 General' })
    expect(before.statusCode, before.body).toBe(200)
    expect(before.json()).toEqual([
      { name: '3 Cash', requests: 2 },
      { name: '1 General', requests: 2 },
      { name: '2 Revenue', requests: 1 },
    ])
    expect(await titles()).toEqual([
      'Bank confirmations',
      'Petty cash count',
      'Trial balance',
      'Sales cut-off',
      'Board minutes',
      'Loose end',
    ])
    // A section split in two comes together where its first part was.
    expect((await move({ section: '1 General', before: '2 Revenue' })).statusCode).toBe(200)
    expect(await titles()).toEqual([
      'Bank confirmations',
      'Petty cash count',
      'Trial balance',
      'Board minutes',
      'Sales cut-off',
      'Loose end',
    ])
    expect((await move({ section: '3 Cash', before: null })).statusCode).toBe(200)
    expect(await titles()).toEqual([
      'Trial balance',
      'Board minutes',
      'Sales cut-off',
      'Loose end',
      'Bank confirmations',
      'Petty cash count',
    ])
    const trail = (await call('GET', `/api/audits/${audit.id}/activity`)).json<AuditActivity[]>()
    expect(trail.filter((event) => event.action === 'request.moved')).toHaveLength(6)
    expect(trail[0]).toMatchObject({ action: 'request.moved', detail: 'With 3 Cash, to the end' })
    // Already there: nothing is written.
    expect((await move({ section: '3 Cash', before: null })).statusCode).toBe(200)
    const same = (await call('GET', `/api/audits/${audit.id}/activity`)).json<AuditActivity[]>()
    expect(same).toHaveLength(trail.length)

    // Nothing moves on a bad call.
    const order = await titles()
    expectError(await move({ section: '9 Nothing', before: null }), 400, 'VALIDATION')
    expectError(await move({ section: '3 Cash', before: '9 Nothing' }), 400, 'VALIDATION')
    expectError(await move({ section: '3 Cash', before: '3 Cash' }), 400, 'VALIDATION')
    expectError(await move({ section: '', before: null }), 400, 'VALIDATION')
    expectError(await move({ section: '3 Cash' }), 400, 'VALIDATION')
    expectError(await move({ section: '3 Cash', before: null, extra: 1 }), 400, 'VALIDATION')
    expect(await titles()).toEqual(order)

    // A sent request holds its section in place; a client user and another firm cannot move any.
    const [first] = (await call('GET', `/api/audits/${audit.id}/requests`)).json<RequestList>()
      .requests
    const contact = await signedInClientUser(t, admin.user.company.id, audit.client.id)
    const assigned = await t.request('PATCH', `/api/requests/${first!.id}`, {
      cookie: admin.cookie,
      body: { assigneeId: contact.user.id },
    })
    expect(assigned.statusCode, assigned.body).toBe(200)
    expect(
      (await call('POST', `/api/audits/${audit.id}/send`, { requestIds: [first!.id] })).statusCode,
    ).toBe(200)
    const refused = expectError(await move({ section: '1 General', before: null }), 409, 'CONFLICT')
    expect(refused.message).toBe('Only drafts can be moved: request #1 of 1 General was sent')
    expectError(
      await t.request('POST', `/api/audits/${audit.id}/sections/move`, {
        cookie: contact.cookie,
        body: { section: '2 Revenue', before: null },
      }),
      403,
      'FORBIDDEN',
    )
    const other = await signedInAdmin(t)
    expectError(
      await t.request('POST', `/api/audits/${audit.id}/sections/move`, {
        cookie: other.cookie,
        body: { section: '2 Revenue', before: null },
      }),
      404,
      'NOT_FOUND',
    )
    expect(await titles()).toEqual(order)
  })
})
