import type { Challenge } from 'altcha-lib'
import { count, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { COMPANY_SIZES, INDUSTRIES } from '@shared/constants'
import { oneTimeTokens, organizations, users } from '../../db/schema'
import {
  APP_URL,
  createTestApp,
  newAccount,
  register,
  solveCaptcha,
  type TestApp,
  verifyCookie,
} from '../../test/harness'
import { linkIn, tokenFrom } from '../../test/smtp-capture'
import { passwords } from './passwords'
import { accountsByEmail } from '../../test/accounts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())
afterEach(() => vi.restoreAllMocks())

async function rowCounts() {
  const [u] = await t.app.db.select({ n: count() }).from(users)
  const [o] = await t.app.db.select({ n: count() }).from(organizations)
  const [k] = await t.app.db.select({ n: count() }).from(oneTimeTokens)
  return { users: u!.n, organizations: o!.n, tokens: k!.n }
}

const userByEmail = async (email: string) => (await accountsByEmail(t.app.db, email))[0]

/** Everything that arrives in the SMTP server once the app has handed over every queued mail. */
async function mailsTo(email: string) {
  await t.app.jobs.idle()
  return t.smtp.to(email)
}

type Registration = Awaited<ReturnType<typeof register>>

/** The registration's first mailed link, opened in the registering browser; then a sign-in. */
async function verifyAndLogin(
  { account, response }: Registration,
  password: string = account.password,
) {
  const mail = await t.smtp.waitFor(account.email)
  const token = tokenFrom(linkIn(mail, `${APP_URL}/verify-email?token=`))
  const verified = await t.request('POST', '/api/auth/verify-email', {
    body: { token },
    cookie: verifyCookie(response),
  })
  expect(verified.statusCode).toBe(200)
  return t.request('POST', '/api/auth/login', { body: { email: account.email, password } })
}

describe('GET /api/auth/captcha', () => {
  it('returns a signed ALTCHA challenge that expires in 5 minutes', async () => {
    const res = await t.request('GET', '/api/auth/captcha')
    expect(res.statusCode).toBe(200)
    const challenge = res.json<Challenge>()
    expect(typeof challenge.signature).toBe('string')
    expect(challenge.parameters.nonce).toEqual(expect.any(String))
    const expiresAt = challenge.parameters.expiresAt! * 1000
    const expected = t.clock().getTime() + 5 * 60_000
    expect(Math.abs(expiresAt - expected)).toBeLessThan(5_000)
  })

  it('gives a different challenge each time', async () => {
    const a = (await t.request('GET', '/api/auth/captcha')).json<Challenge>()
    const b = (await t.request('GET', '/api/auth/captcha')).json<Challenge>()
    expect(a.parameters.nonce).not.toBe(b.parameters.nonce)
  })

  it('is announced by /api/config as the ALTCHA provider, beside the upload limits', async () => {
    const res = await t.request('GET', '/api/config')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      captcha: { provider: 'altcha', challengeUrl: '/api/auth/captcha' },
      uploads: { maxFileBytes: 25 * 1024 * 1024, maxFilesPerRequest: 20 },
    })
  })
})

describe('POST /api/auth/register', () => {
  it('creates the company and its first user (admin, unverified) and mails a verification link', async () => {
    const account = newAccount({
      companySize: '51-200 employees',
      companyIndustry: 'Healthcare',
      companyPhone: '+44 20 7946 0000',
    })
    const res = await t.request('POST', '/api/auth/register', {
      body: { ...account, captchaToken: await solveCaptcha(t) },
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toEqual({ email: account.email })

    const user = await userByEmail(account.email)
    expect(user).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'admin',
      emailVerifiedAt: null,
    })
    const [org] = await t.app.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, user!.organizationId))
    expect(org).toMatchObject({
      name: account.companyName,
      size: '51-200 employees',
      industry: 'Healthcare',
      phone: '+44 20 7946 0000',
    })

    const mail = await t.smtp.waitFor(account.email)
    expect(mail.subject).toBe('Verify your email address')
    const link = linkIn(mail, `${APP_URL}/verify-email?token=`)
    expect(tokenFrom(link).length).toBeGreaterThan(20)
  })

  it('the first user can verify and sign in as the admin of the new company', async () => {
    const registration = await register(t)
    const { account, response } = registration
    expect(response.statusCode).toBe(201)
    const login = await verifyAndLogin(registration)
    expect(login.statusCode).toBe(200)
    expect(login.json().user).toMatchObject({
      email: account.email,
      role: 'admin',
      company: { name: account.companyName },
    })
  })

  it('normalises the e-mail (trim, lower case) and trims the text fields', async () => {
    const base = newAccount()
    const { response } = await register(t, {
      email: `  ${base.email.toUpperCase()} `,
      firstName: '  Grace ',
      companyName: `  ${base.companyName}  `,
    })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual({ email: base.email })
    const user = await userByEmail(base.email)
    expect(user?.firstName).toBe('Grace')
    const [org] = await t.app.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, user!.organizationId))
    expect(org?.name).toBe(base.companyName)
  })

  it('accepts every company size and industry from the shared lists', async () => {
    for (const [i, companySize] of COMPANY_SIZES.entries()) {
      const companyIndustry = INDUSTRIES[i % INDUSTRIES.length]!
      const { response } = await register(t, { companySize, companyIndustry })
      expect(response.statusCode, `${companySize} / ${companyIndustry}`).toBe(201)
    }
    for (const companyIndustry of INDUSTRIES.slice(COMPANY_SIZES.length)) {
      const { response } = await register(t, { companyIndustry })
      expect(response.statusCode, companyIndustry).toBe(201)
    }
  })

  describe('an e-mail that already has a verified account', () => {
    it('answers exactly like a new registration, stores nothing and mails the owner a notice', async () => {
      const owner = await register(t)
      const { account, response: first } = owner
      expect(first.statusCode).toBe(201)
      expect((await verifyAndLogin(owner)).statusCode).toBe(200)
      const before = await rowCounts()
      const ownerBefore = await userByEmail(account.email)

      const again = await t.request('POST', '/api/auth/register', {
        body: {
          ...newAccount({ email: account.email.toUpperCase(), password: 'another password' }),
          captchaToken: await solveCaptcha(t),
        },
      })
      expect(again.statusCode).toBe(first.statusCode)
      expect(again.body).toBe(first.body)
      expect(again.headers['content-type']).toBe(first.headers['content-type'])

      expect(await rowCounts()).toEqual(before)
      expect(await userByEmail(account.email)).toEqual(ownerBefore)

      const notice = await t.smtp.waitFor(account.email, 1)
      expect(notice.subject).toBe('You already have an AuditDesk account')
      expect(notice.body).toContain(`${APP_URL}/login`)
      expect(notice.body).toContain(`${APP_URL}/forgot-password`)
      expect(notice.body).not.toContain('/verify-email?token=')
      expect(await mailsTo(account.email)).toHaveLength(2)
    })

    it('keeps the owner’s password: the newcomer’s password does not sign in', async () => {
      const owner = await register(t)
      expect((await verifyAndLogin(owner)).statusCode).toBe(200)
      await register(t, { email: owner.account.email, password: 'attacker password' })
      const attacker = await t.request('POST', '/api/auth/login', {
        body: { email: owner.account.email, password: 'attacker password' },
      })
      expect(attacker.statusCode).toBe(401)
      const login = await t.request('POST', '/api/auth/login', {
        body: { email: owner.account.email, password: owner.account.password },
      })
      expect(login.statusCode).toBe(200)
    })

    it('runs the password hasher once, as for a new e-mail', async () => {
      const owner = await register(t)
      expect((await verifyAndLogin(owner)).statusCode).toBe(200)
      const hash = vi.spyOn(passwords, 'hash')
      await register(t)
      expect(hash).toHaveBeenCalledTimes(1)
      await register(t, { email: owner.account.email })
      expect(hash).toHaveBeenCalledTimes(2)
    })
  })

  // Account pre-hijack: someone registers another person's address first and keeps the link fresh.
  describe('an e-mail registered but never verified', () => {
    it('a new registration replaces it: its password, names, company and links', async () => {
      const email = newAccount().email
      const attacker = await register(t, {
        email,
        firstName: 'Mallory',
        lastName: 'Mallet',
        companyName: 'Mallory Holdings',
        password: 'attacker password 1',
      })
      expect(attacker.response.statusCode).toBe(201)
      const attackerLink = tokenFrom(
        linkIn(await t.smtp.waitFor(email), `${APP_URL}/verify-email?token=`),
      )
      const before = await rowCounts()

      const victim = await register(t, {
        email,
        firstName: 'Victoria',
        lastName: 'Vale',
        companyName: 'Vale & Partners',
        password: 'victoria password 2',
      })
      expect(victim.response.statusCode).toBe(201)
      expect(victim.response.body).toBe(attacker.response.body)
      const mail = await t.smtp.waitFor(email, 1)
      // A verification link greeting the newcomer, no "you already have an account" notice.
      expect(mail.subject).toBe('Verify your email address')
      expect(mail.body).toContain('Victoria')
      expect(mail.body).not.toContain('Mallory')
      expect(await mailsTo(email)).toHaveLength(2)
      // Replaced, not added: one company and one user for the address, the newcomer's.
      const after = await rowCounts()
      expect(after.users).toBe(before.users)
      expect(after.organizations).toBe(before.organizations)
      const user = await userByEmail(email)
      expect(user).toMatchObject({ firstName: 'Victoria', lastName: 'Vale', emailVerifiedAt: null })
      const companies = await t.app.db
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.name, 'Mallory Holdings'))
      expect(companies).toEqual([])

      // The first link is gone, even in the browser that registered first.
      const stale = await t.request('POST', '/api/auth/verify-email', {
        body: { token: attackerLink },
        cookie: verifyCookie(attacker.response),
      })
      expect(stale.statusCode).toBe(400)
      expect(stale.json().code).toBe('INVALID_TOKEN')

      const tokenOfVictim = tokenFrom(linkIn(mail, `${APP_URL}/verify-email?token=`))
      const verified = await t.request('POST', '/api/auth/verify-email', {
        body: { token: tokenOfVictim },
        cookie: verifyCookie(victim.response),
      })
      expect(verified.statusCode).toBe(200)
      expect(verified.json().user).toEqual({ firstName: 'Victoria', lastName: 'Vale', email })
      const withAttackerPassword = await t.request('POST', '/api/auth/login', {
        body: { email, password: 'attacker password 1' },
      })
      expect(withAttackerPassword.statusCode).toBe(401)
      const login = await t.request('POST', '/api/auth/login', {
        body: { email, password: 'victoria password 2' },
      })
      expect(login.statusCode).toBe(200)
      expect(login.json().user.company.name).toBe('Vale & Partners')
    })
  })

  describe('passwords', () => {
    it('are stored as argon2id at OWASP parameters (m >= 19 MiB, t >= 2, p = 1), salted per user', async () => {
      const a = await register(t, { password: 'same password' })
      const b = await register(t, { password: 'same password' })
      const hashA = (await userByEmail(a.account.email))!.passwordHash
      const hashB = (await userByEmail(b.account.email))!.passwordHash
      for (const stored of [hashA, hashB]) {
        const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored)
        expect(match, stored).not.toBeNull()
        expect(Number(match![1])).toBeGreaterThanOrEqual(19 * 1024)
        expect(Number(match![2])).toBeGreaterThanOrEqual(2)
        expect(Number(match![3])).toBe(1)
        expect(stored).not.toContain('same password')
      }
      expect(hashA).not.toBe(hashB)
    })

    it('must be at least 6 characters: 5 → 400, 6 → 201', async () => {
      const before = await rowCounts()
      const short = await register(t, { password: '12345' })
      expect(short.response.statusCode).toBe(400)
      expect(short.response.json()).toMatchObject({
        code: 'VALIDATION',
        errors: [{ path: 'password' }],
      })
      expect(await rowCounts()).toEqual(before)
      const six = await register(t, { password: 'q7#Lm2' })
      expect(six.response.statusCode).toBe(201)
    })

    it('refuses the most common passwords and the person’s own e-mail or name, with a clear message', async () => {
      const before = await rowCounts()
      const account = newAccount()
      for (const password of [
        '123456',
        'password',
        'Qwerty123',
        'iloveyou',
        'sunshine',
        account.email,
        account.email.split('@')[0]!,
        'Ada Lovelace',
        'lovelace',
      ]) {
        const res = await register(t, { ...account, password })
        expect(res.response.statusCode, password).toBe(400)
        expect(res.response.json()).toMatchObject({
          code: 'VALIDATION',
          errors: [
            {
              path: 'password',
              message: expect.stringMatching(/common|e-mail address or your name/),
            },
          ],
        })
      }
      expect(await rowCounts()).toEqual(before)
    })

    it('may be up to 128 characters: 128 → 201, 129 → 400', async () => {
      expect((await register(t, { password: 'p'.repeat(128) })).response.statusCode).toBe(201)
      const long = await register(t, { password: 'p'.repeat(129) })
      expect(long.response.statusCode).toBe(400)
      expect(long.response.json()).toMatchObject({ errors: [{ path: 'password' }] })
    })

    it('are never truncated: a 100-character unicode password works, its 72-character prefix does not', async () => {
      // 3 bytes each in UTF-8 (300 bytes in all), with spaces and a few other scripts mixed in.
      const password = Array.from(
        { length: 100 },
        (_, i) => ['密', 'ü', ' ', 'ж', 'ß', 'é', 'ñ', '€', 'ア', 'λ'][i % 10],
      ).join('')
      expect(Array.from(password)).toHaveLength(100)
      const registration = await register(t, { password })
      const { account, response } = registration
      expect(response.statusCode).toBe(201)
      const login = await verifyAndLogin(registration)
      expect(login.statusCode).toBe(200)
      const prefix = Array.from(password).slice(0, 72).join('')
      const truncated = await t.request('POST', '/api/auth/login', {
        body: { email: account.email, password: prefix },
      })
      expect(truncated.statusCode).toBe(401)
      const almost = await t.request('POST', '/api/auth/login', {
        body: { email: account.email, password: password.slice(0, -1) },
      })
      expect(almost.statusCode).toBe(401)
    })

    it('are taken exactly as typed (surrounding spaces are part of the password)', async () => {
      const registration = await register(t, { password: '  spaced out  ' })
      const { account, response } = registration
      expect(response.statusCode).toBe(201)
      expect((await verifyAndLogin(registration, '  spaced out  ')).statusCode).toBe(200)
      const trimmed = await t.request('POST', '/api/auth/login', {
        body: { email: account.email, password: 'spaced out' },
      })
      expect(trimmed.statusCode).toBe(401)
    })
  })

  describe('the human check', () => {
    it('missing → 400 on captchaToken, nothing stored, no mail', async () => {
      const before = await rowCounts()
      const account = newAccount()
      const res = await t.request('POST', '/api/auth/register', { body: account })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ code: 'VALIDATION', errors: [{ path: 'captchaToken' }] })
      const empty = await t.request('POST', '/api/auth/register', {
        body: { ...account, captchaToken: '' },
      })
      expect(empty.statusCode).toBe(400)
      expect(await rowCounts()).toEqual(before)
      expect(await mailsTo(account.email)).toHaveLength(0)
    })

    it('forged, tampered or garbled → 400 CAPTCHA_FAILED, nothing stored', async () => {
      const before = await rowCounts()
      const account = newAccount()
      const real = JSON.parse(Buffer.from(await solveCaptcha(t), 'base64').toString('utf8')) as {
        challenge: Challenge
        solution: { counter: number; derivedKey: string }
      }
      const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64')
      const forgeries = {
        'not base64 JSON': 'definitely-not-a-solution',
        'random bytes': Buffer.from('garbage\u0000\u0001').toString('base64'),
        'wrong solution': b64({
          ...real,
          solution: {
            ...real.solution,
            counter: real.solution.counter + 1,
            derivedKey: '00'.repeat(32),
          },
        }),
        'unsigned challenge': b64({
          ...real,
          challenge: { ...real.challenge, signature: undefined },
        }),
        'forged signature': b64({
          ...real,
          challenge: { ...real.challenge, signature: 'a'.repeat(64) },
        }),
        'tampered parameters': b64({
          ...real,
          challenge: {
            ...real.challenge,
            parameters: { ...real.challenge.parameters, expiresAt: 4102444800 },
          },
        }),
        'null challenge': b64({ challenge: null, solution: null }),
        'empty challenge': b64({ challenge: {}, solution: {} }),
        'challenge of wrong type': b64({ challenge: 'x', solution: 1 }),
        'array payload': b64([1, 2, 3]),
      }
      for (const [what, captchaToken] of Object.entries(forgeries)) {
        const res = await t.request('POST', '/api/auth/register', {
          body: { ...account, captchaToken },
        })
        expect(res.statusCode, what).toBe(400)
        expect(res.json(), what).toEqual({
          message: expect.stringMatching(/human verification/i),
          code: 'CAPTCHA_FAILED',
        })
      }
      expect(await rowCounts()).toEqual(before)
      expect(await mailsTo(account.email)).toHaveLength(0)
      // The genuine solution was never consumed by the forgeries built from it.
      const genuine = await t.request('POST', '/api/auth/register', {
        body: { ...account, captchaToken: b64(real) },
      })
      expect(genuine.statusCode).toBe(201)
    })

    it('a solved challenge is accepted once: a replay → 400 and no second account', async () => {
      const captchaToken = await solveCaptcha(t)
      const first = newAccount()
      const second = newAccount()
      expect(
        (await t.request('POST', '/api/auth/register', { body: { ...first, captchaToken } }))
          .statusCode,
      ).toBe(201)
      const before = await rowCounts()
      const replay = await t.request('POST', '/api/auth/register', {
        body: { ...second, captchaToken },
      })
      expect(replay.statusCode).toBe(400)
      expect(replay.json()).toMatchObject({ code: 'CAPTCHA_FAILED' })
      expect(await rowCounts()).toEqual(before)
      expect(await userByEmail(second.email)).toBeUndefined()
    })

    it('a solution is valid just before 5 minutes and refused just after', async () => {
      const early = await solveCaptcha(t)
      const late = await solveCaptcha(t)
      t.clock.advance(5 * 60_000 - 10_000)
      expect(
        (
          await t.request('POST', '/api/auth/register', {
            body: { ...newAccount(), captchaToken: early },
          })
        ).statusCode,
      ).toBe(201)
      t.clock.advance(20_000)
      const before = await rowCounts()
      const expired = await t.request('POST', '/api/auth/register', {
        body: { ...newAccount(), captchaToken: late },
      })
      expect(expired.statusCode).toBe(400)
      expect(expired.json()).toMatchObject({ code: 'CAPTCHA_FAILED' })
      expect(await rowCounts()).toEqual(before)
    })
  })

  describe('input validation (400, nothing stored)', () => {
    const required = [
      'firstName',
      'lastName',
      'email',
      'password',
      'companyName',
      'companySize',
      'companyPhone',
      'companyIndustry',
      'captchaToken',
    ]
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ...required.map((field): [string, Record<string, unknown>, string] => [
        `${field} missing`,
        { [field]: undefined },
        field,
      ]),
      ...required.map((field): [string, Record<string, unknown>, string] => [
        `${field} empty`,
        { [field]: '' },
        field,
      ]),
      ['last name blank', { lastName: '   ' }, 'lastName'],
      ['company phone blank', { companyPhone: ' \t ' }, 'companyPhone'],
      ['e-mail malformed', { email: 'not-an-email' }, 'email'],
      ['company size not in the list', { companySize: '7 employees' }, 'companySize'],
      ['industry not in the list', { companyIndustry: 'Piracy' }, 'companyIndustry'],
      ['first name of the wrong type', { firstName: 42 }, 'firstName'],
      ['e-mail of the wrong type', { email: ['a@example.com'] }, 'email'],
      ['password of the wrong type', { password: { value: 'secret123' } }, 'password'],
      ['company size of the wrong type', { companySize: 3 }, 'companySize'],
      ['captcha of the wrong type', { captchaToken: true }, 'captchaToken'],
      ['phone null', { companyPhone: null }, 'companyPhone'],
      ['huge first name', { firstName: 'x'.repeat(100_000) }, 'firstName'],
      ['huge company name', { companyName: 'x'.repeat(201) }, 'companyName'],
      ['huge e-mail', { email: `${'a'.repeat(250)}@example.com` }, 'email'],
      ['huge captcha token', { captchaToken: 'x'.repeat(20_001) }, 'captchaToken'],
    ]
    it.each(cases)('%s → 400 naming %s', async (_what, change, path) => {
      const before = await rowCounts()
      const body = { ...newAccount(), captchaToken: await solveCaptcha(t), ...change }
      const res = await t.request('POST', '/api/auth/register', { body })
      expect(res.statusCode).toBe(400)
      const json = res.json<{
        message: string
        code: string
        errors: Array<{ path: string; message: string }>
      }>()
      expect(json.code).toBe('VALIDATION')
      expect(json.errors.map((e) => e.path)).toContain(path)
      expect(typeof json.message).toBe('string')
      expect(await rowCounts()).toEqual(before)
    })

    it('unknown fields (mass assignment: role, organizationId, id, timestamps) → 400 naming each field', async () => {
      const before = await rowCounts()
      const body = {
        ...newAccount(),
        captchaToken: await solveCaptcha(t),
        role: 'client',
        organizationId: '00000000-0000-4000-8000-000000000000',
        id: '00000000-0000-4000-8000-000000000001',
        emailVerifiedAt: new Date().toISOString(),
        createdAt: new Date().toISOString(),
      }
      const res = await t.request('POST', '/api/auth/register', { body })
      expect(res.statusCode).toBe(400)
      const paths = res.json<{ errors: Array<{ path: string }> }>().errors.map((e) => e.path)
      expect(paths).toEqual(
        expect.arrayContaining(['role', 'organizationId', 'id', 'emailVerifiedAt', 'createdAt']),
      )
      expect(await rowCounts()).toEqual(before)
    })

    it('names carry no web or e-mail address (they go into mails, where that text would be a link)', async () => {
      const before = await rowCounts()
      for (const [field, value] of [
        ['firstName', 'Visit https://evil.example/login'],
        ['lastName', 'www.evil.example'],
        ['companyName', 'Support: help@evil.example'],
        ['companyName', 'Pay at hxxps://x or ftp://files.example'],
      ] as const) {
        const res = await register(t, { [field]: value })
        expect(res.response.statusCode, value).toBe(400)
        expect(res.response.json()).toMatchObject({
          code: 'VALIDATION',
          errors: [
            {
              path: field,
              message: expect.stringMatching(/cannot contain a web or e-mail address$/),
            },
          ],
        })
      }
      expect(await rowCounts()).toEqual(before)
      // Ordinary names with dots, ampersands and at signs alone are names.
      const fine = await register(t, {
        companyName: 'Smith & Co. Ltd',
        lastName: "O'Brien-Smith Jr.",
      })
      expect(fine.response.statusCode, fine.response.body).toBe(201)
    })

    it('a body that is not an object, malformed JSON or empty → 400', async () => {
      const before = await rowCounts()
      for (const payload of [
        '[]',
        '"text"',
        '42',
        'null',
        '{"firstName":',
        '{firstName: "Ada"}',
        '',
      ]) {
        const res = await t.request('POST', '/api/auth/register', {
          body: payload,
          headers: { 'content-type': 'application/json' },
        })
        expect(res.statusCode, payload).toBe(400)
        expect(res.json(), payload).toEqual(
          expect.objectContaining({
            message: expect.any(String),
            code: expect.stringMatching(/^(VALIDATION|BAD_REQUEST)$/),
          }),
        )
      }
      const none = await t.request('POST', '/api/auth/register')
      expect(none.statusCode).toBe(400)
      expect(await rowCounts()).toEqual(before)
    })

    it('a text/plain or form body → 415 even when it holds valid JSON', async () => {
      const before = await rowCounts()
      const json = JSON.stringify({ ...newAccount(), captchaToken: await solveCaptcha(t) })
      for (const type of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
      ]) {
        const res = await t.request('POST', '/api/auth/register', {
          body: json,
          headers: { 'content-type': type },
        })
        expect(res.statusCode, type).toBe(415)
        expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' })
      }
      expect(await rowCounts()).toEqual(before)
    })

    it('a body over 1 MB → 413', async () => {
      const res = await t.request('POST', '/api/auth/register', {
        body: JSON.stringify({ firstName: 'x'.repeat(1_100_000) }),
        headers: { 'content-type': 'application/json' },
      })
      expect(res.statusCode).toBe(413)
      expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' })
    })
  })
})

describe('POST /api/auth/resend-verification', () => {
  it('answers the same neutral 200 for unknown, unverified and verified e-mails; only the unverified one gets a mail', async () => {
    const unverified = await register(t)
    await t.smtp.waitFor(unverified.account.email)
    const verified = await register(t)
    expect((await verifyAndLogin(verified)).statusCode).toBe(200)
    const unknown = newAccount().email

    const answers = []
    for (const email of [unknown, unverified.account.email, verified.account.email]) {
      const res = await t.request('POST', '/api/auth/resend-verification', { body: { email } })
      answers.push({ status: res.statusCode, body: res.body, type: res.headers['content-type'] })
    }
    expect(answers[0]!.status).toBe(200)
    expect(answers[0]!.body).toMatch(/"message"/)
    expect(answers[1]).toEqual(answers[0])
    expect(answers[2]).toEqual(answers[0])

    expect(await mailsTo(unknown)).toHaveLength(0)
    expect(await mailsTo(verified.account.email)).toHaveLength(1)
    const resent = await t.smtp.waitFor(unverified.account.email, 1)
    expect(resent.subject).toBe('Verify your email address')
    expect(await mailsTo(unverified.account.email)).toHaveLength(2)
  })

  it('the re-sent link verifies the account in the browser that asked for it', async () => {
    const { account } = await register(t)
    await t.smtp.waitFor(account.email)
    const resend = await t.request('POST', '/api/auth/resend-verification', {
      body: { email: account.email.toUpperCase() },
    })
    const mail = await t.smtp.waitFor(account.email, 1)
    const token = tokenFrom(linkIn(mail, `${APP_URL}/verify-email?token=`))
    expect(
      (
        await t.request('POST', '/api/auth/verify-email', {
          body: { token },
          cookie: verifyCookie(resend),
        })
      ).statusCode,
    ).toBe(200)
    const login = await t.request('POST', '/api/auth/login', {
      body: { email: account.email, password: account.password },
    })
    expect(login.statusCode).toBe(200)
  })

  it('validates its body: bad e-mail or unknown fields → 400', async () => {
    for (const body of [
      {},
      { email: 'nope' },
      { email: 1 },
      { email: 'a@example.com', extra: 1 },
    ]) {
      const res = await t.request('POST', '/api/auth/resend-verification', { body })
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().code).toBe('VALIDATION')
    }
  })
})
