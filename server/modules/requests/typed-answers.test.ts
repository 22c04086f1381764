import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditRequest, RequestDetail } from '@shared/schemas/requests'
import type { TemplateItem } from '@shared/schemas/templates'
import { selectRows } from '../../db/client'
import {
  createAudit,
  createProject,
  createTemplate,
  expectError,
  expectValidation,
  signedInClientUser,
  uploadFiles,
} from '../../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness'

/** Typed answers: answer types on requests and items, submissions checked, kept per version. */

let t: TestApp
let admin: string
let orgId: string
let projectId: string
let member: Awaited<ReturnType<typeof signedInClientUser>>

beforeAll(async () => {
  t = await createTestApp()
  const a = await signedInAdmin(t)
  admin = a.cookie
  orgId = a.user.company.id
  const project = await createProject(t, admin)
  projectId = project.id
  member = await signedInClientUser(t, orgId, project.clientId)
})
afterAll(async () => t?.close())

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'
const call = (cookie: string, method: Method, url: string, body?: unknown) =>
  t.request(method, url, { cookie, body })
async function ok<T>(res: Awaited<ReturnType<typeof call>>, status = 200) {
  expect(res.statusCode, res.body).toBe(status)
  return res.json<T>()
}
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')

const addDraft = (auditId: string, body: Record<string, unknown>) =>
  call(admin, 'POST', `/api/audits/${auditId}/requests`, { title: 'Question', ...body })
const detail = async (id: string, cookie = admin) =>
  ok<RequestDetail>(await call(cookie, 'GET', `/api/requests/${id}`))
const submit = (id: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.request('POST', `/api/requests/${id}/submit`, {
    cookie: member.cookie,
    body,
    headers,
    remoteAddress: '203.0.113.7',
  })

/** A request of the type, sent to the client user. */
async function sentRequest(body: Record<string, unknown>) {
  const audit = await createAudit(t, admin, { projectId })
  const request = await ok<AuditRequest>(
    await addDraft(audit.id, { assigneeId: member.user.id, ...body }),
    201,
  )
  await ok(await call(admin, 'POST', `/api/audits/${audit.id}/send`, {}))
  return { audit, request }
}

const versionCount = async (requestId: string) =>
  (
    await selectRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from request_versions where request_id = ${requestId}`,
    )
  )[0]!.n

describe('answer types on requests', () => {
  it('a request is text by default; a choice answer keeps its list', async () => {
    const audit = await createAudit(t, admin, { projectId })
    const plain = await ok<AuditRequest>(await addDraft(audit.id, {}), 201)
    expect(plain).toMatchObject({ answerType: 'text', choices: null })
    const choice = await ok<AuditRequest>(
      await addDraft(audit.id, {
        title: 'How often are bank accounts reconciled?',
        answerType: 'choice',
        choices: [' Monthly ', 'Quarterly', 'Never'],
      }),
      201,
    )
    expect(choice).toMatchObject({
      answerType: 'choice',
      choices: ['Monthly', 'Quarterly', 'Never'],
    })
  })

  it('refuses a type it does not know, a choice answer without two distinct choices, choices on another type', async () => {
    const audit = await createAudit(t, admin, { projectId })
    expectValidation(await addDraft(audit.id, { answerType: 'essay' }), ['answerType'])
    expectValidation(await addDraft(audit.id, { answerType: 'choice' }), ['choices'])
    expectValidation(await addDraft(audit.id, { answerType: 'choice', choices: ['Yes'] }), [
      'choices',
    ])
    expectValidation(await addDraft(audit.id, { answerType: 'choice', choices: ['Yes', 'yes'] }), [
      'choices',
    ])
    expectValidation(await addDraft(audit.id, { answerType: 'yes_no', choices: ['A', 'B'] }), [
      'choices',
    ])
    expectValidation(
      await addDraft(audit.id, {
        answerType: 'choice',
        choices: Array.from({ length: 31 }, (_, i) => `Option ${i}`),
      }),
      ['choices'],
    )
    expectValidation(
      await addDraft(audit.id, { answerType: 'choice', choices: ['x'.repeat(201), 'B'] }),
      ['choices.0'],
    )
    const { requests } = await ok<{ requests: AuditRequest[] }>(
      await call(admin, 'GET', `/api/audits/${audit.id}/requests`),
    )
    expect(requests).toEqual([])
  })

  it('an edit checks type and choices together, leaves no choices on another type, and is in the trail', async () => {
    const audit = await createAudit(t, admin, { projectId })
    const request = await ok<AuditRequest>(
      await addDraft(audit.id, { answerType: 'choice', choices: ['A', 'B'] }),
      201,
    )
    const patch = (body: unknown) => call(admin, 'PATCH', `/api/requests/${request.id}`, body)
    expectValidation(await patch({ choices: ['Only one'] }), ['choices'])
    expect(await ok<AuditRequest>(await patch({ choices: ['A', 'B', 'C'] }))).toMatchObject({
      answerType: 'choice',
      choices: ['A', 'B', 'C'],
    })
    expect(await ok<AuditRequest>(await patch({ answerType: 'yes_no' }))).toMatchObject({
      answerType: 'yes_no',
      choices: null,
    })
    expectValidation(await patch({ choices: ['A', 'B'] }), ['choices'])
    expectValidation(await patch({ answerType: 'choice' }), ['choices'])
    const history = (await detail(request.id)).history.flatMap((event) => event.changes ?? [])
    expect(history).toContainEqual({
      field: 'answerType',
      from: 'One of a list (A / B / C)',
      to: 'Yes or no',
    })
    // Sent, how it is answered no longer changes.
    await ok(
      await call(admin, 'PATCH', `/api/requests/${request.id}`, { assigneeId: member.user.id }),
    )
    await ok(await call(admin, 'POST', `/api/audits/${audit.id}/send`, {}))
    expectError(await patch({ answerType: 'text' }), 409, 'CONFLICT')
  })
})

describe('submitting a typed answer', () => {
  it('yes or no: anything else is a 400 on answer and changes nothing; the answer is kept on its version', async () => {
    const { request } = await sentRequest({ answerType: 'yes_no' })
    for (const answer of [undefined, 'maybe', 1, '']) {
      expectValidation(await submit(request.id, answer === undefined ? {} : { answer }), ['answer'])
    }
    expect((await detail(request.id)).status).toBe('sent')
    expect(await versionCount(request.id)).toBe(0)
    await ok(await submit(request.id, { answer: ' YES ', response: 'Since March' }))
    const [version] = (await detail(request.id)).versions
    expect(version).toMatchObject({
      answerType: 'yes_no',
      answer: 'yes',
      response: 'Since March',
      signature: null,
    })
  })

  it('one of the choices, a number, a real date: each checked, each kept as typed', async () => {
    const cases: Array<{
      body: Record<string, unknown>
      wrong: unknown[]
      right: unknown
      kept: string
    }> = [
      {
        body: { answerType: 'choice', choices: ['Monthly', 'Quarterly'] },
        wrong: ['Weekly', 'monthly', 2],
        right: 'Quarterly',
        kept: 'Quarterly',
      },
      {
        body: { answerType: 'number' },
        wrong: ['1,5', 'twelve', '1e400', 1234567890123456, '12 000'],
        right: ' 1250.50 ',
        kept: '1250.5',
      },
      {
        body: { answerType: 'date' },
        wrong: ['2027-02-30', '31/12/2026', 20261231],
        right: '2026-12-31',
        kept: '2026-12-31',
      },
    ]
    for (const { body, wrong, right, kept } of cases) {
      const { request } = await sentRequest(body)
      for (const answer of wrong) expectValidation(await submit(request.id, { answer }), ['answer'])
      expect(await versionCount(request.id)).toBe(0)
      await ok(await submit(request.id, { answer: right }))
      expect((await detail(request.id)).versions[0]).toMatchObject({ answer: kept })
    }
    const numbered = await sentRequest({ answerType: 'number' })
    await ok(await submit(numbered.request.id, { answer: -42 }))
    expect((await detail(numbered.request.id)).versions[0]!.answer).toBe('-42')
  })

  it('a written response takes no typed answer; documents only take files and no text', async () => {
    const text = await sentRequest({ responseRequired: true })
    expectValidation(await submit(text.request.id, { answer: 'yes' }), ['answer'])
    expectValidation(await submit(text.request.id, {}), ['response'])
    const files = await sentRequest({ answerType: 'files' })
    expectValidation(await submit(files.request.id, { response: 'See attached' }), ['response'])
    expectValidation(await submit(files.request.id, {}), ['files'])
    expect(await versionCount(files.request.id)).toBe(0)
    await ok(
      await uploadFiles(t, member.cookie, files.request.id, [
        { name: 'ledger.csv', data: Buffer.from('a,b\n1,2\n') },
      ]),
      201,
    )
    await ok(await submit(files.request.id, {}))
    expect((await detail(files.request.id)).versions[0]).toMatchObject({
      answerType: 'files',
      answer: null,
      response: null,
    })
  })

  it('an acknowledgement keeps a signature block: the name typed, who, when, where from, and what was signed', async () => {
    const statement = {
      title: 'Management representation letter',
      description: 'We confirm that the financial statements are complete.',
    }
    const { audit, request } = await sentRequest({ answerType: 'acknowledgement', ...statement })
    expectValidation(await submit(request.id, { answer: '   ' }), ['answer'])
    const letter = Buffer.from('Signed letter, page 1 of 1\n')
    await ok(
      await uploadFiles(t, member.cookie, request.id, [{ name: 'letter.txt', data: letter }]),
      201,
    )
    t.clock.advance(1000)
    await ok(
      await submit(
        request.id,
        { answer: ' Clara  Client ' },
        { 'user-agent': 'Mozilla/5.0 (Test) Chrome/156' },
      ),
    )
    const signed = await detail(request.id)
    const [version] = signed.versions
    expect(version).toMatchObject({ answerType: 'acknowledgement', answer: 'Clara  Client' })
    expect(version!.signature).toEqual({
      typedName: 'Clara  Client',
      signedBy: 'Clara Client',
      signedById: member.user.id,
      signedAt: version!.submittedAt,
      ipAddress: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (Test) Chrome/156',
      statementSha256: sha256(`${statement.title}\n\n${statement.description}`),
      documents: [{ fileName: 'letter.txt', sha256: sha256(letter) }],
    })
    // The client sees the block too; it cannot be changed, only returned by the firm.
    expect((await detail(request.id, member.cookie)).versions[0]!.signature).toEqual(
      version!.signature,
    )
    expectError(await submit(request.id, { answer: 'Someone Else' }), 409, 'CONFLICT')
    await ok(
      await call(admin, 'POST', `/api/requests/${request.id}/return`, { reason: 'Unsigned' }),
    )
    await ok(await submit(request.id, { answer: 'Clara Client' }))
    const history = (await detail(request.id)).versions
    expect(history.map((v) => [v.number, v.answer, v.returnedReason])).toEqual([
      [1, 'Clara  Client', 'Unsigned'],
      [2, 'Clara Client', null],
    ])
    expect(history[1]!.signature!.documents).toEqual([])

    // The export and the status report print the answer and the block.
    const csv = await call(admin, 'GET', `/api/audits/${audit.id}/export.csv`)
    expect(csv.body).toContain('Acknowledgement (typed signature)')
    expect(csv.body).toContain('Signed by typing “Clara Client”')
    expect(csv.body).toContain(`Statement SHA-256 ${history[1]!.signature!.statementSha256}`)
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/audits/${audit.id}/report.pdf`,
      headers: { cookie: member.cookie },
    })
    expect(pdf.statusCode).toBe(200)
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
      mergePages: true,
    })
    const flat = text.replace(/\s+/g, ' ')
    expect(flat).toContain('Answers and acknowledgements')
    expect(flat).toContain('Signed by typing “Clara Client”')
    expect(flat).toContain('From 203.0.113.7')
  })

  it('the CSV, the workbook and the report read typed answers as people write them', async () => {
    const { audit, request } = await sentRequest({ answerType: 'yes_no', title: 'Any litigation?' })
    await ok(await submit(request.id, { answer: 'no' }))
    const csv = await call(admin, 'GET', `/api/audits/${audit.id}/export.csv`)
    const [header, row] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    const columns = header!.split(',')
    const cells = row!.split(',')
    expect(cells[columns.indexOf('Answer type')]).toBe('Yes or no')
    expect(cells[columns.indexOf('Answer')]).toBe('No')
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/audits/${audit.id}/report.pdf`,
      headers: { cookie: admin },
    })
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
      mergePages: true,
    })
    expect(text.replace(/\s+/g, ' ')).toMatch(/Any litigation\? No In review/)
  })
})

describe('answer types travel with templates and roll-forward', () => {
  it('a template item’s type and choices become the request’s; an audit rolled forward keeps them', async () => {
    const template = await createTemplate(t, admin)
    const item = await ok<TemplateItem>(
      await call(admin, 'POST', '/api/template-items', {
        templateId: template.id,
        title: 'Inventory costing method',
        answerType: 'choice',
        choices: ['FIFO', 'Weighted average'],
      }),
      201,
    )
    expect(item).toMatchObject({ answerType: 'choice', choices: ['FIFO', 'Weighted average'] })
    expectValidation(
      await call(admin, 'PATCH', `/api/template-items/${item.id}`, { choices: ['FIFO'] }),
      ['choices'],
    )
    const audit = await createAudit(t, admin, { projectId, templateId: template.id })
    const { requests } = await ok<{ requests: AuditRequest[] }>(
      await call(admin, 'GET', `/api/audits/${audit.id}/requests`),
    )
    expect(requests.map((r) => [r.answerType, r.choices])).toEqual([
      ['choice', ['FIFO', 'Weighted average']],
    ])
    const rolled = await ok<{ id: string }>(
      await call(admin, 'POST', `/api/audits/${audit.id}/roll-forward`, {
        projectId,
        name: 'Next year',
        shiftDays: 365,
      }),
      201,
    )
    const next = await ok<{ requests: AuditRequest[] }>(
      await call(admin, 'GET', `/api/audits/${rolled.id}/requests`),
    )
    expect(next.requests.map((r) => [r.answerType, r.choices])).toEqual([
      ['choice', ['FIFO', 'Weighted average']],
    ])
  })
})
