import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditRequest, RequestDetail } from '@shared/schemas/requests'
import { selectRows } from '../../db/client'
import {
  createAudit,
  createProject,
  expectError,
  signedInClientUser,
  uploadFiles,
} from '../../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness'
import type { UploadFile } from '../../test/multipart'

// floor(0.02 MB) = 20,971 bytes per company; 3 files per version; files up to 10,485 bytes.
const QUOTA = Math.floor(0.02 * 1024 * 1024)
const MAX_FILES = 3

let t: TestApp

beforeAll(async () => {
  t = await createTestApp({
    env: {
      UPLOAD_MAX_FILE_MB: '0.01',
      UPLOAD_MAX_FILES_PER_REQUEST: String(MAX_FILES),
      STORAGE_QUOTA_MB: '0.02',
    },
  })
})
afterAll(async () => t?.close())

/** A PDF of exactly `size` bytes. */
const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(size - 5, 0x20)])

/** A company of its own (quotas are per company) with a client user and a way to send requests. */
async function company() {
  const admin = await signedInAdmin(t)
  const project = await createProject(t, admin.cookie)
  const member = await signedInClientUser(t, admin.user.company.id, project.clientId)
  const audit = await createAudit(t, admin.cookie, { projectId: project.id })
  async function sentRequest() {
    const created = await t.request('POST', `/api/audits/${audit.id}/requests`, {
      cookie: admin.cookie,
      body: { title: 'Bank statements', assigneeId: member.user.id },
    })
    expect(created.statusCode, created.body).toBe(201)
    const { id } = created.json<AuditRequest>()
    const sent = await t.request('POST', `/api/audits/${audit.id}/send`, {
      cookie: admin.cookie,
      body: { requestIds: [id] },
    })
    expect(sent.statusCode, sent.body).toBe(200)
    return id
  }
  return { orgId: admin.user.company.id, admin: admin.cookie, member: member.cookie, sentRequest }
}

const upload = (cookie: string, requestId: string, files: UploadFile[]) =>
  uploadFiles(t, cookie, requestId, files)

const pendingFiles = async (cookie: string, requestId: string) => {
  const res = await t.request('GET', `/api/requests/${requestId}`, { cookie })
  return res.json<RequestDetail>().versions.at(-1)?.files ?? []
}

const storedBytes = async (orgId: string) =>
  (
    await selectRows<{ bytes: number }>(
      t.app.db,
      sql`select coalesce(sum(size_bytes), 0)::int as bytes from request_files where organization_id = ${orgId}`,
    )
  )[0]!.bytes

/** Every stored file has its row and every row its file: refused uploads left nothing behind. */
async function expectNothingLeftBehind() {
  const onDisk = await t.storedKeys()
  const keys = await selectRows<{ storage_key: string }>(
    t.app.db,
    sql`select storage_key from request_files`,
  )
  expect(onDisk.sort()).toEqual(keys.map((row) => row.storage_key).sort())
}

describe('files per version, under concurrency', () => {
  it('5 uploads of 2 files at once to one request: one gets in, the others 409, never more than the limit', async () => {
    const { member, sentRequest } = await company()
    const requestId = await sentRequest()
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        upload(member, requestId, [
          { name: `a${i}.pdf`, data: pdf(300) },
          { name: `b${i}.pdf`, data: pdf(300) },
        ]),
      ),
    )
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 409, 409, 409, 409])
    for (const res of results.filter((r) => r.statusCode === 409))
      expect(expectError(res, 409, 'CONFLICT').message).toBe(
        `A version can hold at most ${MAX_FILES} files: remove some first`,
      )
    expect(await pendingFiles(member, requestId)).toHaveLength(2)
    await expectNothingLeftBehind()
  })

  it('5 single-file uploads at once: exactly the limit gets in', async () => {
    const { member, sentRequest } = await company()
    const requestId = await sentRequest()
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        upload(member, requestId, [{ name: `${i}.pdf`, data: pdf(300) }]),
      ),
    )
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 201, 201, 409, 409])
    expect(await pendingFiles(member, requestId)).toHaveLength(MAX_FILES)
    await expectNothingLeftBehind()
  })
})

describe('storage quota per company (STORAGE_QUOTA_MB)', () => {
  it('uploads that fit are accepted; one that would pass the quota → 413 with the sizes, nothing stored', async () => {
    const { orgId, member, sentRequest } = await company()
    const requestId = await sentRequest()
    for (const name of ['one.pdf', 'two.pdf'])
      expect((await upload(member, requestId, [{ name, data: pdf(8000) }])).statusCode).toBe(201)

    const over = await upload(member, await sentRequest(), [{ name: 'three.pdf', data: pdf(6000) }])
    expect(expectError(over, 413, 'PAYLOAD_TOO_LARGE').message).toBe(
      'This firm’s storage is full (20.5 KB): this file needs 5.9 KB and 4.9 KB is left. Ask the firm to make room.',
    )
    const twoOver = await upload(member, await sentRequest(), [
      { name: 'a.pdf', data: pdf(3000) },
      { name: 'b.pdf', data: pdf(3000) },
    ])
    expect(expectError(twoOver, 413, 'PAYLOAD_TOO_LARGE').message).toMatch(
      /these files need 5\.9 KB and 4\.9 KB is left/,
    )
    expect(await storedBytes(orgId)).toBe(16000)
    await expectNothingLeftBehind()

    // Exactly up to the quota is fine.
    const exact = await upload(member, await sentRequest(), [
      { name: 'rest.pdf', data: pdf(QUOTA - 16000) },
    ])
    expect(exact.statusCode, exact.body).toBe(201)
    expect(await storedBytes(orgId)).toBe(QUOTA)
  })

  it('a company at its quota is refused before its files are read; removing a file makes room', async () => {
    const { orgId, member, sentRequest } = await company()
    const requestId = await sentRequest()
    const first = await upload(member, requestId, [{ name: 'a.pdf', data: pdf(10000) }])
    expect(first.statusCode, first.body).toBe(201)
    const fill = await upload(member, requestId, [
      { name: 'b.pdf', data: pdf(10000) },
      { name: 'c.pdf', data: pdf(QUOTA - 20000) },
    ])
    expect(fill.statusCode, fill.body).toBe(201)
    expect(await storedBytes(orgId)).toBe(QUOTA)

    // Over the per-file cap too: had it been read, the answer would be about that.
    const full = await upload(member, await sentRequest(), [{ name: 'd.pdf', data: pdf(30000) }])
    expect(expectError(full, 413, 'PAYLOAD_TOO_LARGE').message).toBe(
      'This firm’s storage is full (20.5 KB): ask the firm to make room.',
    )
    await expectNothingLeftBehind()

    const [firstFile] = first.json<Array<{ id: string }>>()
    const removed = await t.request('DELETE', `/api/files/${firstFile!.id}`, { cookie: member })
    expect(removed.statusCode, removed.body).toBe(204)
    expect(
      (await upload(member, await sentRequest(), [{ name: 'd.pdf', data: pdf(100) }])).statusCode,
    ).toBe(201)
  })

  it('uploads at once to several requests never pass the quota together; other companies are not counted', async () => {
    const { orgId, member, sentRequest } = await company()
    const requests = await Promise.all(Array.from({ length: 5 }, () => sentRequest()))
    const results = await Promise.all(
      requests.map((requestId, i) =>
        upload(member, requestId, [{ name: `${i}.pdf`, data: pdf(6000) }]),
      ),
    )
    // 3 × 6,000 = 18,000 fit in 20,971; a fourth would not.
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 201, 201, 413, 413])
    for (const res of results.filter((r) => r.statusCode === 413))
      expect(expectError(res, 413, 'PAYLOAD_TOO_LARGE').message).toMatch(
        /^This firm’s storage is full/,
      )
    expect(await storedBytes(orgId)).toBe(18000)
    await expectNothingLeftBehind()

    const other = await company()
    const fresh = await upload(other.member, await other.sentRequest(), [
      { name: 'x.pdf', data: pdf(10000) },
    ])
    expect(fresh.statusCode, fresh.body).toBe(201)
  })
})
