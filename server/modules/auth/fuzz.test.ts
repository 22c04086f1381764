import fc from 'fast-check'
import { count } from 'drizzle-orm'
import type { z } from 'zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  emailOnlyInput,
  loginInput,
  registerInput,
  resetPasswordInput,
  verifyEmailInput,
} from '@shared/schemas/auth'
import { oneTimeTokens, organizations, sessions, users } from '../../db/schema'
import { withoutPoisonedKeys } from '../../test/fuzz'
import {
  createTestApp,
  newAccount,
  signedInAdmin,
  solveCaptcha,
  type TestApp,
} from '../../test/harness'

/**
 * Property-based fuzzing of every accounts route that takes a body: whatever arrives, the answer is
 * a 4xx in the one error shape (or the route's neutral answer when the body is valid), never a
 * 5xx, and nothing is stored.
 */

let t: TestApp
let known: { email: string; password: string }
beforeAll(async () => {
  t = await createTestApp()
  const admin = await signedInAdmin(t)
  known = { email: admin.account.email, password: admin.account.password }
})
afterAll(async () => t?.close())

const RUNS = 60

async function counts() {
  const n = async (
    table: typeof users | typeof organizations | typeof sessions | typeof oneTimeTokens,
  ) => (await t.app.db.select({ n: count() }).from(table))[0]!.n
  return {
    users: await n(users),
    organizations: await n(organizations),
    sessions: await n(sessions),
    tokens: await n(oneTimeTokens),
  }
}

/** Sends `payload` as a JSON request body, exactly as given (undefined: no body). */
function post(url: string, payload: string | undefined) {
  return t.request('POST', url, {
    body: payload,
    headers: { 'content-type': 'application/json' },
  })
}

type Route = {
  url: string
  schema: z.ZodType
  /** Statuses allowed when the body passes the shared schema (it is still not a valid request). */
  whenValid: number[]
  /** Its success sets the registering browser's cookie (verify-binding.ts), and no other. */
  bindsBrowser?: true
}

const routes: Record<string, Route> = {
  register: {
    url: '/api/auth/register',
    schema: registerInput,
    whenValid: [400],
    bindsBrowser: true,
  },
  login: { url: '/api/auth/login', schema: loginInput, whenValid: [401, 429] },
  'verify-email': { url: '/api/auth/verify-email', schema: verifyEmailInput, whenValid: [400] },
  'forgot-password': { url: '/api/auth/forgot-password', schema: emailOnlyInput, whenValid: [200] },
  'reset-password': {
    url: '/api/auth/reset-password',
    schema: resetPasswordInput,
    whenValid: [400],
  },
  'resend-verification': {
    url: '/api/auth/resend-verification',
    schema: emailOnlyInput,
    whenValid: [200],
    bindsBrowser: true,
  },
}

/** Sends `value` as JSON and checks the answer against what the shared schema says of it. */
async function check(route: Route, value: unknown) {
  const json = JSON.stringify(value)
  const res = await post(route.url, json)
  const seen = json === undefined ? undefined : JSON.parse(json)
  const valid = route.schema.safeParse(seen).success
  const where = `${route.url} ${json?.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`
  expect(res.statusCode, where).toBeLessThan(500)
  if (valid) {
    expect(route.whenValid, where).toContain(res.statusCode)
  } else {
    expect(res.statusCode, where).toBe(400)
  }
  if (res.statusCode >= 400) {
    const body = res.json<Record<string, unknown>>()
    expect(typeof body.message, where).toBe('string')
    expect(typeof body.code, where).toBe('string')
    expect(
      Object.keys(body).every((k) => ['message', 'code', 'errors'].includes(k)),
      where,
    ).toBe(true)
  }
  if (route.bindsBrowser && res.statusCode < 300)
    expect(
      res.cookies.map((c) => c.name),
      where,
    ).toEqual(['verify'])
  else expect(res.headers['set-cookie'], where).toBeUndefined()
}

/** JSON-ish values of every shape, including the awkward ones (-0, NaN, undefined, deep nesting). */
const anyValue = fc.oneof(
  fc.anything(),
  fc.jsonValue(),
  fc.object(),
  fc.array(fc.anything(), { maxLength: 5 }),
)

/** Any value that is not a string: wrong for every field of these bodies. */
const notAString = withoutPoisonedKeys(
  fc.oneof(
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.jsonValue(), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue(), { maxKeys: 3 }),
  ),
)

/** A body's fields as arbitrary values of the wrong or right type, sometimes missing, sometimes extra. */
function looseRecord(fields: string[]) {
  const value = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.emailAddress(),
    notAString,
    fc.string({ minLength: 250, maxLength: 300 }),
  )
  return fc
    .tuple(
      fc.record(Object.fromEntries(fields.map((f) => [f, value])), { requiredKeys: [] }),
      fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue({ maxDepth: 1 }), {
        maxKeys: 2,
      }),
    )
    .map(([record, extra]) => ({ ...extra, ...record }))
}

const fields: Record<string, string[]> = {
  register: [
    'firstName',
    'lastName',
    'email',
    'password',
    'companyName',
    'companySize',
    'companyPhone',
    'companyIndustry',
    'captchaToken',
  ],
  login: ['email', 'password'],
  'verify-email': ['token'],
  'forgot-password': ['email'],
  'reset-password': ['token', 'password'],
  'resend-verification': ['email'],
}

describe.each(Object.entries(routes))('POST %s', (name, route) => {
  it('arbitrary JSON values → never 5xx, 400 unless the shared schema accepts them, nothing stored', async () => {
    const before = await counts()
    await fc.assert(
      fc.asyncProperty(anyValue, (value) => check(route, value)),
      { numRuns: RUNS },
    )
    expect(await counts()).toEqual(before)
  })

  it('records with wrong types, missing and unknown fields → never 5xx, nothing stored', async () => {
    const before = await counts()
    await fc.assert(
      fc.asyncProperty(looseRecord(fields[name]!), (value) => check(route, value)),
      { numRuns: RUNS },
    )
    expect(await counts()).toEqual(before)
  })

  it('raw bodies that may not be JSON at all → 4xx', async () => {
    const before = await counts()
    const raw = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.json(),
      fc.string({ unit: 'binary', maxLength: 30 }),
    )
    await fc.assert(
      fc.asyncProperty(raw, async (payload) => {
        const res = await post(route.url, payload)
        expect(res.statusCode, `${payload} → ${res.body}`).toBeGreaterThanOrEqual(400)
        expect(res.statusCode, `${payload} → ${res.body}`).toBeLessThan(500)
      }),
      {
        numRuns: RUNS,
        examples: [
          ['{"a":'],
          [''],
          ['\u0000'],
          ['{"__proto__":{"x":1}}'],
          ['[]'],
          ['"x"'],
          ['1e999'],
          ['{"email":"\\ud800"}'],
        ],
      },
    )
    expect(await counts()).toEqual(before)
  })
})

describe('deeper fuzzing behind validation', () => {
  it('register: one field of a valid body replaced by a wrong value → 400 naming that field, nothing stored', async () => {
    const captchaToken = await solveCaptcha(t)
    const before = await counts()
    const body = { ...newAccount(), captchaToken }
    const field = fc.constantFrom(...fields.register!)
    const wrong = fc.oneof(notAString, fc.constant(''))
    await fc.assert(
      fc.asyncProperty(field, wrong, async (key, value) => {
        const res = await post('/api/auth/register', JSON.stringify({ ...body, [key]: value }))
        expect(res.statusCode, `${key}=${JSON.stringify(value)}`).toBe(400)
        expect(res.json<{ errors: Array<{ path: string }> }>().errors.map((e) => e.path)).toContain(
          key,
        )
      }),
      { numRuns: RUNS },
    )
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.string({ minLength: 1, maxLength: 20 }).filter((k) => !fields.register!.includes(k)),
          fc.jsonValue({ maxDepth: 1 }),
          { minKeys: 1, maxKeys: 3 },
        ),
        async (extra) => {
          const res = await post('/api/auth/register', JSON.stringify({ ...body, ...extra }))
          expect(res.statusCode).toBe(400)
        },
      ),
      { numRuns: 30 },
    )
    expect(await counts()).toEqual(before)
    // The solved human check was never spent by the refused bodies.
    expect((await post('/api/auth/register', JSON.stringify(body))).statusCode).toBe(201)
  })

  it('register: forged or mangled human-check payloads → 400 CAPTCHA_FAILED, never 5xx, nothing stored', async () => {
    const genuine = JSON.parse(Buffer.from(await solveCaptcha(t), 'base64').toString('utf8')) as {
      challenge: { parameters: Record<string, unknown>; signature: string }
      solution: { counter: number; derivedKey: string }
    }
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value) ?? '').toString('base64')
    const mangled = fc.oneof(
      fc.record({ challenge: fc.anything(), solution: fc.anything() }).map(b64),
      // Payloads shaped like the real one, with any part of any type.
      fc
        .record(
          {
            challenge: fc.oneof(
              fc.constant(null),
              fc.jsonValue({ maxDepth: 1 }),
              fc.record({
                parameters: fc.oneof(fc.constant(null), fc.jsonValue({ maxDepth: 1 })),
                signature: fc.jsonValue({ maxDepth: 0 }),
              }),
            ),
            solution: fc.oneof(
              fc.constant(null),
              fc.jsonValue({ maxDepth: 1 }),
              fc.record({
                counter: fc.jsonValue({ maxDepth: 0 }),
                derivedKey: fc.jsonValue({ maxDepth: 0 }),
              }),
            ),
          },
          { requiredKeys: ['challenge', 'solution'] },
        )
        .map(b64),
      fc.jsonValue().map(b64),
      fc.string({ minLength: 1, maxLength: 200 }),
      fc
        .tuple(fc.constantFrom(...Object.keys(genuine.challenge.parameters)), fc.jsonValue())
        .map(([key, value]) =>
          b64({
            ...genuine,
            challenge: {
              ...genuine.challenge,
              parameters: { ...genuine.challenge.parameters, [key]: value },
            },
          }),
        ),
      fc
        .oneof(
          fc.jsonValue(),
          fc.string({ maxLength: 80 }),
          fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 }),
        )
        .map((signature) => b64({ ...genuine, challenge: { ...genuine.challenge, signature } })),
      fc
        .oneof(fc.jsonValue(), fc.string({ maxLength: 80 }))
        .map((derivedKey) => b64({ ...genuine, solution: { ...genuine.solution, derivedKey } })),
    )
    const before = await counts()
    const body = newAccount()
    await fc.assert(
      fc.asyncProperty(mangled, async (captchaToken) => {
        fc.pre(captchaToken !== b64(genuine))
        const res = await post('/api/auth/register', JSON.stringify({ ...body, captchaToken }))
        expect(res.statusCode, `${captchaToken.slice(0, 120)} → ${res.body}`).toBe(400)
        expect(res.json().code).toMatch(/^(CAPTCHA_FAILED|VALIDATION)$/)
      }),
      { numRuns: 100 },
    )
    expect(await counts()).toEqual(before)
    expect(
      (await post('/api/auth/register', JSON.stringify({ ...body, captchaToken: b64(genuine) })))
        .statusCode,
    ).toBe(201)
  })

  it('login: well-formed e-mails (the known account included) with arbitrary passwords → 401/429, no session', async () => {
    const before = await counts()
    const email = fc.oneof(
      fc.emailAddress(),
      fc.constant(known.email),
      fc.constant(known.email.toUpperCase()),
    )
    const password = fc
      .string({ minLength: 1, maxLength: 128, unit: 'grapheme' })
      .filter((p) => p !== known.password)
    await fc.assert(
      fc.asyncProperty(fc.record({ email, password }), (value) => check(routes.login!, value)),
      { numRuns: 40 },
    )
    expect(await counts()).toEqual(before)
  })

  it('forgot-password and resend-verification: arbitrary well-formed unknown e-mails → the neutral 200, nothing stored', async () => {
    const before = await counts()
    const email = fc.emailAddress().filter((e) => e.toLowerCase() !== known.email)
    await fc.assert(
      fc.asyncProperty(
        email,
        fc.constantFrom(routes['forgot-password']!, routes['resend-verification']!),
        (value, route) => check(route, { email: value }),
      ),
      { numRuns: RUNS },
    )
    expect(await counts()).toEqual(before)
  })

  it('verify-email and reset-password: arbitrary tokens → 400, nothing changes', async () => {
    const before = await counts()
    const token = fc.oneof(
      fc.string({ maxLength: 220 }),
      fc.base64String({ maxLength: 60 }),
      fc.string({ unit: 'grapheme', maxLength: 60 }),
    )
    await fc.assert(
      fc.asyncProperty(token, (value) => check(routes['verify-email']!, { token: value })),
      { numRuns: RUNS },
    )
    await fc.assert(
      fc.asyncProperty(token, fc.string({ minLength: 6, maxLength: 40 }), (value, password) =>
        check(routes['reset-password']!, { token: value, password }),
      ),
      { numRuns: RUNS },
    )
    expect(await counts()).toEqual(before)
    // The known account still signs in (once any throttle from the login fuzzing has passed).
    t.clock.advance(16 * 60_000)
    expect((await t.request('POST', '/api/auth/login', { body: known })).statusCode).toBe(200)
  })
})
