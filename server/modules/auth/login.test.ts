import type { LightMyRequestResponse } from 'fastify'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { sessions } from '../../db/schema'
import {
  APP_URL,
  createTestApp,
  newAccount,
  register,
  sessionCookie,
  signedInAdmin,
  type TestApp,
} from '../../test/harness'
import { linkIn, tokenFrom } from '../../test/smtp-capture'
import { passwords } from './passwords'
import { ROLE_PERMISSIONS } from '../../test/factories'
import { accountsByEmail } from '../../test/accounts'

let t: TestApp
/** Per-IP limit of 3 failures a minute; per-account limit left at its default (10 in 15 minutes). */
let ipLimited: TestApp
/** Attempts on one account are slowed past 3 failures from anywhere (for 10 ms, in tests). */
let ceiling: TestApp
beforeAll(async () => {
  ;[t, ipLimited, ceiling] = await Promise.all([
    createTestApp(),
    createTestApp({ env: { RATE_LIMIT_LOGIN_FAILURES_PER_IP: '3' } }),
    createTestApp({
      env: { RATE_LIMIT_LOGIN_ACCOUNT_CEILING: '3', RATE_LIMIT_LOGIN_SLOWDOWN_SECONDS: '0.01' },
    }),
  ])
})
afterAll(async () => Promise.all([t?.close(), ipLimited?.close(), ceiling?.close()]))
afterEach(() => vi.restoreAllMocks())

const login = (app: TestApp, email: string, password: string, cookie?: string) =>
  app.request('POST', '/api/auth/login', { body: { email, password }, cookie })

/** A login from another client address (the harness always uses 127.0.0.1). */
const loginFrom = (
  app: TestApp,
  ip: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
) =>
  app.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    headers: { origin: APP_URL, 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({ email, password }),
  })

const userRow = async (app: TestApp, email: string) =>
  (await accountsByEmail(app.app.db, email))[0]!

function expectRateLimited(res: LightMyRequestResponse, maxSeconds: number) {
  expect(res.statusCode).toBe(429)
  expect(res.json()).toEqual({ message: expect.stringMatching(/try again/i), code: 'RATE_LIMITED' })
  const retryAfter = Number(res.headers['retry-after'])
  expect(Number.isInteger(retryAfter)).toBe(true)
  expect(retryAfter).toBeGreaterThan(0)
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds)
  expect(res.cookies).toHaveLength(0)
}

describe('POST /api/auth/login', () => {
  it('signs in: 200 with the user and company, and a session cookie', async () => {
    const { account, user } = await signedInAdmin(t)
    const res = await login(t, account.email, account.password)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      user: {
        id: user.id,
        firstName: account.firstName,
        lastName: account.lastName,
        email: account.email,
        role: 'admin',
        clientId: null,
        company: { id: user.company.id, name: account.companyName, dateFormat: 'month-first' },
        permissions: ROLE_PERMISSIONS.admin,
        mfaSetupRequired: false,
      },
    })
    const me = await t.request('GET', '/api/auth/me', { cookie: sessionCookie(res) })
    expect(me.statusCode).toBe(200)
    expect(me.json()).toEqual(res.json().user)
  })

  it('accepts the e-mail in any case and with surrounding spaces', async () => {
    const { account } = await signedInAdmin(t)
    const res = await login(t, `  ${account.email.toUpperCase()}  `, account.password)
    expect(res.statusCode).toBe(200)
  })

  it('records the time of the last sign-in', async () => {
    const { account } = await signedInAdmin(t)
    t.clock.advance(60_000)
    const at = t.clock().getTime()
    expect((await login(t, account.email, account.password)).statusCode).toBe(200)
    const { lastLoginAt } = await userRow(t, account.email)
    expect(Math.abs(lastLoginAt!.getTime() - at)).toBeLessThan(5_000)
  })

  it('sets an HttpOnly, SameSite=Lax, Path=/ cookie without Secure over http, carrying >= 128 random bits', async () => {
    const { account } = await signedInAdmin(t)
    const res = await login(t, account.email, account.password)
    const header = String(res.headers['set-cookie'])
    expect(header).toMatch(/^session=/)
    expect(header).toMatch(/;\s*HttpOnly/i)
    expect(header).toMatch(/;\s*SameSite=Lax/i)
    expect(header).toMatch(/;\s*Path=\/(;|$)/)
    expect(header).not.toMatch(/;\s*Secure/i)
    expect(header).not.toMatch(/;\s*Domain=/i)
    const cookie = res.cookies.find((c) => c.name === 'session')!
    expect(Buffer.from(cookie.value, 'base64url').length).toBeGreaterThanOrEqual(16)
  })

  it('issues a new token at every login; the database holds only its hash', async () => {
    const { account, cookie: first } = await signedInAdmin(t)
    const second = sessionCookie(await login(t, account.email, account.password))
    // Logging in while already holding a session still rotates the token.
    const third = sessionCookie(await login(t, account.email, account.password, second))
    expect(new Set([first, second, third]).size).toBe(3)

    const rows = await t.app.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, (await userRow(t, account.email)).id))
    expect(rows).toHaveLength(3)
    const stored = JSON.stringify(rows)
    for (const cookie of [first, second, third]) expect(stored).not.toContain(cookie.split('=')[1])
  })

  it('ignores a session value planted before login (no session fixation)', async () => {
    const { account } = await signedInAdmin(t)
    const planted = 'session=attacker-chosen-value-0123456789abcdef'
    const res = await login(t, account.email, account.password, planted)
    expect(res.statusCode).toBe(200)
    expect(sessionCookie(res)).not.toBe(planted)
    expect((await t.request('GET', '/api/auth/me', { cookie: planted })).statusCode).toBe(401)
  })

  describe('refusals that do not reveal whether the account exists', () => {
    it('unknown e-mail and wrong password: the same 401 body, and the hasher verifies exactly once in both cases', async () => {
      const { account } = await signedInAdmin(t)
      const verify = vi.spyOn(passwords, 'verify')

      const unknown = await login(t, newAccount().email, account.password)
      expect(verify).toHaveBeenCalledTimes(1)
      const wrong = await login(t, account.email, 'wrong password')
      expect(verify).toHaveBeenCalledTimes(2)

      expect(unknown.statusCode).toBe(401)
      expect(unknown.json()).toEqual({
        message: 'Invalid email or password',
        code: 'INVALID_CREDENTIALS',
      })
      expect(wrong.statusCode).toBe(unknown.statusCode)
      expect(wrong.body).toBe(unknown.body)
      expect(wrong.headers['content-type']).toBe(unknown.headers['content-type'])
      expect(wrong.cookies).toEqual([])
      expect(unknown.cookies).toEqual([])
    })

    it('an unverified account: 403 EMAIL_NOT_VERIFIED only after the right password, 401 otherwise', async () => {
      const { account, response } = await register(t)
      expect(response.statusCode).toBe(201)
      const verify = vi.spyOn(passwords, 'verify')

      const wrong = await login(t, account.email, 'wrong password')
      expect(wrong.statusCode).toBe(401)
      expect(wrong.body).toBe((await login(t, newAccount().email, 'wrong password')).body)

      verify.mockClear()
      const right = await login(t, account.email, account.password)
      expect(verify).toHaveBeenCalledTimes(1)
      expect(right.statusCode).toBe(403)
      expect(right.json()).toEqual({
        message: expect.stringMatching(/verify your email/i),
        code: 'EMAIL_NOT_VERIFIED',
      })
      expect(right.cookies).toEqual([])
      const rows = await t.app.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, (await userRow(t, account.email)).id))
      expect(rows).toHaveLength(0)
    })

    it('invalid bodies → 400 naming the field, without running the hasher', async () => {
      const verify = vi.spyOn(passwords, 'verify')
      const cases: Array<[unknown, string]> = [
        [{ email: 'a@example.com' }, 'password'],
        [{ password: 'secret123' }, 'email'],
        [{ email: 'not-an-email', password: 'secret123' }, 'email'],
        [{ email: 'a@example.com', password: '' }, 'password'],
        [{ email: 'a@example.com', password: 'p'.repeat(129) }, 'password'],
        [{ email: 'a@example.com', password: 12345678 }, 'password'],
        [{ email: { $ne: null }, password: 'secret123' }, 'email'],
        [{ email: 'a@example.com', password: 'secret123', role: 'admin' }, 'role'],
        [{ email: 'a@example.com', password: 'secret123', remember: true }, 'remember'],
      ]
      for (const [body, path] of cases) {
        const res = await t.request('POST', '/api/auth/login', { body })
        expect(res.statusCode, JSON.stringify(body)).toBe(400)
        expect(res.json().code).toBe('VALIDATION')
        expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path)
      }
      expect(verify).not.toHaveBeenCalled()
    })
  })

  describe('brute force, per account and address: at most 10 failures in 15 minutes', () => {
    it('the 11th attempt from that address → 429 with Retry-After, the right password too, until the window passes; the owner elsewhere signs in', async () => {
      const { account } = await signedInAdmin(t)
      for (let i = 1; i <= 10; i++) {
        const res = await login(t, account.email, `wrong password ${i}`)
        expect(res.statusCode, `attempt ${i}`).toBe(401)
      }
      expectRateLimited(await login(t, account.email, 'wrong password 11'), 15 * 60)
      expectRateLimited(await login(t, account.email, account.password), 15 * 60)
      // Whoever guessed cannot lock the owner out: from their own address they sign in.
      expect((await loginFrom(t, '203.0.113.9', account.email, account.password)).statusCode).toBe(
        200,
      )
      // Another account on the guessing address is not affected.
      const other = await signedInAdmin(t)
      expect((await login(t, other.account.email, other.account.password)).statusCode).toBe(200)

      t.clock.advance(14 * 60_000)
      expectRateLimited(await login(t, account.email, account.password), 60)
      t.clock.advance(60_000 + 1_000)
      const res = await login(t, account.email, account.password)
      expect(res.statusCode).toBe(200)
    })

    it('25 wrong passwords at once from one address: 10 are checked, 15 refused before the hasher runs', async () => {
      const { account } = await signedInAdmin(t)
      const verify = vi.spyOn(passwords, 'verify')
      const answers = await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          loginFrom(t, '198.51.100.25', account.email, `parallel guess ${i}`),
        ),
      )
      const statuses = answers.map((res) => res.statusCode).sort()
      expect(statuses).toEqual([...Array(10).fill(401), ...Array(15).fill(429)])
      expect(verify).toHaveBeenCalledTimes(10)
      t.clock.advance(15 * 60_000 + 1_000)
    })

    it('a password reset clears the account’s counters, whatever address guessed', async () => {
      const { account } = await signedInAdmin(t)
      for (const ip of ['203.0.113.40', '203.0.113.41'])
        for (let i = 0; i < 11; i++) await loginFrom(t, ip, account.email, 'wrong password')
      expectRateLimited(await loginFrom(t, '203.0.113.40', account.email, account.password), 900)
      await t.request('POST', '/api/auth/forgot-password', { body: { email: account.email } })
      const token = tokenFrom(
        linkIn(await t.smtp.waitFor(account.email, 1), `${APP_URL}/reset-password?token=`),
      )
      const reset = await t.request('POST', '/api/auth/reset-password', {
        body: { token, password: 'a brand new password' },
      })
      expect(reset.statusCode, reset.body).toBe(200)
      for (const ip of ['203.0.113.40', '203.0.113.41'])
        expect((await loginFrom(t, ip, account.email, 'a brand new password')).statusCode, ip).toBe(
          200,
        )
    })

    it('throttles an unknown e-mail the same way (a 429 does not reveal an account)', async () => {
      const email = newAccount().email
      for (let i = 1; i <= 10; i++)
        expect((await login(t, email, 'wrong password')).statusCode).toBe(401)
      expectRateLimited(await login(t, email, 'wrong password'), 15 * 60)
      t.clock.advance(15 * 60_000 + 1_000)
      expect((await login(t, email, 'wrong password')).statusCode).toBe(401)
    })

    it('does not run the hasher while throttled', async () => {
      const { account } = await signedInAdmin(t)
      for (let i = 1; i <= 10; i++) await login(t, account.email, 'wrong password')
      const verify = vi.spyOn(passwords, 'verify')
      expect((await login(t, account.email, account.password)).statusCode).toBe(429)
      expect(verify).not.toHaveBeenCalled()
      t.clock.advance(15 * 60_000 + 1_000)
    })

    it('counts the account whatever case the e-mail is typed in', async () => {
      const { account } = await signedInAdmin(t)
      for (let i = 1; i <= 10; i++) {
        const email = i % 2 ? account.email.toUpperCase() : ` ${account.email}`
        expect((await login(t, email, 'wrong password')).statusCode).toBe(401)
      }
      expectRateLimited(await login(t, account.email, account.password), 15 * 60)
      t.clock.advance(15 * 60_000 + 1_000)
    })
  })

  describe('brute force on one account from many addresses (RATE_LIMIT_LOGIN_ACCOUNT_CEILING)', () => {
    it('past the ceiling every attempt on the account is slowed, never refused: the owner still signs in', async () => {
      const { account } = await signedInAdmin(ceiling)
      for (let i = 0; i < 6; i++) {
        const res = await loginFrom(ceiling, `192.0.2.${i + 10}`, account.email, 'wrong password')
        expect(res.statusCode).toBe(401)
      }
      const slowed = () =>
        ceiling.logs.filter((line) => line.includes('"event":"auth.login.slowed"')).length
      expect(slowed()).toBe(3)
      const owner = await loginFrom(ceiling, '192.0.2.200', account.email, account.password)
      expect(owner.statusCode).toBe(200)
      expect(slowed()).toBe(4)
    })
  })

  describe('brute force, per IP address (RATE_LIMIT_LOGIN_FAILURES_PER_IP a minute)', () => {
    it('after that many failures over different accounts, every login from the address → 429 until the minute passes', async () => {
      const a = await signedInAdmin(ipLimited)
      const b = await signedInAdmin(ipLimited)
      const ip = '198.51.100.7'
      expect((await loginFrom(ipLimited, ip, a.account.email, 'wrong password')).statusCode).toBe(
        401,
      )
      expect((await loginFrom(ipLimited, ip, b.account.email, 'wrong password')).statusCode).toBe(
        401,
      )
      expect(
        (await loginFrom(ipLimited, ip, newAccount().email, 'wrong password')).statusCode,
      ).toBe(401)

      expectRateLimited(await loginFrom(ipLimited, ip, newAccount().email, 'wrong password'), 60)
      // The right password of an account never tried is refused from that address too...
      const c = await signedInAdmin(ipLimited)
      expectRateLimited(await loginFrom(ipLimited, ip, c.account.email, c.account.password), 60)
      // ...and a spoofed X-Forwarded-For does not help (no proxy is trusted by default).
      expectRateLimited(
        await loginFrom(ipLimited, ip, c.account.email, c.account.password, {
          'x-forwarded-for': '192.0.2.1',
        }),
        60,
      )
      // Other addresses are not affected.
      expect(
        (await loginFrom(ipLimited, '198.51.100.8', a.account.email, a.account.password))
          .statusCode,
      ).toBe(200)

      ipLimited.clock.advance(60_000 + 1_000)
      expect((await loginFrom(ipLimited, ip, c.account.email, c.account.password)).statusCode).toBe(
        200,
      )
    })
  })
})
