import { sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditRequest, RequestFile } from '@shared/schemas/requests'
import { selectRows } from '../../db/client'
import {
  createAudit,
  createProject,
  expectError,
  expectValidation,
  MISSING_ID,
  signedInClientUser,
  uploadFiles,
} from '../../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness'
import type { UploadFile } from '../../test/multipart'
import { docxPackage } from '../../test/office-files'

/** GET /api/files/{id}/preview: the file inline, for the readers of a download (decision 027). */

let t: TestApp
let admin: string
let projectId: string
let member: Awaited<ReturnType<typeof signedInClientUser>>
let colleague: Awaited<ReturnType<typeof signedInClientUser>>
let otherClientUser: Awaited<ReturnType<typeof signedInClientUser>>
let otherCompany: string

beforeAll(async () => {
  t = await createTestApp()
  const a = await signedInAdmin(t)
  admin = a.cookie
  const project = await createProject(t, admin)
  projectId = project.id
  member = await signedInClientUser(t, a.user.company.id, project.clientId)
  colleague = await signedInClientUser(t, a.user.company.id, project.clientId)
  otherClientUser = await signedInClientUser(t, a.user.company.id)
  otherCompany = (await signedInAdmin(t)).cookie
})
afterAll(async () => t?.close())

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
)
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
])
const text = (value: string) => Buffer.from(value, 'utf8')

const preview = (cookie: string, id: string) =>
  t.request('GET', `/api/files/${id}/preview`, { cookie })

async function sentRequest() {
  const audit = await createAudit(t, admin, { projectId })
  const created = await t.request('POST', `/api/audits/${audit.id}/requests`, {
    cookie: admin,
    body: { title: 'Bank statements', assigneeId: member.user.id },
  })
  expect(created.statusCode, created.body).toBe(201)
  const request = created.json<AuditRequest>()
  const sent = await t.request('POST', `/api/audits/${audit.id}/send`, {
    cookie: admin,
    body: { requestIds: [request.id] },
  })
  expect(sent.statusCode, sent.body).toBe(200)
  return request
}

/** Files uploaded by the client's user to a new sent request. */
async function uploaded(files: UploadFile[]) {
  const request = await sentRequest()
  const res = await uploadFiles(t, member.cookie, request.id, files)
  expect(res.statusCode, res.body).toBe(201)
  return { request, files: res.json<RequestFile[]>() }
}

function directives(res: LightMyRequestResponse) {
  return String(res.headers['content-security-policy'] ?? '')
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean)
}

function expectPreviewHeaders(res: LightMyRequestResponse, type: string, fileName: string) {
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['content-type']).toBe(type)
  const disposition = String(res.headers['content-disposition'])
  expect(disposition).toMatch(/^inline; filename="[^"]+"; /)
  expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent(fileName)}`)
  expect(directives(res)).toEqual([
    "default-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
    'sandbox',
  ])
  expect(res.headers['x-content-type-options']).toBe('nosniff')
  expect(res.headers['cross-origin-resource-policy']).toBe('same-origin')
  expect(res.headers['cache-control']).toBe('private, no-store')
  expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
}

const logEvents = (event: string) =>
  t.logs
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry.event === event)

describe('GET /api/files/{id}/preview', () => {
  it('a PDF and an image inline, sandboxed, framable by the app only, to staff and the client’s users', async () => {
    const {
      files: [pdf, png],
    } = await uploaded([
      { name: 'Relevé 2024.pdf', data: PDF, type: 'application/pdf' },
      { name: 'scan.png', data: PNG, type: 'image/png' },
    ])
    for (const cookie of [member.cookie, colleague.cookie, admin]) {
      const pdfRes = await preview(cookie, pdf!.id)
      expectPreviewHeaders(pdfRes, 'application/pdf', 'Relevé 2024.pdf')
      expect(pdfRes.headers['content-disposition']).toContain('filename="Relev_ 2024.pdf"')
      expect(pdfRes.rawPayload.equals(PDF)).toBe(true)
      const pngRes = await preview(cookie, png!.id)
      expectPreviewHeaders(pngRes, 'image/png', 'scan.png')
      expect(pngRes.rawPayload.equals(PNG)).toBe(true)
    }
    expect(logEvents('file.previewed')).toContainEqual(
      expect.objectContaining({ fileId: pdf!.id, userId: colleague.user.id }),
    )
    // The download is unchanged: an attachment, under the app's own policy.
    const download = await t.request('GET', `/api/files/${pdf!.id}`, { cookie: admin })
    expect(download.headers['content-disposition']).toMatch(/^attachment;/)
    expect(directives(download)).toContain("frame-ancestors 'none'")
  })

  it('text and CSV as UTF-8 plain text, whatever they were named or sent as', async () => {
    const {
      files: [notes, ledger, json],
    } = await uploaded([
      { name: 'notes.txt', data: text('Draft notes: café\n'), type: 'text/html' },
      { name: 'ledger.csv', data: text('Account,Balance\n1000,42\n'), type: 'text/csv' },
      { name: 'data.json', data: text('{"a":1}\n'), type: 'application/json' },
    ])
    for (const [file, name] of [
      [notes!, 'notes.txt'],
      [ledger!, 'ledger.csv'],
      [json!, 'data.json'],
    ] as const) {
      const res = await preview(member.cookie, file.id)
      expectPreviewHeaders(res, 'text/plain; charset=utf-8', name)
    }
    expect((await preview(admin, notes!.id)).body).toBe('Draft notes: café\n')
    expect((await preview(admin, ledger!.id)).body).toBe('Account,Balance\n1000,42\n')
  })

  it('any other type → 415 in the app’s error shape, and SVG or HTML never inline', async () => {
    const {
      files: [docx, txt],
    } = await uploaded([
      { name: 'engagement.docx', data: await docxPackage() },
      { name: 'page.txt', data: text('plain words\n') },
    ])
    const refused = await preview(member.cookie, docx!.id)
    expect(expectError(refused, 415, 'UNSUPPORTED_MEDIA_TYPE').message).toBe(
      'This file type cannot be previewed; download it instead.',
    )
    expect(refused.headers['content-disposition']).toBeUndefined()
    expect(directives(refused)).toContain("frame-ancestors 'none'")
    expect((await t.request('GET', `/api/files/${docx!.id}`, { cookie: admin })).statusCode).toBe(
      200,
    )
    // Rows whose recorded type is one a browser runs (none is accepted today) are not shown either.
    for (const type of ['image/svg+xml', 'text/html', 'application/xhtml+xml', 'text/xml']) {
      await t.app.db.execute(
        sql`update request_files set content_type = ${type} where id = ${txt!.id}`,
      )
      expectError(await preview(admin, txt!.id), 415, 'UNSUPPORTED_MEDIA_TYPE')
    }
  })

  it('another company’s file, another client’s, or a missing one → 404, before its type is told', async () => {
    const {
      files: [pdf, docx],
    } = await uploaded([
      { name: 'a.pdf', data: PDF },
      { name: 'b.docx', data: await docxPackage() },
    ])
    for (const file of [pdf!, docx!]) {
      expectError(await preview(otherCompany, file.id), 404, 'NOT_FOUND')
      expectError(await preview(otherClientUser.cookie, file.id), 404, 'NOT_FOUND')
    }
    expectError(await preview(admin, MISSING_ID), 404, 'NOT_FOUND')
    expectValidation(await preview(admin, 'not-an-id'), ['id'])
    expect(logEvents('file.previewed').map((entry) => entry.fileId)).not.toContain(pdf!.id)
  })

  it('a file of a request the client does not see (a draft) → 404 for the client, shown to the firm', async () => {
    const {
      request,
      files: [pdf],
    } = await uploaded([{ name: 'a.pdf', data: PDF }])
    // No route takes a sent request back to draft: the row is written so, to stand for any request
    // the audience rule hides from the client.
    await t.app.db.execute(
      sql`update audit_requests set status = 'draft', sent_at = null where id = ${request.id}`,
    )
    for (const cookie of [member.cookie, colleague.cookie])
      expectError(await preview(cookie, pdf!.id), 404, 'NOT_FOUND')
    expectPreviewHeaders(await preview(admin, pdf!.id), 'application/pdf', 'a.pdf')
  })

  it('a recorded file gone from storage → 404 in the app’s error shape', async () => {
    const {
      files: [pdf],
    } = await uploaded([{ name: 'lost.pdf', data: PDF }])
    const [row] = await selectRows<{ storage_key: string }>(
      t.app.db,
      sql`select storage_key from request_files where id = ${pdf!.id}`,
    )
    await t.removeStored(row!.storage_key)
    const res = await preview(member.cookie, pdf!.id)
    expect(res.json()).toEqual({ message: 'This file is no longer available', code: 'NOT_FOUND' })
    expect(res.statusCode).toBe(404)
  })
})
