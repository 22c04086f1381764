import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { DrizzleQueryError, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '../db/client'
import { createProject, expectError, sentRequest, signedInClientUser } from '../test/factories'
import { APP_URL, createTestApp, signedInAdmin, type TestApp } from '../test/harness'
import { multipartBody } from '../test/multipart'
import { exchange, expectRawError, firstResponse, listen } from '../test/raw-http'

let t: TestApp
let port: number
beforeAll(async () => {
  t = await createTestApp({
    extraApiRoutes: async (api) => {
      // What a query gets when the database server resets the connection (Drizzle wraps it).
      api.get('/test/database-reset', { config: { access: 'public' } }, async () => {
        throw new DrizzleQueryError(
          'select 1',
          [],
          Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read' }),
        )
      })
      // The same from another service (S3's client), with no query around it.
      api.get('/test/service-reset', { config: { access: 'public' } }, async () => {
        throw Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read' })
      })
      // What the database raises when its disk is full (disk_full, 53100), through the driver.
      api.post('/test/database-disk-full', { config: { access: 'public' } }, async () => {
        await api.db.execute(
          sql.raw(
            `do $$ begin raise exception 'could not extend file "base/5/16385": No space left on device' using errcode = 'disk_full'; end $$`,
          ),
        )
      })
      // What Node raises on a full disk or quota, wrapped by a caller.
      api.post('/test/quota-exceeded', { config: { access: 'public' } }, async () => {
        const quota = Object.assign(new Error('EDQUOT: disk quota exceeded, write'), {
          code: 'EDQUOT',
          syscall: 'write',
        })
        throw new Error('could not write the file', { cause: quota })
      })
    },
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

describe('a request refused before its body has arrived', () => {
  /** Headers, some of the body, then (once answered) the next request on the same connection. */
  async function refusedThenNext(headers: string[], status: number, code: string) {
    const { received, closedByServer } = await exchange(
      port,
      [
        [...headers, '', 'x'.repeat(1_000)].join('\r\n'),
        { until: (text) => text.includes('\r\n\r\n{') },
        'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
      ],
      3_000,
    )
    const res = firstResponse(received)
    expectRawError(res, status, code)
    // The connection ends: the rest of the body is never read as the next request.
    expect(res!.headers.connection).toBe('close')
    expect(closedByServer).toBe(true)
    expect(received.match(/HTTP\/1\.1 /g)).toHaveLength(1)
  }

  it('a body over the limit: 413, and the connection closes', async () => {
    await refusedThenNext(
      [
        'POST /api/auth/login HTTP/1.1',
        'Host: 127.0.0.1',
        `Origin: ${APP_URL}`,
        'Content-Type: application/json',
        `Content-Length: ${5 * 1024 * 1024}`,
      ],
      413,
      'PAYLOAD_TOO_LARGE',
    )
  })

  it('an upload without a session: 401, and the connection closes', async () => {
    await refusedThenNext(
      [
        `POST /api/requests/${crypto.randomUUID()}/files HTTP/1.1`,
        'Host: 127.0.0.1',
        `Origin: ${APP_URL}`,
        'Content-Type: multipart/form-data; boundary=x',
        'Content-Length: 1000000',
      ],
      401,
      'UNAUTHENTICATED',
    )
  })

  it('an answered request whose body had all arrived keeps its connection', async () => {
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' })
    const { received } = await exchange(
      port,
      [
        [
          'POST /api/auth/login HTTP/1.1',
          'Host: 127.0.0.1',
          `Origin: ${APP_URL}`,
          'Content-Type: application/json',
          `Content-Length: ${body.length}`,
          '',
          body,
        ].join('\r\n'),
        { until: (text) => text.includes('\r\n\r\n{') },
        'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
      ],
      3_000,
    )
    expect(firstResponse(received)!.headers.connection).not.toBe('close')
    expect(received.match(/HTTP\/1\.1 /g)).toHaveLength(2)
  })
})

describe('a database that goes away', () => {
  it('still answers 503 UNAVAILABLE while the client is there, whatever the code looks like', async () => {
    const from = t.logs.length
    const res = await t.request('GET', '/api/test/database-reset')
    expectError(res, 503, 'UNAVAILABLE')
    expect(res.headers['retry-after']).toBe('5')
    expect(res.json().message).toBe(
      'The database is not answering right now. Please try again in a moment.',
    )
    expect(logLines(from).filter((l) => l.event === 'db.unavailable')).toHaveLength(1)
    expect(logLines(from).filter((l) => l.event === 'request.aborted')).toHaveLength(0)
  })

  it('another service out of reach is 503 too, without blaming the database', async () => {
    const res = await t.request('GET', '/api/test/service-reset')
    expectError(res, 503, 'UNAVAILABLE')
    expect(res.json().message).toBe(
      'A service AuditDesk depends on is not answering right now. Please try again in a moment.',
    )
  })
})

describe('a full disk', () => {
  // The real thing (a full tmpfs under uploads and the mail outbox) is in storage-full.test.ts.
  it('the database’s disk_full and a quota exceeded deep in the cause chain answer 507 STORAGE_FULL, logged as an error', async () => {
    for (const url of ['/api/test/database-disk-full', '/api/test/quota-exceeded']) {
      const from = t.logs.length
      const res = await t.request('POST', url, { body: {} })
      expect(expectError(res, 507, 'STORAGE_FULL').message).toBe(
        "The server's storage is full. Your change was not saved; please try again later or tell your administrator.",
      )
      expect(res.body).not.toMatch(/extend file|EDQUOT|quota/)
      expect(
        logLines(from).filter((l) => l.event === 'storage.full' && l.level === 50),
      ).toHaveLength(1)
    }
  })
})

describe('what Fastify and Node answer by themselves, in the one shape', () => {
  /** No trace of Fastify's own error body. */
  const expectNoFrameworkShape = (body: string) => {
    expect(body).not.toMatch(/FST_|"statusCode"|"error"/)
  }

  it('a URL that cannot be routed: bad percent-encoding → 400, a parameter too long → 414', async () => {
    const cases: Array<[string, number, string]> = [
      ['/api/%zz', 400, 'BAD_REQUEST'],
      ['/%zz', 400, 'BAD_REQUEST'],
      ['/api/clients/%E0%A4%A', 400, 'BAD_REQUEST'],
      [`/api/clients/${'a'.repeat(200)}`, 414, 'URI_TOO_LONG'],
      [`/api/requests/${'a'.repeat(200)}/files`, 414, 'URI_TOO_LONG'],
    ]
    for (const [url, status, code] of cases)
      for (const method of ['GET', 'POST'] as const) {
        if (method === 'POST' && url.startsWith('/api/clients/a')) continue // no such POST route: 404
        const res = await t.request(method, url, method === 'POST' ? { body: {} } : {})
        expectError(res, status, code)
        expectNoFrameworkShape(res.body)
      }
  })

  it('what the HTTP parser refuses → 400, 431 in the one shape, and the connection closed', async () => {
    const cases: Array<[string, string, number, string]> = [
      ['not HTTP at all', 'HELLO THERE\r\n\r\n', 400, 'BAD_REQUEST'],
      ['an unknown version', 'GET /api/health HTTP/9.9\r\nHost: a\r\n\r\n', 400, 'BAD_REQUEST'],
      [
        'a header name with a space',
        'GET /api/health HTTP/1.1\r\nHost: a\r\nBad Name: x\r\n\r\n',
        400,
        'BAD_REQUEST',
      ],
      [
        'Content-Length with chunked',
        'POST /api/auth/login HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n',
        400,
        'BAD_REQUEST',
      ],
      [
        'headers over 16 KB',
        `GET /api/health HTTP/1.1\r\nHost: a\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
        431,
        'HEADERS_TOO_LARGE',
      ],
      [
        'a request line over 16 KB',
        `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: a\r\n\r\n`,
        431,
        'HEADERS_TOO_LARGE',
      ],
    ]
    for (const [what, raw, status, code] of cases) {
      const { received, closedByServer } = await exchange(port, [raw], 2_000)
      const res = firstResponse(received)
      expectRawError(res, status, code)
      expectNoFrameworkShape(res!.body)
      expect(closedByServer, what).toBe(true)
    }
  })

  it('no Host header → 400, an unknown Expect → 417, both in the one shape', async () => {
    const noHost = firstResponse(
      (await exchange(port, ['GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n'], 1_000))
        .received,
    )
    expectRawError(noHost, 400, 'BAD_REQUEST')
    const expect417 = firstResponse(
      (
        await exchange(
          port,
          ['GET /api/health HTTP/1.1\r\nHost: a\r\nExpect: magic\r\n\r\n'],
          1_000,
        )
      ).received,
    )
    expectRawError(expect417, 417, 'BAD_REQUEST')
  })

  it('a request arriving while the server shuts down is served and its connection closed, not refused in Fastify’s shape', async () => {
    const draining = await createTestApp()
    const drainingPort = await listen(draining.app)
    let closed: Promise<void> | undefined
    const { received } = await exchange(drainingPort, [
      'GET /api/health HTTP/1.1\r\nHost: a\r\n',
      { pauseMs: 50 },
      { run: () => void (closed = draining.close()) },
      { pauseMs: 200 },
      '\r\n',
    ])
    await closed
    const res = firstResponse(received)
    expect(res?.status, received).toBe(200)
    expect(JSON.parse(res!.body)).toEqual({ status: 'ok', checks: { database: 'ok' } })
    expect(res!.headers.connection).toBe('close')
  })
})
