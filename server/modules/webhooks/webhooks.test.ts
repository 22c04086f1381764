import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WebhookDeliveryDto, WebhookDto } from '@shared/schemas/webhooks'
import { buildApp } from '../../app'
import { purgeExpired } from '../maintenance/maintenance'
import { webhooks } from '../../db/schema'
import type { ResolveAll } from '../../lib/outbound'
import {
  createProject,
  expectError,
  expectValidation,
  MISSING_ID,
  sentRequest,
  signedInClientUser,
  signedInStaff,
} from '../../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness'

// Webhooks (decision 049): the company's domain events, signed (Standard Webhooks), delivered
// once per event and hook, tried again with the same id; never to internal addresses.

interface Received {
  path: string
  headers: IncomingMessage['headers']
  body: string
}

/** A receiver on loopback: answers each POST with the next of `answers` (then 200). */
async function receiver() {
  const received: Received[] = []
  let connections = 0
  const answers: Array<{ status: number; headers?: Record<string, string> }> = []
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      })
      const answer = answers.shift() ?? { status: 200 }
      response.writeHead(answer.status, answer.headers).end('x'.repeat(5000))
    })
  })
  server.on('connection', () => void (connections += 1))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    port,
    received,
    answers,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, ms = 15_000) {
  const end = Date.now() + ms
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > end) throw new Error(`timed out; last: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

let t: TestApp
let hooks: Awaited<ReturnType<typeof receiver>>

beforeAll(async () => {
  t = await createTestApp({
    env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_RETRY_SECONDS: '1' },
  })
  hooks = await receiver()
})
afterAll(async () => {
  await t?.close()
  await hooks?.close()
})

async function addHook(cookie: string, body: Record<string, unknown>) {
  const res = await t.request('POST', '/api/webhooks', { cookie, body })
  expect(res.statusCode, res.body).toBe(201)
  return res.json<WebhookDto & { secret: string }>()
}

const deliveries = async (cookie: string, id: string) => {
  const res = await t.request('GET', `/api/webhooks/${id}/deliveries`, { cookie })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<WebhookDeliveryDto[]>()
}

/** A firm with a client user and one request sent to them. */
async function firmWithRequest() {
  const admin = await signedInAdmin(t)
  const client = await signedInClientUser(t, admin.user.company.id)
  const project = await createProject(t, admin.cookie, { clientId: client.user.clientId })
  return { admin, client, project }
}

const ofPath = (path: string) => hooks.received.filter((r) => r.path === path)

describe('delivery', () => {
  it('posts each event it hears, signed with the secret shown once, as { type, timestamp, data }', async () => {
    const { admin, client, project } = await firmWithRequest()
    const hook = await addHook(admin.cookie, {
      url: hooks.url('/signed'),
      events: ['request.sent', 'comment.created'],
      description: 'Practice sync',
    })
    expect(hook.secret).toMatch(/^whsec_/)
    expect(hook).toMatchObject({ enabled: true, events: ['comment.created', 'request.sent'] })
    const listed = await t.request('GET', '/api/webhooks', { cookie: admin.cookie })
    expect(listed.body).not.toContain(hook.secret)

    const request = await sentRequest(t, admin.cookie, {
      projectId: project.id,
      assigneeId: client.user.id,
    })
    const [delivered] = await until(
      () => ofPath('/signed'),
      (list) => list.length >= 1,
    )
    const payload = new Webhook(hook.secret).verify(delivered!.body, {
      'webhook-id': String(delivered!.headers['webhook-id']),
      'webhook-timestamp': String(delivered!.headers['webhook-timestamp']),
      'webhook-signature': String(delivered!.headers['webhook-signature']),
    }) as { type: string; timestamp: string; data: Record<string, unknown> }
    expect(payload).toMatchObject({
      type: 'request.sent',
      data: { type: 'request.sent', requestId: request.id, actor: { id: admin.user.id } },
    })
    expect(payload.timestamp).toBe(payload.data.occurredAt)
    // Tampered, it does not verify.
    expect(() =>
      new Webhook(hook.secret).verify(delivered!.body.replace('request.sent', 'request.xxxx'), {
        'webhook-id': String(delivered!.headers['webhook-id']),
        'webhook-timestamp': String(delivered!.headers['webhook-timestamp']),
        'webhook-signature': String(delivered!.headers['webhook-signature']),
      }),
    ).toThrow()

    const [row] = await until(
      () => deliveries(admin.cookie, hook.id),
      (list) => list[0]?.status === 'delivered',
    )
    expect(row).toMatchObject({
      id: delivered!.headers['webhook-id'],
      eventType: 'request.sent',
      status: 'delivered',
      attempts: 1,
      statusCode: 200,
      nextAttemptAt: null,
    })
    expect(row!.responseBody).toHaveLength(1024)
  })

  it('comments go out; internal notes only to hooks that ask for them', async () => {
    const { admin, client, project } = await firmWithRequest()
    const comments = await addHook(admin.cookie, {
      url: hooks.url('/comments'),
      events: ['comment.created'],
    })
    const notes = await addHook(admin.cookie, {
      url: hooks.url('/notes'),
      events: ['internal_note.created'],
    })
    const request = await sentRequest(t, admin.cookie, {
      projectId: project.id,
      assigneeId: client.user.id,
    })
    for (const body of [
      { body: 'Please add page 2', internal: false },
      { body: 'Partner review pending', internal: true },
    ]) {
      const res = await t.request('POST', `/api/requests/${request.id}/comments`, {
        cookie: admin.cookie,
        body,
      })
      expect(res.statusCode, res.body).toBe(201)
    }
    await until(
      () => [...ofPath('/comments'), ...ofPath('/notes')],
      (list) => list.length >= 2,
    )
    expect(ofPath('/comments').map((r) => JSON.parse(r.body).type)).toEqual(['comment.created'])
    expect(ofPath('/comments')[0]!.body).not.toContain('Partner review')
    expect(ofPath('/notes').map((r) => JSON.parse(r.body).type)).toEqual(['internal_note.created'])
    expect((await deliveries(admin.cookie, comments.id)).length).toBe(1)
    expect((await deliveries(admin.cookie, notes.id)).length).toBe(1)
  })

  it('a failed try is tried again, with the same webhook-id, until a 2xx', async () => {
    const { admin, client, project } = await firmWithRequest()
    const hook = await addHook(admin.cookie, {
      url: hooks.url('/flaky'),
      events: ['request.sent'],
    })
    hooks.answers.push({ status: 500 }, { status: 503 })
    await sentRequest(t, admin.cookie, { projectId: project.id, assigneeId: client.user.id })
    const tries = await until(
      () => ofPath('/flaky'),
      (list) => list.length >= 3,
      20_000,
    )
    expect(new Set(tries.map((r) => r.headers['webhook-id'])).size).toBe(1)
    expect(new Set(tries.map((r) => r.body)).size).toBe(1)
    for (const r of tries)
      new Webhook(hook.secret).verify(r.body, {
        'webhook-id': String(r.headers['webhook-id']),
        'webhook-timestamp': String(r.headers['webhook-timestamp']),
        'webhook-signature': String(r.headers['webhook-signature']),
      })
    const [row] = await until(
      () => deliveries(admin.cookie, hook.id),
      (list) => list[0]?.status === 'delivered',
    )
    expect(row).toMatchObject({ attempts: 3, statusCode: 200 })
    const [stored] = await t.app.db.select().from(webhooks).where(eq(webhooks.id, hook.id))
    expect(stored!.failingSince).toBeNull()
  })

  it('a redirect is an answer, never followed', async () => {
    const { admin, client, project } = await firmWithRequest()
    const hook = await addHook(admin.cookie, {
      url: hooks.url('/moved'),
      events: ['request.sent'],
    })
    hooks.answers.push({ status: 302, headers: { location: hooks.url('/elsewhere') } })
    await sentRequest(t, admin.cookie, { projectId: project.id, assigneeId: client.user.id })
    const [row] = await until(
      () => deliveries(admin.cookie, hook.id),
      (list) => list[0]?.statusCode === 302 || list[0]?.status === 'delivered',
    )
    expect(row!.statusCode === 302 || row!.attempts > 1).toBe(true)
    expect(ofPath('/elsewhere')).toEqual([])
  })

  it('one firm’s events never reach another firm’s hooks', async () => {
    const other = await signedInAdmin(t)
    await addHook(other.cookie, { url: hooks.url('/other-firm'), events: ['request.sent'] })
    const { admin, client, project } = await firmWithRequest()
    const mine = await addHook(admin.cookie, { url: hooks.url('/mine'), events: ['request.sent'] })
    await sentRequest(t, admin.cookie, { projectId: project.id, assigneeId: client.user.id })
    await until(
      () => deliveries(admin.cookie, mine.id),
      (list) => list[0]?.status === 'delivered',
    )
    expect(ofPath('/other-firm')).toEqual([])
  })

  it('a hook failing for days is turned off and its admins are told; turned on, it catches up', async () => {
    const { admin, client, project } = await firmWithRequest()
    const hook = await addHook(admin.cookie, { url: hooks.url('/down'), events: ['request.sent'] })
    await t.app.db
      .update(webhooks)
      .set({ failingSince: new Date(t.clock().getTime() - 4 * 24 * 60 * 60 * 1000) })
      .where(eq(webhooks.id, hook.id))
    hooks.answers.push({ status: 500 })
    const seen = t.smtp.to(admin.account.email).length
    await sentRequest(t, admin.cookie, { projectId: project.id, assigneeId: client.user.id })
    const off = await until(
      async () =>
        (
          await t.request('GET', `/api/webhooks/${hook.id}`, { cookie: admin.cookie })
        ).json<WebhookDto>(),
      (row) => !row.enabled,
    )
    expect(off.disabledReason).toMatch(/failing/)
    const mail = await t.smtp.waitFor(admin.account.email, seen)
    expect(mail.subject).toBe('A webhook was turned off')

    const on = await t.request('PATCH', `/api/webhooks/${hook.id}`, {
      cookie: admin.cookie,
      body: { enabled: true },
    })
    expect(on.json()).toMatchObject({ enabled: true, disabledReason: null, failingSince: null })
    await until(
      () => deliveries(admin.cookie, hook.id),
      (list) => list[0]?.status === 'delivered',
      20_000,
    )
  })

  it('a failed delivery is tried again on demand', async () => {
    const { admin, client, project } = await firmWithRequest()
    const hook = await addHook(admin.cookie, { url: hooks.url('/later'), events: ['request.sent'] })
    await sentRequest(t, admin.cookie, { projectId: project.id, assigneeId: client.user.id })
    const [done] = await until(
      () => deliveries(admin.cookie, hook.id),
      (list) => list[0]?.status === 'delivered',
    )
    expectError(
      await t.request('POST', `/api/webhooks/${hook.id}/deliveries/${done!.id}/retry`, {
        cookie: admin.cookie,
      }),
      409,
      'CONFLICT',
    )
    await t.app.db.execute(
      sql`update webhook_deliveries set status = 'failed', next_attempt_at = null where id = ${done!.id}`,
    )
    const again = await t.request('POST', `/api/webhooks/${hook.id}/deliveries/${done!.id}/retry`, {
      cookie: admin.cookie,
    })
    expect(again.statusCode, again.body).toBe(200)
    await until(
      () => deliveries(admin.cookie, hook.id),
      (list) => list[0]?.attempts === 2 && list[0].status === 'delivered',
    )
    expectError(
      await t.request('POST', `/api/webhooks/${hook.id}/deliveries/${MISSING_ID}/retry`, {
        cookie: admin.cookie,
      }),
      404,
      'NOT_FOUND',
    )
  })
})

it('finished deliveries are purged after a month; waiting ones stay', async () => {
  const { admin } = await firmWithRequest()
  const hook = await addHook(admin.cookie, { url: hooks.url('/purge'), events: ['request.sent'] })
  const old = new Date(t.clock().getTime() - 31 * 24 * 60 * 60 * 1000).toISOString()
  for (const status of ['delivered', 'failed', 'pending'])
    await t.app.db.execute(
      sql`insert into webhook_deliveries (webhook_id, organization_id, event_id, event_type, payload, status, next_attempt_at, created_at)
        values (${hook.id}, ${admin.user.company.id}, gen_random_uuid(), 'request.sent', '{}', ${status}, ${status === 'pending' ? old : null}::timestamptz, ${old}::timestamptz)`,
    )
  await t.app.db.execute(sql`update webhooks set enabled = false where id = ${hook.id}`)
  await purgeExpired(t.app)
  expect((await deliveries(admin.cookie, hook.id)).map((row) => row.status)).toEqual(['pending'])
})

describe('managing hooks', () => {
  it('refuses bad input and changes nothing', async () => {
    const { cookie } = await signedInAdmin(t)
    const cases: [unknown, string[]][] = [
      [{}, ['url', 'events']],
      [{ url: 'not a url', events: ['request.sent'] }, ['url']],
      [{ url: hooks.url(), events: [] }, ['events']],
      [{ url: hooks.url(), events: ['request.exploded'] }, ['events.0']],
      [{ url: hooks.url(), events: 'request.sent' }, ['events']],
      [{ url: 'ftp://example.com/x', events: ['request.sent'] }, ['url']],
      [{ url: `${hooks.url()}${'x'.repeat(2001)}`, events: ['request.sent'] }, ['url']],
      [{ url: hooks.url(), events: ['request.sent'], secret: 'mine' }, ['secret']],
    ]
    for (const [body, paths] of cases)
      expectValidation(await t.request('POST', '/api/webhooks', { cookie, body }), paths)
    expect((await t.request('GET', '/api/webhooks', { cookie })).json()).toEqual([])
  })

  it('only the company’s admins manage its hooks; another company’s ids are 404', async () => {
    const admin = await signedInAdmin(t)
    const hook = await addHook(admin.cookie, { url: hooks.url(), events: ['request.sent'] })
    const staff = await signedInStaff(t, admin.user.company.id)
    const client = await signedInClientUser(t, admin.user.company.id)
    for (const cookie of [staff.cookie, client.cookie]) {
      expectError(await t.request('GET', '/api/webhooks', { cookie }), 403, 'FORBIDDEN')
      expectError(
        await t.request('POST', '/api/webhooks', {
          cookie,
          body: { url: hooks.url(), events: ['request.sent'] },
        }),
        403,
        'FORBIDDEN',
      )
    }
    const other = await signedInAdmin(t)
    for (const [method, url, body] of [
      ['GET', `/api/webhooks/${hook.id}`, undefined],
      ['PATCH', `/api/webhooks/${hook.id}`, { enabled: false }],
      ['DELETE', `/api/webhooks/${hook.id}`, undefined],
      ['GET', `/api/webhooks/${hook.id}/deliveries`, undefined],
    ] as const)
      expectError(await t.request(method, url, { cookie: other.cookie, body }), 404, 'NOT_FOUND')
    const removed = await t.request('DELETE', `/api/webhooks/${hook.id}`, { cookie: admin.cookie })
    expect(removed.statusCode).toBe(204)
  })
})

describe('two instances', () => {
  let b: FastifyInstance
  beforeAll(async () => {
    b = await buildApp({
      config: t.config,
      database: t.app.database,
      clock: t.clock,
      logStream: { write: () => {} },
      periodicJobs: false,
    })
    await b.ready()
  })
  afterAll(async () => b?.close())

  it('each event reaches each hook exactly once', async () => {
    const { admin, client, project } = await firmWithRequest()
    const hook = await addHook(admin.cookie, { url: hooks.url('/once'), events: ['request.sent'] })
    for (let i = 0; i < 5; i++)
      await sentRequest(t, admin.cookie, { projectId: project.id, assigneeId: client.user.id })
    await until(
      () => deliveries(admin.cookie, hook.id),
      (list) => list.length === 5 && list.every((row) => row.status === 'delivered'),
    )
    await new Promise((resolve) => setTimeout(resolve, 500))
    const ids = ofPath('/once').map((r) => r.headers['webhook-id'])
    expect(ids).toHaveLength(5)
    expect(new Set(ids).size).toBe(5)
  })
})

describe('server-side request forgery', () => {
  /** A DNS of our own: nothing leaves the machine. */
  const names: Record<string, string[]> = {
    'internal.example': ['127.0.0.1'],
    'private.example': ['10.1.2.3'],
    'mixed.example': ['93.184.216.34', '192.168.1.10'],
    'v6-internal.example': ['fd12:3456::1'],
    'public.example': ['93.184.216.34'],
  }
  let rebinds = 0
  const resolve: ResolveAll = async (hostname) => {
    if (hostname === 'rebind.example') {
      rebinds += 1
      // Public when the address is checked; loopback when the socket connects.
      return [{ address: rebinds === 1 ? '93.184.216.34' : '127.0.0.1', family: 4 }]
    }
    const found = names[hostname]
    if (!found) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' })
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
  }
  let guarded: TestApp
  beforeAll(async () => {
    guarded = await createTestApp({ env: { WEBHOOK_RETRY_SECONDS: '1' } })
  })
  afterAll(async () => guarded?.close())

  /** The app with the stub DNS, over the same database as `guarded`. */
  let withStubDns: FastifyInstance
  beforeAll(async () => {
    withStubDns = await buildApp({
      config: guarded.config,
      database: guarded.app.database,
      clock: guarded.clock,
      logStream: { write: () => {} },
      periodicJobs: false,
      outboundResolve: resolve,
    })
    await withStubDns.ready()
  })
  afterAll(async () => withStubDns?.close())

  it('refuses internal addresses, their IPv6 forms, names resolving to them, and http://', async () => {
    const { cookie } = await signedInAdmin(guarded)
    const refused = [
      'http://public.example/hook',
      'https://127.0.0.1/hook',
      'https://127.1.2.3/hook',
      'https://10.0.0.5/hook',
      'https://172.16.3.4/hook',
      'https://192.168.0.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/hook',
      'https://0.0.0.0/hook',
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[::ffff:a00:1]/hook',
      'https://[fe80::1]/hook',
      'https://[fd00::1]/hook',
      'https://[::]/hook',
      'https://internal.example/hook',
      'https://private.example/hook',
      'https://mixed.example/hook',
      'https://v6-internal.example/hook',
      'https://unknown.example/hook',
      'https://user:pass@public.example/hook',
    ]
    for (const url of refused) {
      const res = await withStubDns.inject({
        method: 'POST',
        url: '/api/webhooks',
        headers: { cookie, origin: 'http://app.test', 'content-type': 'application/json' },
        payload: JSON.stringify({ url, events: ['request.sent'] }),
      })
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400)
      expect(res.json<{ errors: { path: string }[] }>().errors[0]!.path).toBe('url')
    }
    const ok = await withStubDns.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: { cookie, origin: 'http://app.test', 'content-type': 'application/json' },
      payload: JSON.stringify({ url: 'https://public.example/hook', events: ['request.sent'] }),
    })
    expect(ok.statusCode, ok.body).toBe(201)
  })

  it('a name that resolves to loopback when the socket connects is refused before any connection', async () => {
    const { postJson } = await import('../../lib/outbound')
    const before = hooks.connections()
    rebinds = 0
    await expect(
      postJson(`https://rebind.example:${hooks.port}/hook`, {
        body: '{}',
        headers: {},
        timeoutMs: 2_000,
        policy: { allowPrivate: false, resolve },
      }),
    ).rejects.toThrow(/internal/)
    expect(rebinds).toBe(2)
    expect(hooks.connections()).toBe(before)
  })
})
