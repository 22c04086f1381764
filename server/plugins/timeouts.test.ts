import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '../db/client'
import { clients } from '../db/schema'
import { createProject, sentRequest, signedInClientUser } from '../test/factories'
import { APP_URL, createTestApp, signedInAdmin, type TestApp } from '../test/harness'
import { multipartBody } from '../test/multipart'
import {
  drip,
  exchange,
  expectRawError,
  firstResponse,
  listen,
  type Exchange,
} from '../test/raw-http'

/** Requests that take too long to arrive, over real connections: 1 s for most, 3 s for uploads. */

let t: TestApp
let port: number
let admin: Awaited<ReturnType<typeof signedInAdmin>>
let member: Awaited<ReturnType<typeof signedInClientUser>>
let projectId: string

beforeAll(async () => {
  t = await createTestApp({ env: { REQUEST_TIMEOUT_SECONDS: '1', UPLOAD_TIMEOUT_SECONDS: '3' } })
  port = await listen(t.app)
  admin = await signedInAdmin(t)
  const project = await createProject(t, admin.cookie)
  projectId = project.id
  member = await signedInClientUser(t, admin.user.company.id, project.clientId)
})
afterAll(async () => t?.close())

const head = (lines: string[]) => [...lines, '', ''].join('\r\n')

interface LogLine {
  level: number
  msg?: string
  event?: string
  limitSeconds?: number
  res?: { statusCode?: number }
}
const logLines = (from: number) => t.logs.slice(from).map((line) => JSON.parse(line) as LogLine)

/** Cut off: a 408 in the one shape (or, when an answer had already gone out, a closed connection). */
function expectCutOff(result: Exchange, withinMs: number) {
  expect(result.closedByServer, result.received).toBe(true)
  expect(result.elapsedMs).toBeLessThan(withinMs)
  const res = firstResponse(result.received)
  if (res?.status !== 200 && res?.status !== 404) expectRawError(res, 408, 'REQUEST_TIMEOUT')
}

/**
 * One warning per cut-off request, from the route's own deadline (Node's backstop, later, has no
 * limit in its line); nothing that looks like a server failure or a client abort.
 */
async function expectLoggedAsTimeout(from: number, limitSeconds: number) {
  await new Promise((r) => setTimeout(r, 100))
  const lines = logLines(from)
  expect(lines.filter((l) => l.event === 'request.timeout')).toEqual([
    expect.objectContaining({ limitSeconds }),
  ])
  expect(
    lines.filter(
      (l) =>
        l.level >= 50 ||
        (l.res?.statusCode ?? 0) >= 500 ||
        l.event === 'request.aborted' ||
        /request failed|unavailable/i.test(JSON.stringify(l)),
    ),
  ).toEqual([])
}

async function clientCount() {
  const rows = await t.app.db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.organizationId, admin.user.company.id))
  return rows.length
}

describe('REQUEST_TIMEOUT_SECONDS (1 s here)', () => {
  it('a JSON body that drips in is cut off with 408 in the one shape, and nothing is written', async () => {
    const before = await clientCount()
    const from = t.logs.length
    const body = JSON.stringify({ name: 'Slowloris Ltd' })
    const result = await exchange(port, [
      head([
        'POST /api/clients HTTP/1.1',
        'Host: 127.0.0.1',
        `Origin: ${APP_URL}`,
        `Cookie: ${admin.cookie}`,
        'Content-Type: application/json',
        `Content-Length: ${body.length}`,
      ]),
      ...drip(body, 10, 400),
    ])
    expectRawError(firstResponse(result.received), 408, 'REQUEST_TIMEOUT')
    expect(result.closedByServer).toBe(true)
    expect(result.elapsedMs).toBeLessThan(3_000)
    await expectLoggedAsTimeout(from, 1)
    expect(await clientCount()).toBe(before)
  })

  it('a GET and an unknown route whose bodies never finish are cut off too', async () => {
    for (const [method, url] of [
      ['GET', '/api/clients'],
      ['POST', '/api/no-such-route'],
    ]) {
      const from = t.logs.length
      const result = await exchange(port, [
        head([
          `${method} ${url} HTTP/1.1`,
          'Host: 127.0.0.1',
          `Origin: ${APP_URL}`,
          `Cookie: ${admin.cookie}`,
          'Content-Type: application/json',
          'Content-Length: 100',
        ]),
        ...drip('{"a":"', 5, 500),
      ])
      expectCutOff(result, 3_000)
      await expectLoggedAsTimeout(from, 1)
    }
  })

  it('headers that never finish are cut off with 408 in the one shape', async () => {
    const result = await exchange(port, [
      'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n',
      ...Array.from({ length: 8 }, (_, i) => [{ pauseMs: 400 }, `X-Drip-${i}: 1\r\n`]).flat(),
    ])
    expectRawError(firstResponse(result.received), 408, 'REQUEST_TIMEOUT')
    expect(result.closedByServer).toBe(true)
    expect(result.elapsedMs).toBeLessThan(3_000)
  })

  it('a request that arrives in time is not disturbed, and its connection stays open', async () => {
    const body = JSON.stringify({ name: 'Prompt Ltd' })
    const result = await exchange(
      port,
      [
        head([
          'POST /api/clients HTTP/1.1',
          'Host: 127.0.0.1',
          `Origin: ${APP_URL}`,
          `Cookie: ${admin.cookie}`,
          'Content-Type: application/json',
          `Content-Length: ${body.length}`,
        ]),
        ...drip(body, 3, 200),
      ],
      1_500,
    )
    expect(firstResponse(result.received)?.status, result.received).toBe(201)
    expect(result.closedByServer).toBe(false)
  })
})

describe('the deadlines themselves', () => {
  const pendingTimers = () =>
    process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length

  it('are cleared once a request has arrived or its client has gone: none pile up within the second', async () => {
    const before = pendingTimers()
    const body = JSON.stringify({ email: 'nobody@example.com' })
    const steps = Array.from({ length: 30 }, () => [
      'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
      head([
        'POST /api/auth/forgot-password HTTP/1.1',
        'Host: 127.0.0.1',
        `Origin: ${APP_URL}`,
        'Content-Type: application/json',
        `Content-Length: ${body.length}`,
      ]) + body,
    ]).flat()
    let during = -1
    const keptAlive = exchange(
      port,
      [
        ...steps,
        // Every response is in (on a loaded machine that can take more than a moment).
        { until: (received) => received.split('HTTP/1.1 ').length - 1 >= steps.length },
        { pauseMs: 200 },
        { run: () => void (during = pendingTimers()) },
        'hang up',
      ],
      25_000,
    )
    const abandoned = Array.from({ length: 20 }, () =>
      exchange(port, [
        head([
          'POST /api/auth/login HTTP/1.1',
          'Host: 127.0.0.1',
          `Origin: ${APP_URL}`,
          'Content-Type: application/json',
          'Content-Length: 100',
        ]) + '{"email":',
        { pauseMs: 50 },
        'hang up',
      ]),
    )
    await Promise.all(abandoned)
    const kept = await keptAlive
    await new Promise((r) => setTimeout(r, 300))
    expect(during, kept.received.slice(-500)).toBeGreaterThanOrEqual(0)
    // 80 requests within the second, each holding its timer had it not been cleared (the margin
    // is for the timers of idle database connections).
    expect(during - before).toBeLessThan(15)
    expect(pendingTimers() - before).toBeLessThan(15)
    expect(firstResponse(kept.received)?.status).toBe(200)
  })
})

describe('UPLOAD_TIMEOUT_SECONDS (3 s here)', () => {
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(20_000, 0x20)])

  function slowUpload(requestId: string, chunks: number, everyMs: number) {
    const { payload, contentType } = multipartBody([{ name: 'statement.pdf', data: pdf }])
    return exchange(
      port,
      [
        head([
          `POST /api/requests/${requestId}/files HTTP/1.1`,
          'Host: 127.0.0.1',
          'Connection: close',
          `Origin: ${APP_URL}`,
          `Cookie: ${member.cookie}`,
          `Content-Type: ${contentType}`,
          `Content-Length: ${payload.length}`,
        ]),
        ...drip(payload, chunks, everyMs),
      ],
      6_000,
    )
  }

  const storedFiles = async () =>
    (await readdir(path.join(t.config.dataDir, 'files'))).filter((name) => name !== '.owner')
  const fileRows = async (requestId: string) =>
    (
      await selectRows<{ n: number }>(
        t.app.db,
        sql`select count(*)::int as n from request_files where request_id = ${requestId}`,
      )
    )[0]!.n

  it('an upload taking longer than REQUEST_TIMEOUT_SECONDS but within its own limit is stored', async () => {
    const request = await sentRequest(t, admin.cookie, { projectId, assigneeId: member.user.id })
    const result = await slowUpload(request.id, 5, 300)
    const res = firstResponse(result.received)
    expect(res?.status, result.received).toBe(201)
    expect(result.elapsedMs).toBeGreaterThan(1_400)
    expect(await fileRows(request.id)).toBe(1)
  })

  it('an upload slower than UPLOAD_TIMEOUT_SECONDS is cut off; nothing is kept', async () => {
    const request = await sentRequest(t, admin.cookie, { projectId, assigneeId: member.user.id })
    const filesBefore = await storedFiles()
    const from = t.logs.length
    const result = await slowUpload(request.id, 10, 450)
    expectRawError(firstResponse(result.received), 408, 'REQUEST_TIMEOUT')
    expect(result.closedByServer).toBe(true)
    expect(result.elapsedMs).toBeLessThan(4_000)
    await expectLoggedAsTimeout(from, 3)
    expect(await fileRows(request.id)).toBe(0)
    expect(await storedFiles()).toEqual(filesBefore)
  })
})

describe('Node’s server limits', () => {
  it('Node’s own limits: headers as configured, the whole request past the longest deadline', () => {
    expect(t.app.server.headersTimeout).toBe(1_000)
    expect(t.app.server.requestTimeout).toBe(1_000 + 3_000)
  })
})
