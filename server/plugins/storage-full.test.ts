import { mkdir, readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RequestFile } from '@shared/schemas/requests'
import { selectRows } from '../db/client'
import {
  createProject,
  expectError,
  sentRequest,
  signedInClientUser,
  uploadFiles,
} from '../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../test/harness'
import { mountSmallDisk, smallDisksWork, type SmallDisk } from '../test/small-disk'

// A real full disk: a small tmpfs of the test's own, filled up, then freed.
const canMount = await smallDisksWork()
if (!canMount)
  console.warn(
    '\n*** SKIPPED: the full-disk tests need to mount a tmpfs (run them as root, as CI does) ***\n',
  )

const STORAGE_FULL =
  "The server's storage is full. Your change was not saved; please try again later or tell your administrator."

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(20_000, 0x20)])

const logEvents = (t: TestApp, event: string) =>
  t.logs
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry.event === event)

async function until<T>(what: string, check: () => Promise<T | undefined>, ms = 30_000) {
  for (const end = Date.now() + ms; Date.now() < end;) {
    const value = await check()
    if (value !== undefined) return value
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`Timed out waiting for ${what}`)
}

describe.skipIf(!canMount)('uploaded files on a full disk', () => {
  let disk: SmallDisk
  let t: TestApp
  beforeAll(async () => {
    disk = (await mountSmallDisk('1m'))!
    t = await createTestApp({ storage: 'local', env: { STORAGE_URL: `file://${disk.dir}` } })
  })
  afterAll(async () => {
    await t?.close()
    await disk?.unmount()
  })

  const fileRows = async () =>
    (
      await selectRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from request_files`)
    )[0]!.n

  it('an upload → 507 in the app’s shape, no file row, no partial file; once there is room it goes through', async () => {
    const admin = await signedInAdmin(t)
    const project = await createProject(t, admin.cookie)
    const member = await signedInClientUser(t, admin.user.company.id, project.clientId)
    const request = await sentRequest(t, admin.cookie, {
      projectId: project.id,
      assigneeId: member.user.id,
    })
    await disk.fill()

    const refused = await uploadFiles(t, member.cookie, request.id, [
      { name: 'statement.pdf', data: PDF },
    ])
    expect(expectError(refused, 507, 'STORAGE_FULL').message).toBe(STORAGE_FULL)
    expect(await fileRows()).toBe(0)
    expect(await readdir(disk.dir)).toEqual(['.filler'])
    expect(logEvents(t, 'storage.full')).toHaveLength(1)

    await disk.free()
    const accepted = await uploadFiles(t, member.cookie, request.id, [
      { name: 'statement.pdf', data: PDF },
    ])
    expect(accepted.statusCode, accepted.body).toBe(201)
    const [file] = accepted.json<RequestFile[]>()
    expect(file!.sizeBytes).toBe(PDF.length)
    expect(await fileRows()).toBe(1)
    expect(await readdir(disk.dir)).toHaveLength(1)
  })
})

describe.skipIf(!canMount)('the mail outbox on a full disk', () => {
  let disk: SmallDisk
  let t: TestApp
  let outbox: string
  beforeAll(async () => {
    disk = (await mountSmallDisk('1m'))!
    // No SMTP server: mail goes to DATA_DIR/outbox, here on the small disk.
    t = await createTestApp({
      env: { DATA_DIR: disk.dir, SMTP_URL: '', MAIL_RETRY_SECONDS: '1' },
    })
    outbox = path.join(disk.dir, 'outbox')
    await mkdir(outbox, { recursive: true })
  })
  afterAll(async () => {
    await t?.close()
    await disk?.unmount()
  })

  it('a mail that cannot be written leaves no empty or cut .eml; the retry delivers it once there is room', async () => {
    await disk.fill()
    await t.app.mailer.send(t.app.db, {
      to: 'ada@example.com',
      subject: 'Written whole',
      text: `A long enough body. ${'x'.repeat(10_000)}`,
      html: '<p>A long enough body.</p>',
    })
    const failure = await until('the failed try', async () =>
      logEvents(t, 'mail.delivery_failed').at(0),
    )
    expect((failure.err as { code?: string }).code).toBe('ENOSPC')
    expect(await readdir(outbox)).toEqual([])

    await disk.free()
    const [eml] = await until('the retry', async () => {
      const names = await readdir(outbox)
      return names.length > 0 && logEvents(t, 'mail.delivered_after_retry').length > 0
        ? names
        : undefined
    })
    expect(await readdir(outbox)).toEqual([eml])
    expect(eml).toMatch(/\.eml$/)
    const message = await readFile(path.join(outbox, eml!), 'utf8')
    expect(message).toContain('Subject: Written whole')
    expect(message).toContain('x'.repeat(70))
  })
})
