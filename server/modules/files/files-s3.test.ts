import { createHash, randomBytes } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RequestFile } from '@shared/schemas/requests'
import { selectRows } from '../../db/client'
import { createProject, sentRequest, signedInClientUser } from '../../test/factories'
import { APP_URL, createTestApp, signedInAdmin, type TestApp } from '../../test/harness'
import { multipartBody, readZip, type UploadFile } from '../../test/multipart'
import { listen } from '../../test/raw-http'
import { abandonedAfterMs, removeAbandonedFiles } from './files.service'

// Files in an S3 bucket (s3rver), over real HTTP: upload, download, delete, the ZIP export, the
// limits and the clean-up, as with files on disk (files.test.ts, upload-limits.test.ts).

const MB = 1024 * 1024
let t: TestApp
let base: string
let s3: S3Client
let admin: string
let member: string
let projectId: string
let memberId: string

beforeAll(async () => {
  t = await createTestApp({ storage: 's3', env: { UPLOAD_MAX_FILE_MB: '8' } })
  base = `http://127.0.0.1:${await listen(t.app)}`
  s3 = new S3Client({ forcePathStyle: true })
  const a = await signedInAdmin(t)
  admin = a.cookie
  const project = await createProject(t, admin)
  projectId = project.id
  const client = await signedInClientUser(t, a.user.company.id, project.clientId)
  member = client.cookie
  memberId = client.user.id
})
afterAll(async () => {
  s3?.destroy()
  await t?.close()
})

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex')
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
])
/** Text, accepted whatever its length. */
const textOf = (bytes: number) => Buffer.from(randomBytes(bytes / 2).toString('hex'))

/** The bucket's objects but the owner marker. */
const objects = () => t.storedKeys()

const send = (cookie: string, method: string, url: string, init: RequestInit = {}) =>
  fetch(`${base}${url}`, {
    ...init,
    method,
    headers: {
      cookie,
      ...(method === 'GET' ? {} : { origin: APP_URL }),
      ...(init.headers as Record<string, string>),
    },
  })

/**
 * Each upload on a connection of its own: a 413 is answered before the body is all sent, and a
 * request sent next on that kept-alive connection can hang (on local disk alike).
 */
function upload(requestId: string, files: UploadFile[]) {
  const { payload, contentType } = multipartBody(files)
  return new Promise<{ status: number; json: <T>() => T; text: string }>((resolve, reject) => {
    const req = httpRequest(
      `${base}/api/requests/${requestId}/files`,
      {
        method: 'POST',
        agent: false,
        headers: { cookie: member, origin: APP_URL, 'content-type': contentType },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString()
          resolve({ status: res.statusCode!, text, json: <T>() => JSON.parse(text) as T })
        })
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

const newRequest = () => sentRequest(t, admin, { projectId, assigneeId: memberId })

describe('files in S3, through the API', () => {
  it('a 7 MB upload (two parts) is stored with its hash and downloads byte for byte', async () => {
    const request = await newRequest()
    const data = textOf(7 * MB)
    const res = await upload(request.id, [
      { name: 'ledger.txt', data },
      { name: 'scan.png', data: PNG },
    ])
    expect(res.status, res.text).toBe(201)
    const [ledger, scan] = res.json<RequestFile[]>()
    expect(ledger).toMatchObject({ sizeBytes: data.length, sha256: sha256(data) })
    expect(scan).toMatchObject({ contentType: 'image/png', sha256: sha256(PNG) })
    expect(await objects()).toHaveLength(2)

    const download = await send(member, 'GET', `/api/files/${ledger!.id}`)
    expect(download.status).toBe(200)
    expect(Buffer.from(await download.arrayBuffer()).equals(data)).toBe(true)

    const removed = await send(member, 'DELETE', `/api/files/${ledger!.id}`)
    expect(removed.status).toBe(204)
    expect(await objects()).toHaveLength(1)
    await send(member, 'DELETE', `/api/files/${scan!.id}`)
    expect(await objects()).toEqual([])
  })

  it('over the per-file cap: 413 once the first part is sent, and nothing is left in the bucket', async () => {
    const request = await newRequest()
    const res = await upload(request.id, [{ name: 'huge.txt', data: textOf(9 * MB) }])
    expect(res.status).toBe(413)
    expect(res.json<{ message: string }>().message).toMatch(/8 MB/)
    expect(await objects()).toEqual([])
  })

  it('refused by its bytes (a web page named .pdf): 415, nothing stored', async () => {
    const request = await newRequest()
    const page = Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>')
    const res = await upload(request.id, [{ name: 'invoice.pdf', data: page }])
    expect(res.status).toBe(415)
    expect(await objects()).toEqual([])
  })

  it('the ZIP export reads the files from the bucket; one deleted behind the app’s back is named in the manifest', async () => {
    const request = await newRequest()
    const kept = textOf(200_000)
    const res = await upload(request.id, [
      { name: 'kept.txt', data: kept },
      { name: 'lost.png', data: PNG },
    ])
    expect(res.status).toBe(201)
    const [, lost] = res.json<RequestFile[]>()
    expect(
      (await send(member, 'POST', `/api/requests/${request.id}/submit`, jsonBody())).status,
    ).toBe(200)
    expect((await send(admin, 'POST', `/api/requests/${request.id}/accept`)).status).toBe(200)

    const zip = async () => {
      const answer = await send(admin, 'GET', `/api/audits/${request.auditId}/export.zip`)
      expect(answer.status).toBe(200)
      return readZip(Buffer.from(await answer.arrayBuffer()))
    }
    const whole = await zip()
    const folder = [...whole.keys()][0]!.split('/')[0]
    expect([...whole.keys()]).toEqual([`${folder}/kept.txt`, `${folder}/lost.png`, 'manifest.csv'])
    expect(whole.get(`${folder}/kept.txt`)!.equals(kept)).toBe(true)
    expect(whole.get(`${folder}/lost.png`)!.equals(PNG)).toBe(true)

    await t.removeStored(await storageKey(lost!.id))
    const partial = await zip()
    expect([...partial.keys()]).toEqual([`${folder}/kept.txt`, 'manifest.csv'])
    expect(partial.get('manifest.csv')!.toString()).toContain(
      `lost.png,${PNG.length},${sha256(PNG)},Missing from storage: not in this archive`,
    )
  })

  it('the clean-up: an object no row references, older than the margin, is deleted; recorded files stay', async () => {
    const request = await newRequest()
    const res = await upload(request.id, [{ name: 'kept.png', data: PNG }])
    const [recorded] = res.json<RequestFile[]>()
    const orphan = randomBytes(24).toString('hex')
    await s3.send(new PutObjectCommand({ Bucket: t.s3!.bucket, Key: orphan, Body: 'crashed' }))

    expect(await removeAbandonedFiles(t.app)).toBe(0)
    t.clock.advance(abandonedAfterMs(t.app) + 60_000)
    try {
      expect(await removeAbandonedFiles(t.app)).toBe(1)
    } finally {
      t.clock.advance(-(abandonedAfterMs(t.app) + 60_000))
    }
    const left = await objects()
    expect(left).not.toContain(orphan)
    expect(left).toContain(await storageKey(recorded!.id))
    const download = await send(member, 'GET', `/api/files/${recorded!.id}`)
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true)
  })

  // Last: it stops the S3 server.
  it('S3 out of reach: uploads and downloads answer 503 in the app’s shape, the rest serves', async () => {
    const request = await newRequest()
    const res = await upload(request.id, [{ name: 'kept.png', data: PNG }])
    const [stored] = res.json<RequestFile[]>()
    await t.s3!.stop()
    const unavailable = {
      code: 'UNAVAILABLE',
      message:
        'A service AuditDesk depends on is not answering right now. Please try again in a moment.',
    }
    const download = await send(member, 'GET', `/api/files/${stored!.id}`)
    expect(download.status).toBe(503)
    expect(await download.json()).toEqual(unavailable)
    const refused = await upload(request.id, [{ name: 'later.png', data: PNG }])
    expect(refused.status).toBe(503)
    expect(refused.json()).toEqual(unavailable)
    expect((await send(member, 'GET', '/api/my-requests')).status).toBe(200)
  })
})

function jsonBody(body: unknown = {}): RequestInit {
  return { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
}

async function storageKey(fileId: string) {
  const [row] = await selectRows<{ storage_key: string }>(
    t.app.db,
    sql`select storage_key from request_files where id = ${fileId}`,
  )
  return row!.storage_key
}
