import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '../db/client'
import { createProject, expectError, sentRequest, signedInClientUser } from '../test/factories'
import { APP_URL, createTestApp, signedInAdmin, type TestApp } from '../test/harness'
import { multipartBody } from '../test/multipart'
import { exchange, listen } from '../test/raw-http'

let t: TestApp
let port: number
beforeAll(async () => {
  t = await createTestApp({
    routes: (app) =>
      // What node-postgres throws when the database server resets the connection.
      app.get('/api/test/database-reset', async () => {
        throw Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read' })
      }),
  })
  port = await listen(t.app)
})
afterAll(async () => t?.close())

interface LogLine {
  level: number
  msg?: string
  event?: string
  reqId?: string
  res?: { statusCode?: number }
  [key: string]: unknown
}
const logLines = (from = 0) => t.logs.slice(from).map((line) => JSON.parse(line) as LogLine)

async function waitForLog(from: number, found: (line: LogLine) => boolean, ms = 3_000) {
  for (const until = Date.now() + ms; Date.now() < until;)
    if (logLines(from).some(found)) return true
    else await new Promise((r) => setTimeout(r, 25))
  return false
}

/** Nothing logged as a server failure: no error level, no 5xx, no "database unavailable". */
function expectNoServerFailure(lines: LogLine[]) {
  const failures = lines.filter(
    (l) =>
      l.level >= 50 ||
      (l.res?.statusCode ?? 0) >= 500 ||
      /request failed|unavailable/i.test(JSON.stringify(l)),
  )
  expect(failures).toEqual([])
}

describe('a client that goes away mid-request', () => {
  it('an upload cut off mid-body is one aborted line, not a database failure, and keeps nothing', async () => {
    const admin = await signedInAdmin(t)
    const project = await createProject(t, admin.cookie)
    const member = await signedInClientUser(t, admin.user.company.id, project.clientId)
    const request = await sentRequest(t, admin.cookie, {
      projectId: project.id,
      assigneeId: member.user.id,
    })
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200_000, 0x20)])
    const { payload, contentType } = multipartBody([{ name: 'statement.pdf', data: pdf }])
    const from = t.logs.length
    await exchange(port, [
      [
        `POST /api/requests/${request.id}/files HTTP/1.1`,
        'Host: 127.0.0.1',
        `Origin: ${APP_URL}`,
        `Cookie: ${member.cookie}`,
        `Content-Type: ${contentType}`,
        `Content-Length: ${payload.length}`,
        '',
        '',
      ].join('\r\n'),
      payload.subarray(0, 100_000),
      { pauseMs: 300 },
      'hang up',
    ])

    expect(await waitForLog(from, (l) => l.event === 'request.aborted')).toBe(true)
    await new Promise((r) => setTimeout(r, 200))
    const lines = logLines(from)
    expect(lines.filter((l) => l.event === 'request.aborted')).toHaveLength(1)
    expectNoServerFailure(lines)
    const files = await selectRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from request_files`,
    )
    expect(files[0]!.n).toBe(0)
    const stored = await readdir(path.join(t.config.dataDir, 'files'))
    expect(stored.filter((name) => name !== '.owner')).toEqual([])
  })

  it('a JSON body cut off midway is one aborted line too', async () => {
    const from = t.logs.length
    const body = JSON.stringify({ email: 'someone@example.com', password: 'x'.repeat(100) })
    await exchange(port, [
      [
        'POST /api/auth/login HTTP/1.1',
        'Host: 127.0.0.1',
        `Origin: ${APP_URL}`,
        'Content-Type: application/json',
        `Content-Length: ${body.length}`,
        '',
        body.slice(0, 20),
      ].join('\r\n'),
      { pauseMs: 100 },
      'hang up',
    ])
    expect(await waitForLog(from, (l) => l.event === 'request.aborted')).toBe(true)
    const lines = logLines(from)
    expect(lines.filter((l) => l.event === 'request.aborted')).toHaveLength(1)
    expectNoServerFailure(lines)
  })
})

describe('a database that goes away', () => {
  it('still answers 503 UNAVAILABLE while the client is there, whatever the code looks like', async () => {
    const from = t.logs.length
    const res = await t.request('GET', '/api/test/database-reset')
    expectError(res, 503, 'UNAVAILABLE')
    expect(logLines(from).filter((l) => l.msg === 'request failed')).toHaveLength(1)
    expect(logLines(from).filter((l) => l.event === 'request.aborted')).toHaveLength(0)
  })
})
