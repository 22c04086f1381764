import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq, is, sql } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiRoutes } from '@shared/api'
import { buildApp } from '../app'
import { loadConfig } from '../config'
import { openPostgres, type Database } from '../db/client'
import * as schema from '../db/schema'
import { oneTimeTokens, sessions, users } from '../db/schema'
import { createTestDatabase } from '../test/databases'
import {
  APP_URL,
  createTestApp,
  newAccount,
  register,
  sessionCookie,
  signedInAdmin,
  solveCaptcha,
  testClock,
  type TestApp,
  verifyCookie,
} from '../test/harness'
import { routesOf } from '../test/routes'
import { linkIn, tokenFrom } from '../test/smtp-capture'
import { accountsByEmail } from '../test/accounts'

const HTTPS_URL = 'https://app.test'
const INDEX_HTML =
  '<!doctype html><html><head><title>AuditDesk test page</title></head><body><div id="root"></div></body></html>'

let webDir: string
/** The default app, serving a small built web app. */
let t: TestApp
/** The app as deployed behind https. */
let secure: TestApp

/** An app built by hand so that tests can add routes and break the database's health check. */
interface CustomApp {
  app: FastifyInstance
  logs: string[]
  failPing: boolean
  close(): Promise<void>
}
let custom: CustomApp
/** An app whose PostgreSQL server cannot be reached at all. */
let unreachable: CustomApp

async function buildCustomApp(
  options: { database?: Database; env?: Record<string, string> },
  extraApiRoutes?: (api: FastifyInstance) => void,
) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'auditdesk-security-'))
  const database = options.database ?? (await createTestDatabase())
  const logs: string[] = []
  const handle: CustomApp = {
    app: undefined as unknown as FastifyInstance,
    logs,
    failPing: false,
    async close() {
      await handle.app.close()
      await database.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_URL,
    DATA_DIR: dataDir,
    CAPTCHA_COST: '40',
    RATE_LIMIT_GLOBAL_PER_MINUTE: '100000',
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    RATE_LIMIT_LOGIN_FAILURES_PER_IP: '100000',
    ...options.env,
  })
  const observed: Database = {
    ...database,
    ping: () =>
      handle.failPing
        ? Promise.reject(new Error('connection to 10.1.2.3:5432 refused'))
        : database.ping(),
  }
  handle.app = await buildApp({
    config,
    database: observed,
    clock: testClock(),
    logStream: { write: (line) => void logs.push(line) },
    extraApiRoutes: extraApiRoutes && (async (api) => extraApiRoutes(api)),
  })
  await handle.app.ready()
  return handle
}

beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'auditdesk-web-'))
  await mkdir(path.join(webDir, 'assets'))
  await writeFile(path.join(webDir, 'index.html'), INDEX_HTML)
  await writeFile(path.join(webDir, 'assets', 'app-3f2a1b.js'), 'console.log("app")')

  ;[t, secure, custom, unreachable] = await Promise.all([
    createTestApp({ webDir }),
    createTestApp({ env: { APP_URL: HTTPS_URL } }),
    buildCustomApp({ env: { RATE_LIMIT_AUTH_PER_MINUTE: '3' } }, (app) => {
      app.get('/test/boom', { config: { access: 'public' } }, async () => {
        throw new Error('secret internals: SELECT password_hash FROM users WHERE id = 42')
      })
      app.get('/test/sql', { config: { access: 'public' } }, async () => {
        await app.db.execute(
          sql`select * from no_such_table where secret_column = ${'s3cr3t-param'}`,
        )
        return { ok: true }
      })
      app.get('/test/db-down', { config: { access: 'public' } }, async () => {
        throw Object.assign(new Error('connect ECONNREFUSED 10.1.2.3:5432'), {
          code: 'ECONNREFUSED',
        })
      })
      app.post('/test/boom', { config: { access: 'public' } }, async () => {
        throw new TypeError("Cannot read properties of undefined (reading 'organizationId')")
      })
    }),
    buildCustomApp({
      // Nothing listens on port 1; the human-check key comes from the environment, so start-up needs no database.
      database: openPostgres('postgres://postgres@127.0.0.1:1/auditdesk_unreachable', 2),
      env: { CAPTCHA_SECRET: 'a-test-secret-of-enough-length' },
    }),
  ])
})

afterAll(async () => {
  await Promise.all([t?.close(), secure?.close(), custom?.close(), unreachable?.close()])
  if (webDir) await rm(webDir, { recursive: true, force: true })
})

// ---------------------------------------------------------------------------------------------

/** Every route as [method, url], path parameters filled in. */
const routes = (app: FastifyInstance): Array<[string, string]> =>
  routesOf(app).map((route) => [route.method, route.url])

/** The one route authorized by a token in its address, not a cookie (RFC 8058 unsubscribe). */
const TOKEN_IN_ADDRESS = 'POST /api/unsubscribe'

/** Mutations that a cookie authorizes: the ones a cross-site request could abuse. */
const mutations = (app: FastifyInstance) =>
  routes(app).filter(
    ([m, url]) => !['GET', 'HEAD', 'OPTIONS'].includes(m) && `${m} ${url}` !== TOKEN_IN_ADDRESS,
  )

function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '')
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  )
}

function expectSecurityHeaders(
  res: LightMyRequestResponse,
  where: { api: boolean; https?: boolean },
) {
  const what = `${res.statusCode} ${String(res.headers['content-type'])}`
  const policy = csp(res)
  expect(policy.get('default-src'), what).toEqual(["'self'"])
  expect(policy.get('object-src'), what).toEqual(["'none'"])
  expect(policy.get('base-uri'), what).toEqual(["'none'"])
  expect(policy.get('frame-ancestors'), what).toEqual(["'none'"])
  for (const directive of ['script-src', 'style-src', 'default-src']) {
    for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", '*'])
      expect(policy.get(directive) ?? [], `${what} ${directive}`).not.toContain(unsafe)
  }
  expect(res.headers['x-content-type-options'], what).toBe('nosniff')
  expect(res.headers['referrer-policy'], what).toMatch(
    /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
  )
  if (where.api) expect(res.headers['cache-control'], what).toBe('no-store')
  else expect(res.headers['cache-control'], what).not.toBe('no-store')
  if (where.https) {
    const hsts = String(res.headers['strict-transport-security'] ?? '')
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1]), what).toBeGreaterThanOrEqual(180 * 24 * 3600)
    expect(policy.has('upgrade-insecure-requests'), what).toBe(true)
  } else {
    expect(res.headers['strict-transport-security'], what).toBeUndefined()
  }
  expect(res.headers['access-control-allow-origin'], what).toBeUndefined()
  expect(res.headers['x-powered-by'], what).toBeUndefined()
}

function expectErrorShape(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode).toBe(status)
  expect(res.headers['content-type']).toMatch(/^application\/json/)
  const body = res.json<Record<string, unknown>>()
  expect(body.code).toBe(code)
  expect(typeof body.message).toBe('string')
  expect(
    Object.keys(body).every((k) => ['message', 'code', 'errors'].includes(k)),
    JSON.stringify(body),
  ).toBe(true)
}

/** The body never shows a stack trace, SQL, file paths or internal addresses. */
function expectNoInternals(res: LightMyRequestResponse) {
  for (const leak of [
    /\bat \S+ \(/,
    /\.ts:\d+/,
    /node_modules/,
    /select|insert|update|delete from/i,
    /password_hash|no_such_table|s3cr3t/i,
    /ECONNREFUSED|10\.1\.2\.3|127\.0\.0\.1:1\b/,
    /TypeError|reading 'organizationId'/,
  ]) {
    expect(res.body).not.toMatch(leak)
  }
}

async function snapshot(app: FastifyInstance) {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable =>
    is(value, PgTable),
  )
  expect(tables.length).toBeGreaterThanOrEqual(7)
  const out: Record<string, string[]> = {}
  for (const [i, table] of tables.entries()) {
    const rows: unknown[] = await app.db.select().from(table as typeof users)
    out[i] = rows.map((row) => JSON.stringify(row)).sort()
  }
  return out
}

const userByEmail = async (app: FastifyInstance, email: string) =>
  (await accountsByEmail(app.db, email))[0]

// ---------------------------------------------------------------------------------------------

describe('cross-site requests', () => {
  const refusals: Array<[string, Record<string, string>]> = [
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['no Origin', { origin: '' }],
    ['Origin null', { origin: 'null' }],
    ['a sibling subdomain', { origin: 'http://evil.app.test' }],
    ['another port', { origin: 'http://app.test:8080' }],
    ['https instead of http', { origin: 'https://app.test' }],
    ['Sec-Fetch-Site: cross-site (even with our Origin)', { 'sec-fetch-site': 'cross-site' }],
  ]

  it.each(refusals)('every mutating route refuses %s → 403', async (_what, headers) => {
    const list = mutations(t.app)
    expect(list.map(([m, url]) => `${m} ${url}`)).toEqual(
      expect.arrayContaining(
        [
          'register',
          'resend-verification',
          'verify-email',
          'login',
          'logout',
          'forgot-password',
          'reset-password',
        ].map((r) => `POST /api/auth/${r}`),
      ),
    )
    for (const [method, url] of list) {
      const res = await t.request(method as 'POST', url, { body: {}, headers })
      expect(res.statusCode, `${method} ${url}`).toBe(403)
      expectErrorShape(res, 403, 'FORBIDDEN')
    }
  })

  it('a header-less request (no Origin at all) is refused too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@example.com"}',
    })
    expectErrorShape(res, 403, 'FORBIDDEN')
  })

  it('a cross-site registration stores nothing and does not spend the human check', async () => {
    const account = newAccount()
    const captchaToken = await solveCaptcha(t)
    const res = await t.request('POST', '/api/auth/register', {
      body: { ...account, captchaToken },
      headers: { origin: 'https://evil.example' },
    })
    expect(res.statusCode).toBe(403)
    expect(await userByEmail(t.app, account.email)).toBeUndefined()
    await t.app.jobs.idle()
    expect(t.smtp.to(account.email)).toHaveLength(0)
    expect(
      (await t.request('POST', '/api/auth/register', { body: { ...account, captchaToken } }))
        .statusCode,
    ).toBe(201)
  })

  it('a cross-site login sets no cookie and creates no session', async () => {
    const { account, user } = await signedInAdmin(t)
    const before = await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id))
    const res = await t.request('POST', '/api/auth/login', {
      body: { email: account.email, password: account.password },
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    })
    expect(res.statusCode).toBe(403)
    expect(res.headers['set-cookie']).toBeUndefined()
    expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual(
      before,
    )
  })

  it('cross-site e-mail verification, password reset and reset request change nothing', async () => {
    const { account, response } = await register(t)
    const verifyToken = tokenFrom(
      linkIn(await t.smtp.waitFor(account.email), `${APP_URL}/verify-email?token=`),
    )
    const evil = { origin: 'https://evil.example' }
    expect(
      (
        await t.request('POST', '/api/auth/verify-email', {
          body: { token: verifyToken },
          headers: evil,
        })
      ).statusCode,
    ).toBe(403)
    expect((await userByEmail(t.app, account.email))!.emailVerifiedAt).toBeNull()
    expect(
      (
        await t.request('POST', '/api/auth/verify-email', {
          body: { token: verifyToken },
          cookie: verifyCookie(response),
        })
      ).statusCode,
    ).toBe(200)

    expect(
      (
        await t.request('POST', '/api/auth/forgot-password', {
          body: { email: account.email },
          headers: evil,
        })
      ).statusCode,
    ).toBe(403)
    expect(
      (
        await t.request('POST', '/api/auth/resend-verification', {
          body: { email: account.email },
          headers: evil,
        })
      ).statusCode,
    ).toBe(403)
    await t.app.jobs.idle()
    expect(t.smtp.to(account.email)).toHaveLength(1)

    expect(
      (await t.request('POST', '/api/auth/forgot-password', { body: { email: account.email } }))
        .statusCode,
    ).toBe(200)
    const resetToken = tokenFrom(
      linkIn(await t.smtp.waitFor(account.email, 1), `${APP_URL}/reset-password?token=`),
    )
    const hash = (await userByEmail(t.app, account.email))!.passwordHash
    expect(
      (
        await t.request('POST', '/api/auth/reset-password', {
          body: { token: resetToken, password: 'evil password' },
          headers: evil,
        })
      ).statusCode,
    ).toBe(403)
    expect((await userByEmail(t.app, account.email))!.passwordHash).toBe(hash)
    const [token] = await t.app.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.purpose, 'reset_password'))
    expect(token).toBeDefined()
    expect(
      (
        await t.request('POST', '/api/auth/reset-password', {
          body: { token: resetToken, password: 'good password' },
        })
      ).statusCode,
    ).toBe(200)
  })
})

describe('the route authorized by its address alone', () => {
  it('is the one-click unsubscribe only; it takes a form post from anywhere, and nothing signs in', async () => {
    const open = routesOf(t.app)
      .filter((route) => route.config.tokenInAddress)
      .map((route) => `${route.method} ${route.url}`)
    expect(open).toEqual([TOKEN_IN_ADDRESS])
    const res = await t.request('POST', '/api/unsubscribe?token=forged', {
      body: 'List-Unsubscribe=One-Click',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
      },
    })
    expectErrorShape(res, 400, 'INVALID_TOKEN')
    expect(res.headers['set-cookie']).toBeUndefined()
  })
})

describe('request bodies', () => {
  it('every mutating route refuses text/plain, form and multipart bodies with 415 (same origin)', async () => {
    // Upload routes take multipart (config.multipartUpload; files.test.ts, imports.test.ts) and
    // refuse the rest.
    const id = '00000000-0000-4000-8000-000000000000'
    const uploads = apiRoutes
      .filter((route) => route.upload)
      .map((route) => `${route.method} ${route.path.replace(':id', id)}`)
    expect(uploads).toContain(`POST /api/requests/${id}/files`)
    for (const upload of uploads)
      expect(mutations(t.app).map(([m, url]) => `${m} ${url}`)).toContain(upload)
    for (const [method, url] of mutations(t.app)) {
      for (const type of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=----x',
        'application/xml',
      ]) {
        if (uploads.includes(`${method} ${url}`) && type.startsWith('multipart/')) continue
        const res = await t.request(method as 'POST', url, {
          body: '{"email":"a@example.com"}',
          headers: { 'content-type': type },
        })
        expect(res.statusCode, `${method} ${url} ${type}`).toBe(415)
        expectErrorShape(res, 415, 'UNSUPPORTED_MEDIA_TYPE')
      }
    }
  })

  it('a text/plain login with the right password signs nobody in', async () => {
    const { account } = await signedInAdmin(t)
    const res = await t.request('POST', '/api/auth/login', {
      body: JSON.stringify({ email: account.email, password: account.password }),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    })
    expect(res.statusCode).toBe(415)
    expect(res.headers['set-cookie']).toBeUndefined()
  })

  it('prototype-pollution keys in JSON → 400', async () => {
    for (const payload of [
      '{"__proto__":{"role":"admin"},"email":"a@example.com"}',
      '{"constructor":{"prototype":{"role":"admin"}}}',
    ]) {
      const res = await t.request('POST', '/api/auth/forgot-password', {
        body: payload,
        headers: { 'content-type': 'application/json' },
      })
      expect(res.statusCode, payload).toBe(400)
      expect(({} as Record<string, unknown>).role).toBeUndefined()
    }
  })
})

describe('response headers', () => {
  it('an API answer, a 404, a validation error, a refusal and a 415 carry the security headers and no-store', async () => {
    const answers = [
      await t.request('GET', '/api/health'),
      await t.request('GET', '/api/unknown'),
      await t.request('POST', '/api/auth/login', { body: {} }),
      await t.request('GET', '/api/auth/me'),
      await t.request('POST', '/api/auth/login', {
        body: {},
        headers: { origin: 'https://evil.example' },
      }),
      await t.request('POST', '/api/auth/login', {
        body: 'x',
        headers: { 'content-type': 'text/plain' },
      }),
    ]
    expect(answers.map((r) => r.statusCode)).toEqual([200, 404, 400, 401, 403, 415])
    for (const res of answers) expectSecurityHeaders(res, { api: true })
  })

  it('a 500 and a 503 carry them too', async () => {
    for (const res of [
      await custom.app.inject({ method: 'GET', url: '/api/test/boom' }),
      await custom.app.inject({ method: 'GET', url: '/api/test/db-down' }),
    ]) {
      expectSecurityHeaders(res, { api: true })
    }
  })

  it('a page carries them, with a revalidating cache instead of no-store', async () => {
    const res = await t.request('GET', '/')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expectSecurityHeaders(res, { api: false })
    expect(res.headers['cache-control']).toBe('no-cache')
  })

  it('over https: HSTS and upgrade-insecure-requests on API answers and errors', async () => {
    for (const res of [
      await secure.request('GET', '/api/health'),
      await secure.request('GET', '/api/unknown'),
      await secure.request('POST', '/api/auth/login', { body: {}, headers: { origin: HTTPS_URL } }),
    ]) {
      expectSecurityHeaders(res, { api: true, https: true })
    }
  })

  it('no CORS: a foreign Origin gets no Access-Control-Allow-* header, preflight included', async () => {
    const evil = 'https://evil.example'
    const answers = [
      await t.request('GET', '/api/health', { headers: { origin: evil } }),
      await t.request('GET', '/api/auth/me', { headers: { origin: evil } }),
      await t.request('OPTIONS', '/api/auth/login', {
        headers: {
          origin: evil,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      }),
      await t.request('OPTIONS', '/api/auth/me', {
        headers: { origin: evil, 'access-control-request-method': 'GET' },
      }),
    ]
    for (const res of answers) {
      for (const name of Object.keys(res.headers))
        expect(name.toLowerCase()).not.toMatch(/^access-control-allow-/)
    }
  })
})

describe('safe methods', () => {
  it('calling every GET (and HEAD and OPTIONS) route, signed in or not, changes nothing in the database', async () => {
    const { cookie, account } = await signedInAdmin(t)
    await register(t)
    await t.request('POST', '/api/auth/forgot-password', { body: { email: account.email } })
    await t.request('POST', '/api/auth/login', {
      body: { email: account.email, password: 'wrong password' },
    })
    await t.app.jobs.idle()

    const all = routes(t.app)
    const gets = all.filter(([m]) => m === 'GET').map(([, url]) => url)
    expect(gets).toEqual(
      expect.arrayContaining(['/api/health', '/api/config', '/api/auth/captcha', '/api/auth/me']),
    )

    const before = await snapshot(t.app)
    for (const url of gets) {
      for (const c of [undefined, cookie, 'session=garbage']) {
        for (const query of ['', '?token=abc&email=a%40example.com&password=secret1']) {
          for (const method of ['GET', 'HEAD'] as const) {
            const res = await t.request(method, `${url}${query}`, { cookie: c })
            expect(res.statusCode, `${method} ${url}`).toBeLessThan(500)
          }
        }
      }
    }
    for (const [, url] of all) {
      const res = await t.request('OPTIONS', url, {
        cookie,
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      })
      expect(res.statusCode, `OPTIONS ${url}`).toBeLessThan(500)
    }
    // GETs aimed at mutation-only endpoints do not run them.
    const readable = new Set(gets)
    for (const [, url] of mutations(t.app).filter(([, url]) => !readable.has(url))) {
      expect(
        (await t.request('GET', `${url}?email=${encodeURIComponent(account.email)}`, { cookie }))
          .statusCode,
      ).toBe(404)
    }
    expect(await snapshot(t.app)).toEqual(before)
    expect((await t.request('GET', '/api/auth/me', { cookie })).statusCode).toBe(200)
    // Twelve calls for each GET route: past the default 30 s once on a loaded machine.
  }, 120_000)
})

describe('errors', () => {
  it('an unknown API route → 404 JSON { message, code: NOT_FOUND }, for any method, even with a web app present', async () => {
    for (const [method, url] of [
      ['GET', '/api/unknown'],
      ['GET', '/api'],
      ['GET', '/api/auth'],
      ['HEAD', '/api/unknown'],
      ['POST', '/api/unknown'],
      ['DELETE', '/api/auth/me'],
      ['PUT', '/api/auth/login'],
    ] as const) {
      const res = await t.request(method, url, {
        body: method === 'GET' || method === 'HEAD' ? undefined : {},
      })
      expect(res.statusCode, `${method} ${url}`).toBe(404)
      if (method !== 'HEAD') {
        expectErrorShape(res, 404, 'NOT_FOUND')
        expect(res.body).not.toContain(INDEX_HTML)
      }
    }
  })

  it('an unexpected error → 500 with a generic message, no stack, SQL or internals; the log keeps the detail', async () => {
    const answers = [
      await custom.app.inject({ method: 'GET', url: '/api/test/boom' }),
      await custom.app.inject({ method: 'GET', url: '/api/test/sql' }),
      await custom.app.inject({
        method: 'POST',
        url: '/api/test/boom',
        headers: { origin: APP_URL, 'content-type': 'application/json' },
        payload: '{}',
      }),
    ]
    for (const res of answers) {
      expectErrorShape(res, 500, 'INTERNAL')
      expect(res.json()).toEqual({
        message: 'Something went wrong on our side. Please try again.',
        code: 'INTERNAL',
      })
      expectNoInternals(res)
    }
    const logged = custom.logs.join('\n')
    expect(logged).toContain('secret internals')
    expect(logged).toMatch(/no_such_table/)
  })

  it('a database that cannot be reached → 503 UNAVAILABLE without internals', async () => {
    const thrown = await custom.app.inject({ method: 'GET', url: '/api/test/db-down' })
    expectErrorShape(thrown, 503, 'UNAVAILABLE')
    expectNoInternals(thrown)

    const requests = [
      unreachable.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { origin: APP_URL, 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'a@example.com', password: 'secret123' }),
      }),
      unreachable.app.inject({
        method: 'POST',
        url: '/api/auth/verify-email',
        headers: { origin: APP_URL, 'content-type': 'application/json' },
        payload: JSON.stringify({ token: 'a'.repeat(43) }),
      }),
      unreachable.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { cookie: 'session=abc' },
      }),
    ]
    for (const res of await Promise.all(requests)) {
      expectErrorShape(res, 503, 'UNAVAILABLE')
      expectNoInternals(res)
    }
  })

  it('validation errors name fields without echoing the submitted values', async () => {
    const marker = 'Zq9-secret-marker'
    const res = await t.request('POST', '/api/auth/register', {
      body: {
        firstName: 7,
        email: `${marker}@`,
        password: `${marker}${'x'.repeat(130)}`,
        companySize: marker,
        [marker]: 1,
      },
    })
    expectErrorShape(res, 400, 'VALIDATION')
    const errors = res.json<{ errors: Array<{ path: string; message: string }> }>().errors
    expect(errors.length).toBeGreaterThan(0)
    for (const e of errors) expect(Object.keys(e).sort()).toEqual(['message', 'path'])
    // Only the unknown key's name may come back (it names the field); no submitted value does.
    expect(
      res.body.replaceAll(`Unknown field: ${marker}`, '').replaceAll(`"path":"${marker}"`, ''),
    ).not.toContain(marker)
  })
})

describe('rate limit on the auth endpoints (RATE_LIMIT_AUTH_PER_MINUTE)', () => {
  it('over the limit → 429 RATE_LIMITED with Retry-After; routes without a limit of their own go on', async () => {
    for (let i = 0; i < 3; i++)
      expect(
        (await custom.app.inject({ method: 'GET', url: '/api/auth/captcha' })).statusCode,
      ).toBe(200)
    const res = await custom.app.inject({ method: 'GET', url: '/api/auth/captcha' })
    expectErrorShape(res, 429, 'RATE_LIMITED')
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60)
    expectSecurityHeaders(res, { api: true })
    for (let i = 0; i < 5; i++)
      expect((await custom.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
  })
})

describe('GET /api/health', () => {
  it('200 ok when the database answers', async () => {
    const res = await t.request('GET', '/api/health')
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('{"status":"ok","checks":{"database":"ok"}}')
  })

  it('503 when the database does not answer, 200 again once it does', async () => {
    custom.failPing = true
    try {
      const res = await custom.app.inject({ method: 'GET', url: '/api/health' })
      expect(res.statusCode).toBe(503)
      expect(res.json()).toEqual({ status: 'unavailable', checks: { database: 'unavailable' } })
      expectNoInternals(res)
    } finally {
      custom.failPing = false
    }
    expect((await custom.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
  })

  it('503 when the PostgreSQL server cannot be reached', async () => {
    const res = await unreachable.app.inject({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toEqual({ status: 'unavailable', checks: { database: 'unavailable' } })
  })
})

describe('the web app', () => {
  it('serves index.html for client-side routes (SPA fallback), query strings included', async () => {
    for (const url of [
      '/',
      '/login',
      '/dashboard/clients/123',
      '/verify-email?token=abc',
      '/reset-password?token=abc',
    ]) {
      const res = await t.request('GET', url)
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type'], url).toMatch(/^text\/html/)
      expect(res.body, url).toBe(INDEX_HTML)
      expectSecurityHeaders(res, { api: false })
    }
    expect((await t.request('HEAD', '/dashboard')).statusCode).toBe(200)
  })

  it('serves hashed assets with a long immutable cache and nosniff', async () => {
    const res = await t.request('GET', '/assets/app-3f2a1b.js')
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('console.log("app")')
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })

  it('does not answer a POST to a page, nor serve files outside the web folder', async () => {
    const post = await t.request('POST', '/dashboard', { body: {} })
    expectErrorShape(post, 404, 'NOT_FOUND')
    for (const url of [
      '/../package.json',
      '/..%2f..%2fpackage.json',
      '/assets/..%2f..%2fpackage.json',
      '/%2e%2e/%2e%2e/etc/passwd',
    ]) {
      const res = await t.request('GET', url)
      expect(res.body, url).not.toMatch(/"name"\s*:\s*"auditdesk"|root:x:0/)
    }
  })
})

describe('https deployment (APP_URL https://…)', () => {
  const post = (url: string, body: unknown, cookie?: string) =>
    secure.request('POST', url, { body, cookie, headers: { origin: HTTPS_URL } })

  async function signIn() {
    const account = newAccount()
    const captchaToken = await solveCaptcha(secure)
    const registered = await post('/api/auth/register', { ...account, captchaToken })
    expect(registered.statusCode).toBe(201)
    // Over https the registering browser's cookie is a __Host- one.
    expect(registered.cookies.find((c) => c.name === '__Host-verify')).toMatchObject({
      secure: true,
      httpOnly: true,
      path: '/',
    })
    const link = linkIn(
      await secure.smtp.waitFor(account.email),
      `${HTTPS_URL}/verify-email?token=`,
    )
    const verified = await post(
      '/api/auth/verify-email',
      { token: tokenFrom(link) },
      verifyCookie(registered),
    )
    expect(verified.statusCode).toBe(200)
    const login = await post('/api/auth/login', {
      email: account.email,
      password: account.password,
    })
    expect(login.statusCode).toBe(200)
    return { account, login }
  }

  it('the session cookie is __Host-session; Secure; HttpOnly; SameSite=Lax; Path=/ with no Domain', async () => {
    const { login } = await signIn()
    const header = String(login.headers['set-cookie'])
    expect(header).toMatch(/^__Host-session=[A-Za-z0-9_-]{22,}/)
    expect(header).toMatch(/;\s*Secure/i)
    expect(header).toMatch(/;\s*HttpOnly/i)
    expect(header).toMatch(/;\s*SameSite=Lax/i)
    expect(header).toMatch(/;\s*Path=\/(;|$)/)
    expect(header).not.toMatch(/;\s*Domain=/i)
    expect(sessionCookie(login)).toMatch(/^__Host-session=/)
  })

  it('the cookie signs in under its own name only; logout clears it with the same attributes', async () => {
    const { login } = await signIn()
    const cookie = sessionCookie(login)
    expect((await secure.request('GET', '/api/auth/me', { cookie })).statusCode).toBe(200)
    const value = cookie.split('=')[1]
    expect(
      (await secure.request('GET', '/api/auth/me', { cookie: `session=${value}` })).statusCode,
    ).toBe(401)

    const out = await post('/api/auth/logout', undefined, cookie)
    expect(out.statusCode).toBe(204)
    const header = String(out.headers['set-cookie'])
    expect(header).toMatch(/^__Host-session=;/)
    expect(header).toMatch(/;\s*Secure/i)
    expect(header).toMatch(/;\s*Path=\/(;|$)/)
    expect(header).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/i)
    expect((await secure.request('GET', '/api/auth/me', { cookie })).statusCode).toBe(401)
  })

  it('mutations from the http origin are cross-site → 403', async () => {
    const res = await secure.request('POST', '/api/auth/forgot-password', {
      body: { email: 'a@example.com' },
      headers: { origin: APP_URL },
    })
    expectErrorShape(res, 403, 'FORBIDDEN')
  })
})
