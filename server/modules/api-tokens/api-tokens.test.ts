import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiTokenDto, CompanyApiTokenDto } from '@shared/schemas/api-tokens'
import { buildApp } from '../../app'
import { selectRows } from '../../db/client'
import { apiTokens, organizations } from '../../db/schema'
import {
  createAudit,
  createClient,
  createProject,
  expectError,
  expectValidation,
  MISSING_ID,
  sentRequest,
  signedInClientUser,
  signedInStaff,
  UUID,
} from '../../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness'

// Personal API tokens (decision 048): `Authorization: Bearer adk_…` acts as the membership the
// token was made in, never more.

let t: TestApp
type Admin = Awaited<ReturnType<typeof signedInAdmin>>
let admin: Admin

beforeAll(async () => {
  t = await createTestApp()
  admin = await signedInAdmin(t)
})
afterAll(async () => t?.close())

const DAY_MS = 24 * 60 * 60 * 1000

async function makeToken(
  cookie: string,
  body: Record<string, unknown> = { name: 'Script', scopes: ['read', 'write'], expiresInDays: 30 },
) {
  const res = await t.request('POST', '/api/tokens', { cookie, body })
  expect(res.statusCode, res.body).toBe(201)
  return res.json<ApiTokenDto & { token: string }>()
}

/** A call with the token alone: no cookie, no Origin (the harness adds Origin to mutations). */
const withToken = (
  method: 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  body?: unknown,
  headers: Record<string, string> = {},
) =>
  t.app
    .inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    })
    .then(async (res) => {
      await t.app.background.flush()
      return res
    })

const myTokens = async (cookie: string) => {
  const res = await t.request('GET', '/api/tokens', { cookie })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<ApiTokenDto[]>()
}

describe('making a token', () => {
  it('shows the secret once, with its prefix, and keeps only its hash', async () => {
    const created = await makeToken(admin.cookie, {
      name: '  Practice sync  ',
      scopes: ['read'],
      expiresInDays: 7,
    })
    expect(created).toMatchObject({
      id: expect.stringMatching(UUID),
      name: 'Practice sync',
      scopes: ['read'],
      lastUsedAt: null,
    })
    expect(created.token).toMatch(/^adk_[A-Za-z0-9_-]{43}$/)
    expect(created.hint).toBe(created.token.slice(0, 8))
    expect(new Date(created.expiresAt).getTime() - new Date(created.createdAt).getTime()).toBe(
      7 * DAY_MS,
    )

    const listed = (await myTokens(admin.cookie)).find((token) => token.id === created.id)
    expect(listed).toEqual({
      id: created.id,
      name: 'Practice sync',
      scopes: ['read'],
      hint: created.hint,
      createdAt: created.createdAt,
      expiresAt: created.expiresAt,
      lastUsedAt: null,
    })
    const stored = await selectRows<Record<string, unknown>>(
      t.app.db,
      sql`select * from api_tokens where id = ${created.id}`,
    )
    expect(JSON.stringify(stored)).not.toContain(created.token)
  })

  it('refuses bad input and makes nothing', async () => {
    const { cookie } = await signedInAdmin(t)
    const cases: [unknown, string[]][] = [
      [{}, ['name', 'scopes', 'expiresInDays']],
      [{ name: ' ', scopes: ['read'], expiresInDays: 30 }, ['name']],
      [{ name: 'x'.repeat(101), scopes: ['read'], expiresInDays: 30 }, ['name']],
      [{ name: 'A', scopes: ['write'], expiresInDays: 30 }, ['scopes']],
      [{ name: 'A', scopes: ['read', 'read'], expiresInDays: 30 }, ['scopes']],
      [{ name: 'A', scopes: ['read', 'admin'], expiresInDays: 30 }, ['scopes.1']],
      [{ name: 'A', scopes: [], expiresInDays: 30 }, ['scopes']],
      [{ name: 'A', scopes: 'read', expiresInDays: 30 }, ['scopes']],
      [{ name: 'A', scopes: ['read'], expiresInDays: 0 }, ['expiresInDays']],
      [{ name: 'A', scopes: ['read'], expiresInDays: 366 }, ['expiresInDays']],
      [{ name: 'A', scopes: ['read'], expiresInDays: 1.5 }, ['expiresInDays']],
      [{ name: 'A', scopes: ['read'], expiresInDays: '30' }, ['expiresInDays']],
      [{ name: 'A', scopes: ['read'], expiresInDays: 30, userId: MISSING_ID }, ['userId']],
    ]
    for (const [body, paths] of cases)
      expectValidation(await t.request('POST', '/api/tokens', { cookie, body }), paths)
    expect(await myTokens(cookie)).toEqual([])
  })

  it('holds at most 50 per user, also when asked for at once', async () => {
    const { cookie, user } = await signedInAdmin(t)
    const now = t.clock()
    await t.app.db.insert(apiTokens).values(
      Array.from({ length: 48 }, (_, i) => ({
        userId: user.id,
        organizationId: user.company.id,
        name: `Seeded ${i}`,
        tokenHash: `seeded-${user.id}-${i}`,
        hint: 'adk_seed',
        canWrite: false,
        expiresAt: new Date(now.getTime() + DAY_MS),
      })),
    )
    const body = { name: 'One more', scopes: ['read'], expiresInDays: 1 }
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => t.request('POST', '/api/tokens', { cookie, body })),
    )
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 201, 409, 409])
    expect((await myTokens(cookie)).length).toBe(50)
  })
})

describe('calling with a token', () => {
  it('a read token reads as its user and may not write', async () => {
    const { token } = await makeToken(admin.cookie, {
      name: 'Reader',
      scopes: ['read'],
      expiresInDays: 30,
    })
    await createClient(t, admin.cookie, { name: 'Read Me Ltd' })
    const bySession = await t.request('GET', '/api/clients', { cookie: admin.cookie })
    const byToken = await withToken('GET', '/api/clients', token)
    expect(byToken.statusCode, byToken.body).toBe(200)
    expect(byToken.json()).toEqual(bySession.json())
    expect(byToken.headers['set-cookie']).toBeUndefined()
    expect((await withToken('HEAD', '/api/clients', token)).statusCode).toBe(200)

    for (const [method, url, body] of [
      ['POST', '/api/clients', { name: 'Refused Ltd' }],
      ['PATCH', '/api/organization', { name: 'Renamed' }],
      ['DELETE', `/api/clients/${MISSING_ID}`, undefined],
    ] as const) {
      const refused = await withToken(method, url, token, body)
      expectError(refused, 403, 'FORBIDDEN')
      expect(refused.json<{ message: string }>().message).toContain('may only read')
    }
    const after = await t.request('GET', '/api/clients', { cookie: admin.cookie })
    expect(after.json()).toEqual(bySession.json())
  })

  it('a write token changes data without a cookie or an Origin, and counts as its user', async () => {
    const { token } = await makeToken(admin.cookie)
    const created = await withToken('POST', '/api/clients', token, { name: 'Scripted Ltd' })
    expect(created.statusCode, created.body).toBe(201)
    const id = created.json<{ id: string }>().id
    const renamed = await withToken('PATCH', `/api/clients/${id}`, token, { name: 'Scripted plc' })
    expect(renamed.statusCode, renamed.body).toBe(200)
    const seen = await t.request('GET', `/api/clients/${id}`, { cookie: admin.cookie })
    expect(seen.json()).toMatchObject({ name: 'Scripted plc' })
  })

  it('a form body with a valid token is refused as a body, not as a token', async () => {
    const { token } = await makeToken(admin.cookie)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'name=Form+Ltd',
    })
    expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE')
  })

  it('the token alone decides who calls: a cookie of someone else changes nothing', async () => {
    const other = await signedInAdmin(t)
    const { token } = await makeToken(admin.cookie)
    const res = await withToken('GET', '/api/auth/me', token, undefined, { cookie: other.cookie })
    expect(res.json()).toMatchObject({ id: admin.user.id })
    // A refused token is not saved by a valid cookie.
    const refused = await withToken('GET', '/api/auth/me', 'adk_nonsense', undefined, {
      cookie: other.cookie,
    })
    expectError(refused, 401, 'UNAUTHENTICATED')
    expect(refused.headers['www-authenticate']).toBe('Bearer error="invalid_token"')
    expect(refused.headers['set-cookie']).toBeUndefined()
  })

  it('another scheme in Authorization (a proxy’s Basic sign-in) leaves the session as it is', async () => {
    const res = await t.request('GET', '/api/auth/me', {
      cookie: admin.cookie,
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
    })
    expect(res.statusCode, res.body).toBe(200)
  })

  it('malformed, unknown and empty bearer values answer 401', async () => {
    for (const value of [
      'Bearer',
      'Bearer ',
      'Bearer adk_x y',
      `Bearer ${'a'.repeat(600)}`,
      'bearer adk_unknown',
    ])
      expectError(
        await t.app.inject({
          method: 'GET',
          url: '/api/clients',
          headers: { authorization: value },
        }),
        401,
        'UNAUTHENTICATED',
      )
  })

  it('a token in the address is refused, whatever the route', async () => {
    const { token } = await makeToken(admin.cookie)
    for (const url of [
      `/api/clients?access_token=${token}`,
      `/api/clients?api_key=${token}`,
      `/api/clients?search=${token}`,
      `/api/auth/me?x=${encodeURIComponent(token)}`,
    ])
      expectError(await t.app.inject({ method: 'GET', url }), 401, 'UNAUTHENTICATED')
    // Also beside a valid header: the address leaked it.
    expectError(
      await withToken('GET', `/api/clients?access_token=${token}`, token),
      401,
      'UNAUTHENTICATED',
    )
  })

  it('ends at its expiry', async () => {
    const { cookie } = await signedInAdmin(t)
    const { token, id } = await makeToken(cookie, {
      name: 'Short',
      scopes: ['read'],
      expiresInDays: 1,
    })
    expect((await withToken('GET', '/api/clients', token)).statusCode).toBe(200)
    try {
      t.clock.advance(DAY_MS - 60_000)
      expect((await withToken('GET', '/api/clients', token)).statusCode).toBe(200)
      t.clock.advance(2 * 60_000)
      expectError(await withToken('GET', '/api/clients', token), 401, 'UNAUTHENTICATED')
    } finally {
      t.clock.advance(-(DAY_MS + 60_000))
    }
    // Still listed, so its owner sees why the script stopped.
    expect((await myTokens(cookie)).map((row) => row.id)).toContain(id)
  })

  it('notes when it was last used', async () => {
    const { cookie } = await signedInAdmin(t)
    const { token, id } = await makeToken(cookie)
    await withToken('GET', '/api/clients', token)
    const used = (await myTokens(cookie)).find((row) => row.id === id)!
    expect(used.lastUsedAt).not.toBeNull()
  })

  it('never manages the account, its tokens or the company’s sign-in rules', async () => {
    const { token } = await makeToken(admin.cookie)
    for (const [method, url, body] of [
      ['GET', '/api/tokens', undefined],
      ['POST', '/api/tokens', { name: 'Child', scopes: ['read'], expiresInDays: 1 }],
      ['DELETE', `/api/tokens/${MISSING_ID}`, undefined],
      ['GET', '/api/organization/tokens', undefined],
      ['POST', '/api/auth/change-password', { currentPassword: 'x', newPassword: 'y'.repeat(12) }],
      ['GET', '/api/auth/sessions', undefined],
      ['POST', '/api/auth/mfa/totp/setup', undefined],
      ['GET', '/api/auth/passkeys', undefined],
      ['PUT', '/api/organization/security', { requireMfa: 'off' }],
      ['DELETE', '/api/organization/sso', undefined],
      ['POST', '/api/auth/switch', { organizationId: MISSING_ID }],
    ] as const) {
      const res = await withToken(method, url, token, body)
      expectError(res, 403, 'FORBIDDEN')
      expect(res.json<{ message: string }>().message).toContain('API tokens cannot do this')
    }
  })

  it('is held by the company’s second-factor rule like a session', async () => {
    const { cookie, user } = await signedInAdmin(t)
    const { token } = await makeToken(cookie)
    await t.app.db
      .update(organizations)
      .set({ requireMfa: 'all' })
      .where(eq(organizations.id, user.company.id))
    await t.app.sessionCache.usersChanged([user.id])
    expectError(await withToken('GET', '/api/clients', token), 403, 'MFA_SETUP_REQUIRED')
  })
})

describe('a client user’s token', () => {
  it('sees exactly what the client user sees, and nothing of the firm', async () => {
    const firm = await signedInAdmin(t)
    const clientA = await createClient(t, firm.cookie, { name: 'Client A' })
    const clientB = await createClient(t, firm.cookie, { name: 'Client B' })
    const userA = await signedInClientUser(t, firm.user.company.id, clientA.id)
    const userB = await signedInClientUser(t, firm.user.company.id, clientB.id)
    const projectA = await createProject(t, firm.cookie, { clientId: clientA.id })
    const projectB = await createProject(t, firm.cookie, { clientId: clientB.id })
    const sentA = await sentRequest(t, firm.cookie, {
      projectId: projectA.id,
      assigneeId: userA.user.id,
    })
    const sentB = await sentRequest(t, firm.cookie, {
      projectId: projectB.id,
      assigneeId: userB.user.id,
    })
    await createAudit(t, firm.cookie, { projectId: projectA.id })
    const { token } = await makeToken(userA.cookie, {
      name: 'Client script',
      scopes: ['read'],
      expiresInDays: 5,
    })
    for (const url of ['/api/my-work', '/api/audits', '/api/projects', '/api/dashboard']) {
      const bySession = await t.request('GET', url, { cookie: userA.cookie })
      const byToken = await withToken('GET', url, token)
      expect(byToken.statusCode, `${url}: ${byToken.body}`).toBe(bySession.statusCode)
      expect(byToken.json(), url).toEqual(bySession.json())
    }
    expect((await withToken('GET', `/api/requests/${sentA.id}`, token)).statusCode).toBe(200)
    expectError(await withToken('GET', `/api/requests/${sentB.id}`, token), 404, 'NOT_FOUND')
    expectError(await withToken('GET', '/api/clients', token), 403, 'FORBIDDEN')
    expectError(await withToken('GET', '/api/users', token), 403, 'FORBIDDEN')
  })
})

describe('revoking', () => {
  it('the owner revokes their own token at once (after it was used and is held in memory)', async () => {
    const { cookie } = await signedInAdmin(t)
    const { token, id } = await makeToken(cookie)
    expect((await withToken('GET', '/api/clients', token)).statusCode).toBe(200)
    const revoked = await t.request('DELETE', `/api/tokens/${id}`, { cookie })
    expect(revoked.statusCode, revoked.body).toBe(204)
    expectError(await withToken('GET', '/api/clients', token), 401, 'UNAUTHENTICATED')
    expect(await myTokens(cookie)).toEqual([])
    expectError(await t.request('DELETE', `/api/tokens/${id}`, { cookie }), 404, 'NOT_FOUND')
  })

  it('nobody revokes another user’s token through their own list; a malformed id is a 400', async () => {
    const { cookie } = await signedInAdmin(t)
    const staff = await signedInStaff(t, admin.user.company.id)
    const { id, token } = await makeToken(staff.cookie)
    expectError(await t.request('DELETE', `/api/tokens/${id}`, { cookie }), 404, 'NOT_FOUND')
    expectError(
      await t.request('DELETE', `/api/tokens/${id}`, { cookie: admin.cookie }),
      404,
      'NOT_FOUND',
    )
    expectValidation(await t.request('DELETE', '/api/tokens/not-an-id', { cookie }), ['id'])
    expect((await withToken('GET', '/api/my-work', token)).statusCode).toBe(200)
  })

  it('admins list and revoke every token of their company, and only theirs', async () => {
    const staff = await signedInStaff(t, admin.user.company.id)
    const staffToken = await makeToken(staff.cookie, {
      name: 'Staff export',
      scopes: ['read'],
      expiresInDays: 90,
    })
    const outsider = await signedInAdmin(t)
    const outsiderToken = await makeToken(outsider.cookie)

    const list = await t.request('GET', '/api/organization/tokens', { cookie: admin.cookie })
    expect(list.statusCode, list.body).toBe(200)
    const tokens = list.json<CompanyApiTokenDto[]>()
    expect(tokens.find((token) => token.id === staffToken.id)).toMatchObject({
      name: 'Staff export',
      scopes: ['read'],
      owner: { id: staff.user.id, email: staff.user.email, name: 'Sam Staff', role: 'staff' },
    })
    expect(tokens.map((token) => token.id)).not.toContain(outsiderToken.id)
    expect(JSON.stringify(tokens)).not.toContain('adk_' + staffToken.token.slice(8))

    expectError(
      await t.request('GET', '/api/organization/tokens', { cookie: staff.cookie }),
      403,
      'FORBIDDEN',
    )
    expectError(
      await t.request('DELETE', `/api/organization/tokens/${outsiderToken.id}`, {
        cookie: admin.cookie,
      }),
      404,
      'NOT_FOUND',
    )
    expect((await withToken('GET', '/api/clients', outsiderToken.token)).statusCode).toBe(200)

    const revoked = await t.request('DELETE', `/api/organization/tokens/${staffToken.id}`, {
      cookie: admin.cookie,
    })
    expect(revoked.statusCode, revoked.body).toBe(204)
    expectError(await withToken('GET', '/api/my-work', staffToken.token), 401, 'UNAUTHENTICATED')
    expect(await myTokens(staff.cookie)).toEqual([])
  })

  it('removing the member ends their tokens at once', async () => {
    const staff = await signedInStaff(t, admin.user.company.id)
    const { token } = await makeToken(staff.cookie)
    expect((await withToken('GET', '/api/my-work', token)).statusCode).toBe(200)
    const removed = await t.request('DELETE', `/api/users/${staff.user.id}`, {
      cookie: admin.cookie,
    })
    expect(removed.statusCode, removed.body).toBe(204)
    expectError(await withToken('GET', '/api/my-work', token), 401, 'UNAUTHENTICATED')
  })

  it('a role change applies to the token’s next call', async () => {
    const staff = await signedInStaff(t, admin.user.company.id)
    const { token } = await makeToken(staff.cookie)
    expect((await withToken('GET', '/api/clients', token)).statusCode).toBe(200)
    const client = await createClient(t, admin.cookie)
    const changed = await t.request('PATCH', `/api/users/${staff.user.id}`, {
      cookie: admin.cookie,
      body: { role: 'client', clientId: client.id },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expectError(await withToken('GET', '/api/clients', token), 403, 'FORBIDDEN')
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
    })
    await b.ready()
  })
  afterAll(async () => b?.close())

  const onB = (token: string) =>
    b.inject({ method: 'GET', url: '/api/clients', headers: { authorization: `Bearer ${token}` } })

  it('a token revoked on A stops on B by the very next call, though B held it', async () => {
    const { cookie } = await signedInAdmin(t)
    const { token, id } = await makeToken(cookie)
    expect((await onB(token)).statusCode).toBe(200)
    expect((await t.request('DELETE', `/api/tokens/${id}`, { cookie })).statusCode).toBe(204)
    expectError(await onB(token), 401, 'UNAUTHENTICATED')
  })
})

describe('limits', () => {
  let limited: TestApp
  beforeAll(async () => {
    limited = await createTestApp({ env: { RATE_LIMIT_GLOBAL_PER_MINUTE: '5' } })
  })
  afterAll(async () => limited?.close())

  it('a token has a budget of its own, whichever addresses it calls from', async () => {
    const { cookie } = await signedInAdmin(limited)
    const made = await limited.request('POST', '/api/tokens', {
      cookie,
      remoteAddress: '203.0.113.1',
      body: { name: 'Busy', scopes: ['read'], expiresInDays: 1 },
    })
    expect(made.statusCode, made.body).toBe(201)
    const { token } = made.json<{ token: string }>()
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      const res = await limited.app.inject({
        method: 'GET',
        url: '/api/clients',
        remoteAddress: `198.51.100.${i + 1}`,
        headers: { authorization: `Bearer ${token}` },
      })
      statuses.push(res.statusCode)
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
  })
})

it('the OpenAPI document declares the bearer scheme where a token is taken', async () => {
  const res = await t.request('GET', '/api/openapi.json')
  const doc = res.json<{
    components: { securitySchemes: Record<string, { type: string; scheme?: string }> }
    paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>
  }>()
  expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' })
  expect(doc.paths['/api/clients']!.get!.security).toEqual([{ session: [] }, { bearer: [] }])
  expect(doc.paths['/api/tokens']!.post!.security).toEqual([{ session: [] }])
})
