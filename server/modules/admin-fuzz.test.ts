import fc from 'fast-check'
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import type { z } from 'zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { changePasswordInput, updateProfileInput } from '@shared/schemas/auth'
import { acceptInvitationInput, createInvitationInput } from '@shared/schemas/invitations'
import { updateOrganizationInput } from '@shared/schemas/organization'
import { updateUserInput } from '@shared/schemas/users'
import { selectRows } from '../db/client'
import { activityEvents, invitations, organizations, users } from '../db/schema'
import { createClient, signedInClientUser } from '../test/factories'
import { looseRecord, withoutPoisonedKeys } from '../test/fuzz'
import type { CurrentUser } from '@shared/schemas/auth'
import { APP_URL, createTestApp, signedInAdmin, type TestApp } from '../test/harness'
import { passwordProblem } from './auth/password-policy'
import { accountsByEmail } from '../test/accounts'

/** Keys a generated body may carry beyond its fields: ones a client might try to set, others' fields. */
const EXTRA_KEYS = ['organizationId', 'id', 'role', 'email', 'createdAt', 'passwordHash', 'token']

/**
 * Property-based fuzzing of the administration and account bodies: whatever arrives, never a 5xx;
 * what the shared schema refuses is a 400 in the one error shape and changes nothing; what it
 * accepts gets the route's own answer.
 */

const RUNS = 30

let t: TestApp
let cookie: string
let orgId: string
let adminId: string
let password: string
let ownClientId: string
let targetUserId: string
let foreignClientId: string

beforeAll(async () => {
  // Wrong current passwords would otherwise trip the per-account sign-in throttle.
  t = await createTestApp({ env: { RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '100000' } })
  const admin = await signedInAdmin(t)
  cookie = admin.cookie
  orgId = admin.user.company.id
  adminId = admin.user.id
  password = admin.account.password
  ownClientId = (await createClient(t, cookie)).id
  targetUserId = (await signedInClientUser(t, orgId, ownClientId)).user.id
  foreignClientId = (await createClient(t, (await signedInAdmin(t)).cookie)).id
})
afterAll(async () => t?.close())

interface Counts {
  users: number
  invitations: number
  activity: number
}

async function counts(): Promise<Counts> {
  const [row] = await selectRows<Counts>(
    t.app.db,
    sql`select
      (select count(*)::int from ${users}) as "users",
      (select count(*)::int from ${invitations}) as "invitations",
      (select count(*)::int from ${activityEvents}) as "activity"`,
  )
  return row!
}

/** Everything a refused request must leave as it was. */
async function state() {
  return {
    counts: await counts(),
    organization: (
      await t.app.db.select().from(organizations).where(eq(organizations.id, orgId))
    )[0],
    admin: (await t.app.db.select().from(users).where(eq(users.id, adminId)))[0],
    target: (await t.app.db.select().from(users).where(eq(users.id, targetUserId)))[0],
  }
}

function expectCleanError(res: LightMyRequestResponse, where: string) {
  const body = res.json<Record<string, unknown>>()
  expect(typeof body.message, where).toBe('string')
  expect(typeof body.code, where).toBe('string')
  expect(
    Object.keys(body).every((k) => ['message', 'code', 'errors'].includes(k)),
    where,
  ).toBe(true)
  expect(res.body, where).not.toMatch(/Failed query|drizzle|organization_id|\.ts:\d+|stack/i)
}

async function emailTaken(email: string) {
  const [user] = await accountsByEmail(t.app.db, email)
  const [open] = await t.app.db
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(
        eq(invitations.organizationId, orgId),
        eq(invitations.email, email),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    )
  return Boolean(user || open)
}

interface Route {
  method: 'POST' | 'PATCH'
  url: () => string
  schema: z.ZodType
  fields: () => Record<string, fc.Arbitrary<unknown>>
  /** The answer a schema-valid body must get. */
  whenValid: (body: Record<string, unknown>) => Promise<number> | number
  /** After a success: keep the test's own knowledge in step. */
  after?: (body: Record<string, unknown>) => void
}

const wrongType = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }),
)
const awkward = fc.oneof(
  fc.constantFrom(
    '',
    '   ',
    ' padded ',
    'a\u0000b',
    'Ünïcödé ✓',
    '<b>x</b>',
    "'; drop table users;--",
  ),
  fc.string({ minLength: 95, maxLength: 205 }),
)
const mostly = <T>(valid: fc.Arbitrary<T>, other: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: other })
const text = mostly(fc.string({ minLength: 1, maxLength: 30 }), fc.oneof(awkward, wrongType))
const enumOf = (values: readonly string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...values) },
    { weight: 1, arbitrary: fc.oneof(text, wrongType) },
  )
const clientId = fc.oneof(
  { weight: 4, arbitrary: fc.constant(null).map(() => ownClientId) },
  { weight: 1, arbitrary: fc.constant(null).map(() => foreignClientId) },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.oneof(text, wrongType) },
)
const email = mostly(
  fc
    .tuple(fc.stringMatching(/^[a-z0-9]{1,8}$/), fc.constantFrom('example.com', 'Fuzz.Example'))
    .map(([local, domain]) => `${local}@${domain}`),
  fc.oneof(fc.constantFrom('not-an-email', 'a@b', ''), text, wrongType),
)
const secret = mostly(
  fc.oneof(
    fc.string({ minLength: 6, maxLength: 20 }),
    fc.constant(null).map(() => password),
  ),
  fc.oneof(fc.string({ maxLength: 5 }), fc.string({ minLength: 125, maxLength: 135 }), wrongType),
)

const routes: Record<string, Route> = {
  'PATCH /api/organization': {
    method: 'PATCH',
    url: () => '/api/organization',
    schema: updateOrganizationInput,
    fields: () => ({
      name: text,
      phone: text,
      industry: enumOf(['Technology', 'Healthcare', 'Other', 'technology']),
      size: enumOf(['1-10 employees', '1000+ employees', '10']),
    }),
    whenValid: () => 200,
  },
  'PATCH /api/users/{id}': {
    method: 'PATCH',
    url: () => `/api/users/${targetUserId}`,
    schema: updateUserInput,
    fields: () => ({ role: enumOf(['admin', 'staff', 'client']), clientId }),
    whenValid: (body) => (body.clientId && body.clientId !== ownClientId ? 400 : 200),
  },
  'POST /api/invitations': {
    method: 'POST',
    url: () => '/api/invitations',
    schema: createInvitationInput,
    fields: () => ({ email, role: enumOf(['admin', 'staff', 'client']), clientId }),
    whenValid: async (body) =>
      body.clientId && body.clientId !== ownClientId
        ? 400
        : (await emailTaken(body.email as string))
          ? 409
          : 201,
  },
  'PATCH /api/auth/profile': {
    method: 'PATCH',
    url: () => '/api/auth/profile',
    schema: updateProfileInput,
    fields: () => ({ firstName: text, lastName: text }),
    whenValid: () => 200,
  },
  'POST /api/auth/change-password': {
    method: 'POST',
    url: () => '/api/auth/change-password',
    schema: changePasswordInput,
    fields: () => ({ currentPassword: secret, newPassword: secret }),
    whenValid: async (body) => {
      if (body.currentPassword !== password) return 400
      // A common password, or the admin's own e-mail or name (as the profile fuzz left it): 400.
      const me = (await t.request('GET', '/api/auth/me', { cookie })).json<CurrentUser>()
      return (await passwordProblem(body.newPassword as string, me)) ? 400 : 200
    },
    after: (body) => void (password = body.newPassword as string),
  },
  'POST /api/invitations/accept': {
    method: 'POST',
    url: () => '/api/invitations/accept',
    schema: acceptInvitationInput,
    fields: () => ({
      token: mostly(fc.string({ minLength: 1, maxLength: 60 }), fc.oneof(awkward, wrongType)),
      firstName: text,
      lastName: text,
      password: secret,
    }),
    // No token of the fuzzer's is ever a real one.
    whenValid: () => 400,
  },
}

async function check(route: Route, value: unknown) {
  const json = JSON.stringify(value)
  const seen: unknown = json === undefined ? undefined : JSON.parse(json)
  const parsed = route.schema.safeParse(seen)
  const expected = parsed.success
    ? await route.whenValid(parsed.data as Record<string, unknown>)
    : 400
  const before = await state()
  const res = await t.app.inject({
    method: route.method,
    url: route.url(),
    payload: json,
    headers: { origin: APP_URL, 'content-type': 'application/json', cookie },
  })
  const where = `${route.method} ${route.url()} ${json?.slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`
  expect(res.statusCode, where).toBeLessThan(500)
  expect(res.statusCode, where).toBe(expected)
  if (res.statusCode >= 400) {
    expectCleanError(res, where)
    expect(await state(), where).toEqual(before)
  } else {
    route.after?.(parsed.data as Record<string, unknown>)
  }
}

const anyValue = withoutPoisonedKeys(
  fc.oneof(fc.anything(), fc.jsonValue(), fc.object(), fc.array(fc.anything(), { maxLength: 4 })),
)

describe.each(Object.entries(routes))('%s', (_name, route) => {
  it('arbitrary JSON values → never 5xx; 400 unless the shared schema accepts them; nothing changes', async () => {
    await fc.assert(
      fc.asyncProperty(anyValue, (value) => check(route, value)),
      { numRuns: RUNS, examples: [[undefined], [null], [[]], ['text'], [0], [{}]] },
    )
  })

  it('records of the route’s fields with wrong types, missing and unknown keys → as the schema says', async () => {
    await fc.assert(
      fc.asyncProperty(looseRecord(route.fields(), EXTRA_KEYS), (value) => check(route, value)),
      { numRuns: RUNS },
    )
  })
})

describe('query strings and path ids', () => {
  it('any token in GET /api/invitations/accept → 400, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 250 }), async (token) => {
        const res = await t.request(
          'GET',
          `/api/invitations/accept?token=${encodeURIComponent(token)}`,
        )
        expect(res.statusCode, `${token} → ${res.body}`).toBe(400)
        expectCleanError(res, token)
      }),
      { numRuns: RUNS * 2 },
    )
  })

  it('any {id} on the user, invitation and session routes → 400 unless a uuid (then 404); never 5xx', async () => {
    const before = await state()
    const id = fc
      .oneof(fc.string({ minLength: 1, maxLength: 40 }), fc.uuid())
      .filter((raw) => raw !== '.' && raw !== '..')
    const calls = [
      ['PATCH', (x: string) => `/api/users/${x}`, { role: 'admin' }],
      ['DELETE', (x: string) => `/api/users/${x}`, undefined],
      ['POST', (x: string) => `/api/invitations/${x}/resend`, undefined],
      ['DELETE', (x: string) => `/api/invitations/${x}`, undefined],
      ['DELETE', (x: string) => `/api/auth/sessions/${x}`, undefined],
    ] as const
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...calls), id, async ([method, url, body], raw) => {
        const res = await t.request(method, url(encodeURIComponent(raw)), { cookie, body })
        const where = `${method} ${url(raw)} → ${res.statusCode} ${res.body}`
        expect(res.statusCode, where).toBeLessThan(500)
        const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(raw)
        expect([isUuid ? 404 : 400], where).toContain(res.statusCode)
        expectCleanError(res, where)
      }),
      { numRuns: RUNS * 2 },
    )
    expect(await state()).toEqual(before)
  })
})
