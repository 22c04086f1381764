import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditRequest, RequestDetail } from '@shared/schemas/requests'
import { selectRows } from '../../db/client'
import { createAudit, createProject, expectError, signedInClientUser } from '../../test/factories'
import { APP_URL, createTestApp, signedInAdmin, type TestApp } from '../../test/harness'
import { multipartBody, type UploadFile } from '../../test/multipart'

// 3 files per version; files up to 10,485 bytes.
const MAX_FILES = 3

let t: TestApp

beforeAll(async () => {
  t = await createTestApp({
    env: {
      UPLOAD_MAX_FILE_MB: '0.01',
      UPLOAD_MAX_FILES_PER_REQUEST: String(MAX_FILES),
    },
  })
})
afterAll(async () => t?.close())

/** A PDF of exactly `size` bytes. */
const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(size - 5, 0x20)])

/** A company of its own with a client user and a way to send requests. */
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
  return { admin: admin.cookie, member: member.cookie, sentRequest }
}

function upload(cookie: string, requestId: string, files: UploadFile[]) {
  const { payload, contentType } = multipartBody(files)
  return t.app.inject({
    method: 'POST',
    url: `/api/requests/${requestId}/files`,
    payload,
    headers: { origin: APP_URL, cookie, 'content-type': contentType },
  })
}

const pendingFiles = async (cookie: string, requestId: string) => {
  const res = await t.request('GET', `/api/requests/${requestId}`, { cookie })
  return res.json<RequestDetail>().versions.at(-1)?.files ?? []
}

/** Every file on disk has its row and every row its file: refused uploads left nothing behind. */
async function expectNothingLeftBehind() {
  const onDisk = (await readdir(path.join(t.config.dataDir, 'files'))).filter(
    (name) => name !== '.owner',
  )
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
