import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../../app'
import { loadConfig } from '../../config'
import { openPostgres, type Database } from '../../db/client'
import { createClient, signedInClientUser, signedInStaff } from '../../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness'
import { publishChange, type Change } from './changes'
import { MAX_STREAMS_PER_USER, PING_MS } from './hub'

/** What arrived on a stream: an event, a `retry:` line, or a comment (`: ping`). */
interface Received {
  type: 'event' | 'retry' | 'comment'
  event?: string
  data?: unknown
  text?: string
}

/** Within this long of a change, the stream must tell of it (the two seconds). */
const PROMPTLY_MS = 2_000

/** Reads a Server-Sent Events body as it arrives, one block at a time. */
class StreamReader {
  private readonly items: Received[] = []
  private waiting: (() => void) | undefined
  ended = false

  constructor(body: ReadableStream<Uint8Array>) {
    void this.pump(body)
  }

  private async pump(body: ReadableStream<Uint8Array>) {
    const reader = body.getReader()
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        buffer += decoder.decode(value, { stream: true })
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          this.items.push(parseBlock(buffer.slice(0, end)))
          buffer = buffer.slice(end + 2)
          this.wake()
        }
      }
    } catch {
      // Aborted by the test, or the connection was cut: the stream has ended either way.
    }
    this.ended = true
    this.wake()
  }

  private wake() {
    const waiting = this.waiting
    this.waiting = undefined
    waiting?.()
  }

  /** The next thing received (comments too), or null once the stream has ended. */
  async nextItem(timeoutMs = PROMPTLY_MS): Promise<Received | null> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const item = this.items.shift()
      if (item) return item
      if (this.ended) return null
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`nothing arrived within ${timeoutMs} ms`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.waiting = () => {
          clearTimeout(timer)
          resolve()
        }
      })
    }
  }

  /** The next event, comments skipped; null once the stream has ended. */
  async next(timeoutMs = PROMPTLY_MS) {
    for (;;) {
      const item = await this.nextItem(timeoutMs)
      if (item === null || item.type === 'event') return item
    }
  }

  /** The topics of the next event, which must be a change. */
  async nextChange(timeoutMs = PROMPTLY_MS) {
    const item = await this.next(timeoutMs)
    expect(item?.event).toBe('change')
    return (item!.data as { topics: string[] }).topics
  }
}

function parseBlock(block: string): Received {
  const lines = block.split('\n')
  if (lines.every((line) => line.startsWith(':')))
    return { type: 'comment', text: lines.map((line) => line.slice(1).trim()).join('\n') }
  const field = (name: string) =>
    lines
      .filter((line) => line.startsWith(`${name}:`))
      .map((line) => line.slice(name.length + 1).trim())
  const retry = field('retry')
  if (retry.length > 0 && field('data').length === 0) return { type: 'retry', text: retry[0] }
  return { type: 'event', event: field('event')[0], data: JSON.parse(field('data').join('\n')) }
}

const opened: AbortController[] = []
afterEach(() => {
  for (const controller of opened.splice(0)) controller.abort()
})

async function openStream(base: string, cookie?: string) {
  const controller = new AbortController()
  opened.push(controller)
  const response = await fetch(`${base}/api/events`, {
    headers: cookie ? { cookie } : {},
    signal: controller.signal,
  })
  return {
    response,
    reader: response.ok ? new StreamReader(response.body!) : undefined,
    close: () => controller.abort(),
  }
}

/** A stream that has answered 200 and said it is ready: from now on it hears every change. */
async function ready(base: string, cookie: string) {
  const { response, reader, close } = await openStream(base, cookie)
  expect(response.status).toBe(200)
  expect(await reader!.nextItem()).toEqual({ type: 'retry', text: '3000' })
  expect(await reader!.next()).toEqual({ type: 'event', event: 'ready', data: {} })
  return Object.assign(reader!, { close })
}

let t: TestApp
let base: string
beforeAll(async () => {
  t = await createTestApp()
  base = await t.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  await t?.close()
})

const publish = (change: Change) => publishChange(t.app.db, change)

describe('GET /api/events', () => {
  it('answers 401 without a session, and does not stream', async () => {
    const res = await t.request('GET', '/api/events')
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' })
    const { response } = await openStream(base, 'session=not-a-session')
    expect(response.status).toBe(401)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  })

  it('in process (app.inject, which cannot stream): the opening, then the end', async () => {
    const admin = await signedInAdmin(t)
    const res = await t.request('GET', '/api/events', { cookie: admin.cookie })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/)
    expect(res.body).toBe('retry: 3000\n\nevent: ready\ndata: {}\n\n')
  })

  it('streams with the headers proxies and browsers need, and the security headers of every answer', async () => {
    const admin = await signedInAdmin(t)
    const { response, reader } = await openStream(base, admin.cookie)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform')
    expect(response.headers.get('x-accel-buffering')).toBe('no')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'")
    expect(await reader!.nextItem()).toEqual({ type: 'retry', text: '3000' })
    expect(await reader!.next()).toMatchObject({ event: 'ready' })
  })

  it('a firm user hears of changes in their company, within two seconds, and not of another company’s', async () => {
    const admin = await signedInAdmin(t)
    const orgId = admin.user.company.id
    const staff = await signedInStaff(t, orgId)
    const other = await signedInAdmin(t)
    const adminStream = await ready(base, admin.cookie)
    const staffStream = await ready(base, staff.cookie)
    const otherStream = await ready(base, other.cookie)

    await publish({ organizationId: orgId, clientId: null, topics: ['audit:a1', 'request:r1'] })
    expect(await adminStream.nextChange()).toEqual(['audit:a1', 'request:r1'])
    expect(await staffStream.nextChange()).toEqual(['audit:a1', 'request:r1'])

    // Changes are told in order: the other company's next one shows that it heard nothing before.
    await publish({ organizationId: other.user.company.id, clientId: null, topics: ['audit:a2'] })
    expect(await otherStream.nextChange()).toEqual(['audit:a2'])
    await publish({ organizationId: orgId, clientId: null, topics: ['audit:a3'] })
    expect(await adminStream.nextChange()).toEqual(['audit:a3'])
  })

  it('a client user hears only of their client and of what is addressed to them', async () => {
    const admin = await signedInAdmin(t)
    const orgId = admin.user.company.id
    const client = await signedInClientUser(t, orgId)
    const otherClient = await createClient(t, admin.cookie)
    const other = await signedInAdmin(t)
    const stream = await ready(base, client.cookie)
    const adminStream = await ready(base, admin.cookie)

    // Firm only, another client's, another company's (even naming this client's id): unheard.
    await publish({ organizationId: orgId, clientId: null, topics: ['request:firm-only'] })
    await publish({ organizationId: orgId, clientId: otherClient.id, topics: ['audit:other'] })
    await publish({
      organizationId: other.user.company.id,
      clientId: client.user.clientId,
      topics: ['audit:foreign'],
    })
    await publish({ organizationId: orgId, clientId: client.user.clientId, topics: ['audit:own'] })
    expect(await stream.nextChange()).toEqual(['audit:own'])

    // Addressed to them, whatever the client; addressed to someone else: not even the firm hears.
    await publish({
      organizationId: orgId,
      clientId: otherClient.id,
      userIds: [client.user.id],
      topics: ['notifications'],
    })
    expect(await stream.nextChange()).toEqual(['notifications'])
    await publish({
      organizationId: orgId,
      clientId: client.user.clientId,
      userIds: [admin.user.id],
      topics: ['notifications', 'my-requests'],
    })
    await publish({ organizationId: orgId, clientId: client.user.clientId, topics: ['request:r9'] })
    expect(await stream.nextChange()).toEqual(['request:r9'])

    expect(await adminStream.nextChange()).toEqual(['request:firm-only'])
    expect(await adminStream.nextChange()).toEqual(['audit:other'])
    expect(await adminStream.nextChange()).toEqual(['audit:own'])
    expect(await adminStream.nextChange()).toEqual(['notifications', 'my-requests'])
    expect(await adminStream.nextChange()).toEqual(['request:r9'])
  })

  it('ignores a notice that is not a change', async () => {
    const admin = await signedInAdmin(t)
    const stream = await ready(base, admin.cookie)
    await t.app.database.executeSql(`select pg_notify('auditdesk_changes', 'not json')`)
    await t.app.database.executeSql(
      `select pg_notify('auditdesk_changes', '{"organizationId":"${admin.user.company.id}","topics":"x"}')`,
    )
    await publish({ organizationId: admin.user.company.id, clientId: null, topics: ['audit:a'] })
    expect(await stream.nextChange()).toEqual(['audit:a'])
    expect(t.logs.join('')).toContain('events.unreadable_change')
  })

  it('ends with `end` when the user signs out, on every stream of that session only', async () => {
    const admin = await signedInAdmin(t)
    const second = await t.request('POST', '/api/auth/login', {
      body: { email: admin.account.email, password: admin.account.password },
    })
    const otherSession = second.cookies.find((c) => c.name === 'session')!
    const first = await ready(base, admin.cookie)
    const alsoFirst = await ready(base, admin.cookie)
    const kept = await ready(base, `session=${otherSession.value}`)

    expect((await t.request('POST', '/api/auth/logout', { cookie: admin.cookie })).statusCode).toBe(
      204,
    )
    for (const stream of [first, alsoFirst]) {
      expect(await stream.next()).toEqual({
        type: 'event',
        event: 'end',
        data: { reason: 'session' },
      })
      expect(await stream.next()).toBeNull()
    }
    await publish({ organizationId: admin.user.company.id, clientId: null, topics: ['audit:a'] })
    expect(await kept.nextChange()).toEqual(['audit:a'])
    // And it cannot come back with that cookie.
    expect((await openStream(base, admin.cookie)).response.status).toBe(401)
  })

  it('ends when the user’s role changes or the user is removed', async () => {
    const admin = await signedInAdmin(t)
    const orgId = admin.user.company.id
    const staff = await signedInStaff(t, orgId)
    const removed = await signedInStaff(t, orgId)
    const client = await createClient(t, admin.cookie)
    const staffStream = await ready(base, staff.cookie)

    const patched = await t.request('PATCH', `/api/users/${staff.user.id}`, {
      cookie: admin.cookie,
      body: { role: 'client', clientId: client.id },
    })
    expect(patched.statusCode, patched.body).toBe(200)
    expect(await staffStream.next()).toMatchObject({ event: 'end' })
    // As a client user now, a new stream no longer hears firm-only changes.
    const again = await ready(base, staff.cookie)
    await publish({ organizationId: orgId, clientId: null, topics: ['request:firm-only'] })
    await publish({ organizationId: orgId, clientId: client.id, topics: ['audit:theirs'] })
    expect(await again.nextChange()).toEqual(['audit:theirs'])

    const removedStream = await ready(base, removed.cookie)
    const deleted = await t.request('DELETE', `/api/users/${removed.user.id}`, {
      cookie: admin.cookie,
    })
    expect(deleted.statusCode, deleted.body).toBe(204)
    expect(await removedStream.next()).toMatchObject({ event: 'end' })
  })

  it(`refuses more than ${MAX_STREAMS_PER_USER} streams per user with 429`, async () => {
    const admin = await signedInAdmin(t)
    const streams = []
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) streams.push(await ready(base, admin.cookie))
    const refused = await openStream(base, admin.cookie)
    expect(refused.response.status).toBe(429)
    expect(refused.response.headers.get('retry-after')).toBe(String(PING_MS / 1000))
    const body = (await refused.response.json()) as { code: string; message: string }
    expect(body.code).toBe('RATE_LIMITED')
    expect(body.message).toMatch(/Close some of them/)
    // Another user is not held back by it, and a closed stream frees its place.
    await ready(base, (await signedInAdmin(t)).cookie)
    streams[0]!.close()
    await expect
      .poll(async () => {
        const { response, close } = await openStream(base, admin.cookie)
        if (response.status !== 200) await response.body?.cancel()
        else close()
        return response.status
      })
      .toBe(200)
  })

  it('hears a change published by another app on the same database', async () => {
    const admin = await signedInAdmin(t)
    const stream = await ready(base, admin.cookie)
    const url = (t.app.database as Database & { url?: string }).url
    // PostgreSQL: a handle of its own, as another instance has; PGlite is one process's.
    const database = url ? openPostgres(url, 2) : t.app.database
    let second: FastifyInstance | undefined
    try {
      second = await buildApp({
        config: t.config,
        database,
        logStream: { write: () => {} },
        periodicJobs: false,
      })
      await second.ready()
      await publishChange(second.db, {
        organizationId: admin.user.company.id,
        clientId: null,
        topics: ['request:from-b'],
      })
      expect(await stream.nextChange()).toEqual(['request:from-b'])
    } finally {
      await second?.close()
      if (url) await database.close()
    }
  })

  it('stays open past the request timeout', async () => {
    const short = await createTestApp({
      env: { REQUEST_TIMEOUT_SECONDS: '1', UPLOAD_TIMEOUT_SECONDS: '1' },
    })
    try {
      const at = await short.app.listen({ port: 0, host: '127.0.0.1' })
      const admin = await signedInAdmin(short)
      const stream = await ready(at, admin.cookie)
      // Past the request deadline, Node's own limit (1 s + 1 s) and its one-second check.
      await new Promise((resolve) => setTimeout(resolve, 3_500))
      await publishChange(short.app.db, {
        organizationId: admin.user.company.id,
        clientId: null,
        topics: ['audit:late'],
      })
      expect(await stream.nextChange()).toEqual(['audit:late'])
      expect(short.logs.join('')).not.toContain('request.timeout')
    } finally {
      await short.close()
    }
  }, 20_000)
})

describe('without the session cache (SESSION_CACHE_SECONDS=0)', () => {
  it('a stream still ends at once on a change of role and on sign-out, not at its next check', async () => {
    const uncached = await createTestApp({ env: { SESSION_CACHE_SECONDS: '0' } })
    try {
      const at = await uncached.app.listen({ port: 0, host: '127.0.0.1' })
      const admin = await signedInAdmin(uncached)
      const staff = await signedInStaff(uncached, admin.user.company.id)
      const client = await createClient(uncached, admin.cookie)
      const adminStream = await ready(at, admin.cookie)
      const staffStream = await ready(at, staff.cookie)
      const ended = { type: 'event', event: 'end', data: { reason: 'session' } }

      let started = Date.now()
      const patched = await uncached.request('PATCH', `/api/users/${staff.user.id}`, {
        cookie: admin.cookie,
        body: { role: 'client', clientId: client.id },
      })
      expect(patched.statusCode, patched.body).toBe(200)
      expect(await staffStream.next()).toEqual(ended)
      expect(Date.now() - started).toBeLessThan(PROMPTLY_MS)

      started = Date.now()
      const logout = await uncached.request('POST', '/api/auth/logout', { cookie: admin.cookie })
      expect(logout.statusCode).toBe(204)
      expect(await adminStream.next()).toEqual(ended)
      expect(Date.now() - started).toBeLessThan(PROMPTLY_MS)
    } finally {
      await uncached.close()
    }
  })
})

describe('caps per company and per instance (EVENT_STREAMS_PER_COMPANY=3, EVENT_STREAMS_PER_INSTANCE=5)', () => {
  async function cappedApp(test: (capped: TestApp, at: string) => Promise<void>) {
    const capped = await createTestApp({
      env: { EVENT_STREAMS_PER_COMPANY: '3', EVENT_STREAMS_PER_INSTANCE: '5' },
    })
    try {
      await test(capped, await capped.app.listen({ port: 0, host: '127.0.0.1' }))
    } finally {
      await capped.close()
    }
  }

  async function expectRefused(at: string, cookie: string, message: RegExp) {
    const { response } = await openStream(at, cookie)
    expect(response.status).toBe(429)
    expect(response.headers.get('retry-after')).toBe(String(PING_MS / 1000))
    const body = (await response.json()) as { code: string; message: string }
    expect(body).toEqual({ code: 'RATE_LIMITED', message: expect.stringMatching(message) })
  }

  /** Polls until `cookie` can open a stream again (a closed one is noticed when its socket closes). */
  async function opensAgain(at: string, cookie: string) {
    await expect
      .poll(async () => {
        const { response, close } = await openStream(at, cookie)
        if (response.status !== 200) await response.body?.cancel()
        else close()
        return response.status
      })
      .toBe(200)
  }

  it('a company at its cap: 429 for each of its users, none for another company', async () => {
    await cappedApp(async (capped, at) => {
      const admin = await signedInAdmin(capped)
      const staff = await signedInStaff(capped, admin.user.company.id)
      const first = await ready(at, admin.cookie)
      await ready(at, admin.cookie)
      await ready(at, staff.cookie)
      await expectRefused(at, staff.cookie, /3 tabs and windows across your company/)
      await expectRefused(at, admin.cookie, /across your company/)
      await ready(at, (await signedInAdmin(capped)).cookie)
      expect(capped.logs.join('')).toContain('"event":"events.streams_capped"')
      first.close()
      await opensAgain(at, staff.cookie)
    })
  })

  it('the instance at its cap: 429 for every company, whatever its own count', async () => {
    await cappedApp(async (capped, at) => {
      const [a, b, c] = [
        await signedInAdmin(capped),
        await signedInAdmin(capped),
        await signedInAdmin(capped),
      ]
      const first = await ready(at, a.cookie)
      for (const cookie of [a.cookie, b.cookie, b.cookie, c.cookie]) await ready(at, cookie)
      await expectRefused(at, c.cookie, /as many live updates as it can/)
      await expectRefused(at, (await signedInAdmin(capped)).cookie, /as many live updates/)
      first.close()
      await opensAgain(at, c.cookie)
    })
  })

  it('EVENT_STREAMS_PER_INSTANCE: half of MAX_CONNECTIONS unless set, and below it', () => {
    expect(loadConfig({}).eventStreams).toEqual({ perCompany: 100, perInstance: 500 })
    expect(loadConfig({ MAX_CONNECTIONS: '300' }).eventStreams.perInstance).toBe(150)
    expect(() => loadConfig({ MAX_CONNECTIONS: '300', EVENT_STREAMS_PER_INSTANCE: '300' })).toThrow(
      /EVENT_STREAMS_PER_INSTANCE=300: must be less than MAX_CONNECTIONS \(300\)/,
    )
    expect(() => loadConfig({ EVENT_STREAMS_PER_COMPANY: '0' })).toThrow(
      /EVENT_STREAMS_PER_COMPANY="0"/,
    )
  })
})

describe('a fresh app', () => {
  it('pings every 25 s and ends a stream whose session has expired meanwhile', async () => {
    const fresh = await createTestApp()
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    try {
      const at = await fresh.app.listen({ port: 0, host: '127.0.0.1' })
      const admin = await signedInAdmin(fresh)
      const stream = await ready(at, admin.cookie)
      vi.advanceTimersByTime(PING_MS)
      expect(await stream.nextItem()).toEqual({ type: 'comment', text: 'ping' })
      // Past the idle expiry (7 days) with nothing else said: the next ping finds it over.
      fresh.clock.advance(8 * 24 * 60 * 60 * 1000)
      vi.advanceTimersByTime(PING_MS)
      expect(await stream.nextItem()).toEqual({ type: 'comment', text: 'ping' })
      expect(await stream.next()).toMatchObject({ event: 'end' })
    } finally {
      vi.useRealTimers()
      await fresh.close()
    }
  })

  it('closes promptly with streams open; they end without `end`, so browsers reconnect', async () => {
    const fresh = await createTestApp()
    const at = await fresh.app.listen({ port: 0, host: '127.0.0.1' })
    const admin = await signedInAdmin(fresh)
    const streams = [await ready(at, admin.cookie), await ready(at, admin.cookie)]
    const started = Date.now()
    await fresh.app.close()
    expect(Date.now() - started).toBeLessThan(3_000)
    for (const stream of streams) expect(await stream.next()).toBeNull()
    await fresh.close()
  })

  it.runIf(process.env.TEST_DB === 'postgres')(
    'after the listening connection was lost and is back, tells every stream to reload everything',
    async () => {
      const fresh = await createTestApp()
      try {
        const at = await fresh.app.listen({ port: 0, host: '127.0.0.1' })
        const admin = await signedInAdmin(fresh)
        const stream = await ready(at, admin.cookie)
        await fresh.app.database.executeSql(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen %'`,
        )
        expect(await stream.nextChange(5_000)).toEqual(['*'])
        await publishChange(fresh.app.db, {
          organizationId: admin.user.company.id,
          clientId: null,
          topics: ['audit:after'],
        })
        expect(await stream.nextChange()).toEqual(['audit:after'])
      } finally {
        await fresh.close()
      }
    },
  )
})
