import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { oneTimeTokens } from '../../db/schema'
import {
  APP_URL,
  createTestApp,
  newAccount,
  register,
  sessionCookie,
  signedInAdmin,
  solveCaptcha,
  type TestApp,
  verifyCookie,
} from '../../test/harness'
import { linkIn, tokenFrom } from '../../test/smtp-capture'
import { accountsByEmail } from '../../test/accounts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

const HOUR = 60 * 60 * 1000
const VERIFY = `${APP_URL}/verify-email?token=`
const RESET = `${APP_URL}/reset-password?token=`

/** `cookie`: the browser's (verifyCookie of its registration); none: another browser. */
const verifyEmail = (token: unknown, cookie?: string, password?: string) =>
  t.request('POST', '/api/auth/verify-email', { body: { token, password }, cookie })
const resetPassword = (token: unknown, password: unknown) =>
  t.request('POST', '/api/auth/reset-password', { body: { token, password } })
const login = (email: string, password: string) =>
  t.request('POST', '/api/auth/login', { body: { email, password } })
const userRow = async (email: string) => (await accountsByEmail(t.app.db, email))[0]!

/** The token of the n-th mail (0-based) to `email` whose link starts with `prefix`. */
async function mailedToken(email: string, prefix: string, n = 0) {
  return tokenFrom(linkIn(await t.smtp.waitFor(email, n), prefix))
}

async function registered() {
  const { account, response } = await register(t)
  expect(response.statusCode).toBe(201)
  return {
    account,
    token: await mailedToken(account.email, VERIFY),
    cookie: verifyCookie(response),
  }
}

/** A verified, signed-in account and a reset token mailed to it. */
async function withResetToken() {
  const admin = await signedInAdmin(t)
  const mailsBefore = t.smtp.to(admin.account.email).length
  expect(
    (await t.request('POST', '/api/auth/forgot-password', { body: { email: admin.account.email } }))
      .statusCode,
  ).toBe(200)
  return { ...admin, token: await mailedToken(admin.account.email, RESET, mailsBefore) }
}

function expectInvalidToken(
  res: { statusCode: number; json(): unknown },
  kind: 'verification' | 'password reset',
) {
  expect(res.statusCode).toBe(400)
  expect(res.json()).toEqual({
    message: expect.stringContaining(
      `${kind} link is invalid, has expired or has already been used`,
    ),
    code: 'INVALID_TOKEN',
  })
}

describe('one-time tokens at rest', () => {
  it('carry >= 128 random bits and are stored only as a hash', async () => {
    const { account, token } = await registered()
    const reset = await t.request('POST', '/api/auth/forgot-password', {
      body: { email: account.email },
    })
    expect(reset.statusCode).toBe(200)
    const resetToken = await mailedToken(account.email, RESET, 1)

    for (const value of [token, resetToken]) {
      expect(Buffer.from(value, 'base64url').length).toBeGreaterThanOrEqual(16)
    }
    expect(token).not.toBe(resetToken)

    const rows = await t.app.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.userId, (await userRow(account.email)).id))
    expect(rows).toHaveLength(2)
    const stored = JSON.stringify(rows)
    expect(stored).not.toContain(token)
    expect(stored).not.toContain(resetToken)
    // What is stored is a one-way digest of the mailed value.
    const digests = rows.map((r) => r.tokenHash).sort()
    expect(digests).toEqual(
      [token, resetToken].map((v) => createHash('sha256').update(v).digest('hex')).sort(),
    )
  })
})

describe('POST /api/auth/verify-email', () => {
  it('verifies the address: 200 with a message, the user’s name and address; the account can sign in', async () => {
    const { account, token, cookie } = await registered()
    expect((await login(account.email, account.password)).statusCode).toBe(403)
    const res = await verifyEmail(token, cookie)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      message: expect.stringMatching(/verified/i),
      user: { firstName: account.firstName, lastName: account.lastName, email: account.email },
    })
    expect((await userRow(account.email)).emailVerifiedAt).toBeInstanceOf(Date)
    expect((await login(account.email, account.password)).statusCode).toBe(200)
  })

  it('is single use: the second use → 400 with a clear message', async () => {
    const { account, token, cookie } = await registered()
    expect((await verifyEmail(token, cookie)).statusCode).toBe(200)
    expectInvalidToken(await verifyEmail(token, cookie), 'verification')
    expectInvalidToken(await verifyEmail(token, undefined, account.password), 'verification')
  })

  it('an invalid token → 400, and nothing is verified', async () => {
    const { account, token } = await registered()
    for (const bad of [
      'nope',
      `${token}x`,
      token.slice(0, -1),
      token.toUpperCase() === token ? `${token}A` : token.toUpperCase(),
    ]) {
      expectInvalidToken(await verifyEmail(bad), 'verification')
    }
    expect((await userRow(account.email)).emailVerifiedAt).toBeNull()
  })

  it('is valid just before 1 hour and refused just after', async () => {
    const early = await registered()
    const late = await registered()
    t.clock.advance(HOUR - 60_000)
    expect((await verifyEmail(early.token, early.cookie)).statusCode).toBe(200)
    t.clock.advance(2 * 60_000)
    expectInvalidToken(await verifyEmail(late.token, late.cookie), 'verification')
    expect((await userRow(late.account.email)).emailVerifiedAt).toBeNull()
  })

  it('a password-reset token does not verify an e-mail, and a verification token does not reset a password', async () => {
    const { account, token, cookie } = await registered()
    await t.request('POST', '/api/auth/forgot-password', { body: { email: account.email } })
    const resetToken = await mailedToken(account.email, RESET, 1)
    expectInvalidToken(await verifyEmail(resetToken, cookie), 'verification')
    expectInvalidToken(await resetPassword(token, 'new password 1'), 'password reset')
    // Both are still good for their own purpose.
    expect((await verifyEmail(token, cookie)).statusCode).toBe(200)
    expect((await resetPassword(resetToken, 'new password 1')).statusCode).toBe(200)
  })

  it('invalid bodies → 400', async () => {
    for (const body of [
      {},
      { token: '' },
      { token: '   ' },
      { token: 5 },
      { token: 'x'.repeat(201) },
      { token: 'abc', extra: 1 },
      { token: 'abc', password: '' },
      { token: 'abc', password: 5 },
      { token: 'abc', password: 'x'.repeat(200) },
    ]) {
      const res = await t.request('POST', '/api/auth/verify-email', { body })
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().code).toBe('VALIDATION')
    }
  })
})

// Verifying must never activate a password the address's owner did not choose (decision 042).
describe('a verification link opened in another browser than the registering one', () => {
  const passwordAsked = (res: { statusCode: number; json(): unknown }, message: RegExp) => {
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      errors: [{ path: 'password', message: expect.stringMatching(message) }],
    })
  }

  it('asks for the password, refuses a wrong one, and verifies with the right one', async () => {
    const { account, token } = await registered()
    passwordAsked(await verifyEmail(token), /another browser.*enter the password/i)
    passwordAsked(
      await verifyEmail(token, undefined, 'not the password'),
      /not the password chosen/,
    )
    expect((await userRow(account.email)).emailVerifiedAt).toBeNull()
    // The link is still good: a refusal does not spend it.
    const res = await verifyEmail(token, undefined, account.password)
    expect(res.statusCode).toBe(200)
    expect(res.json().user.email).toBe(account.email)
    expect((await login(account.email, account.password)).statusCode).toBe(200)
  })

  it('another registration’s cookie, or a forged one, is another browser', async () => {
    const { account, token } = await registered()
    const other = await registered()
    passwordAsked(await verifyEmail(token, other.cookie), /another browser/)
    const forged = other.cookie.replace(/=.*/, `=${'A'.repeat(43)}`)
    passwordAsked(await verifyEmail(token, forged), /another browser/)
    expect((await userRow(account.email)).emailVerifiedAt).toBeNull()
  })

  it('the cookie is HttpOnly, SameSite=Lax, for the whole site, and lasts as long as the link', async () => {
    const { response } = await register(t)
    const cookie = response.cookies.find((c) => c.name === 'verify')!
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 3600 })
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('wrong passwords count towards the sign-in limits of the account', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '3' } })
    try {
      const { account, response } = await register(limited)
      const token = tokenFrom(linkIn(await limited.smtp.waitFor(account.email), VERIFY))
      const attempt = (password: string) =>
        limited.request('POST', '/api/auth/verify-email', { body: { token, password } })
      for (let i = 0; i < 3; i += 1) expect((await attempt('wrong guess')).statusCode).toBe(400)
      expect((await attempt(account.password)).statusCode).toBe(429)
      // The registering browser is not held by the guesses of others.
      const bound = await limited.request('POST', '/api/auth/verify-email', {
        body: { token },
        cookie: verifyCookie(response),
      })
      expect(bound.statusCode).toBe(200)
    } finally {
      await limited.close()
    }
  })
})

describe('POST /api/auth/forgot-password', () => {
  it('answers the same neutral 200 for known and unknown e-mails; only the known one gets a link to APP_URL/reset-password', async () => {
    const { account } = await signedInAdmin(t)
    const unknown = newAccount().email
    const known = await t.request('POST', '/api/auth/forgot-password', {
      body: { email: account.email },
    })
    const other = await t.request('POST', '/api/auth/forgot-password', { body: { email: unknown } })
    expect(known.statusCode).toBe(200)
    expect(known.json()).toEqual({ message: expect.stringMatching(/if an account exists/i) })
    expect(other.statusCode).toBe(known.statusCode)
    expect(other.body).toBe(known.body)
    expect(other.headers['content-type']).toBe(known.headers['content-type'])

    const mail = await t.smtp.waitFor(account.email, 1)
    expect(mail.subject).toBe('Reset your password')
    expect(linkIn(mail, RESET)).toMatch(
      /^http:\/\/app\.test\/reset-password\?token=[A-Za-z0-9_-]+$/,
    )
    await t.app.jobs.idle()
    expect(t.smtp.to(unknown)).toHaveLength(0)
  })

  it('mails links to APP_URL even when the request names another host', async () => {
    const { account } = await signedInAdmin(t)
    const res = await t.request('POST', '/api/auth/forgot-password', {
      body: { email: account.email },
      headers: {
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
        forwarded: 'host=evil.example',
      },
    })
    expect(res.statusCode).toBe(200)
    const mail = await t.smtp.waitFor(account.email, 1)
    expect(linkIn(mail, RESET)).toBeTruthy()
    expect(mail.body).not.toContain('evil.example')

    const fresh = newAccount()
    const reg = await t.request('POST', '/api/auth/register', {
      body: { ...fresh, captchaToken: await solveCaptcha(t) },
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    })
    expect(reg.statusCode).toBe(201)
    const verifyMail = await t.smtp.waitFor(fresh.email)
    expect(linkIn(verifyMail, VERIFY)).toBeTruthy()
    expect(verifyMail.body).not.toContain('evil.example')
  })

  it('invalid bodies → 400', async () => {
    for (const body of [
      {},
      { email: '' },
      { email: 'x' },
      { email: null },
      { email: 'a@example.com', password: 'x' },
    ]) {
      const res = await t.request('POST', '/api/auth/forgot-password', { body })
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
    }
  })
})

describe('POST /api/auth/reset-password', () => {
  it('sets the new password: 200; the old one no longer works, the new one does', async () => {
    const { account, token } = await withResetToken()
    const res = await resetPassword(token, 'brand new password')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ message: expect.stringMatching(/password has been reset/i) })
    expect((await login(account.email, account.password)).statusCode).toBe(401)
    expect((await login(account.email, 'brand new password')).statusCode).toBe(200)
  })

  it('ends every session of the user: two signed-in clients both get 401 afterwards', async () => {
    const { account, cookie, token } = await withResetToken()
    const second = sessionCookie(await login(account.email, account.password))
    const bystander = await signedInAdmin(t)
    for (const c of [cookie, second])
      expect((await t.request('GET', '/api/auth/me', { cookie: c })).statusCode).toBe(200)

    expect((await resetPassword(token, 'brand new password')).statusCode).toBe(200)
    for (const c of [cookie, second])
      expect((await t.request('GET', '/api/auth/me', { cookie: c })).statusCode).toBe(401)
    // Nobody else is signed out.
    expect((await t.request('GET', '/api/auth/me', { cookie: bystander.cookie })).statusCode).toBe(
      200,
    )
  })

  it('is single use: the second use → 400 and the password stays the one set first', async () => {
    const { account, token } = await withResetToken()
    expect((await resetPassword(token, 'first new password')).statusCode).toBe(200)
    const hashAfterFirst = (await userRow(account.email)).passwordHash
    expectInvalidToken(await resetPassword(token, 'second new password'), 'password reset')
    expect((await userRow(account.email)).passwordHash).toBe(hashAfterFirst)
    expect((await login(account.email, 'second new password')).statusCode).toBe(401)
    expect((await login(account.email, 'first new password')).statusCode).toBe(200)
  })

  it('is valid just before 1 hour and refused just after', async () => {
    const early = await withResetToken()
    const late = await withResetToken()
    t.clock.advance(HOUR - 60_000)
    expect((await resetPassword(early.token, 'brand new password')).statusCode).toBe(200)
    t.clock.advance(2 * 60_000)
    expectInvalidToken(await resetPassword(late.token, 'brand new password'), 'password reset')
    expect((await login(late.account.email, late.account.password)).statusCode).toBe(200)
  })

  it('a newer reset link voids the older one', async () => {
    const { account, token: older } = await withResetToken()
    const seen = t.smtp.to(account.email).length
    await t.request('POST', '/api/auth/forgot-password', { body: { email: account.email } })
    const newer = await mailedToken(account.email, RESET, seen)
    expect(newer).not.toBe(older)
    expectInvalidToken(await resetPassword(older, 'from the old link'), 'password reset')
    expect((await login(account.email, account.password)).statusCode).toBe(200)
    expect((await resetPassword(newer, 'from the new link')).statusCode).toBe(200)
    expect((await login(account.email, 'from the new link')).statusCode).toBe(200)
  })

  it('the new password must be 6..128 characters, not a common one nor the e-mail; a refused password leaves the token usable', async () => {
    const { account, token } = await withResetToken()
    for (const password of [
      '12345',
      '',
      'p'.repeat(129),
      123456,
      '123456',
      'Password1',
      'iloveyou',
      account.email,
      account.email.toUpperCase(),
    ]) {
      const res = await resetPassword(token, password)
      expect(res.statusCode, String(password)).toBe(400)
      expect(res.json()).toMatchObject({ code: 'VALIDATION', errors: [{ path: 'password' }] })
    }
    expect((await login(account.email, account.password)).statusCode).toBe(200)
    expect((await resetPassword(token, 'q7#Lm2')).statusCode).toBe(200)
    expect((await login(account.email, 'q7#Lm2')).statusCode).toBe(200)
  })

  it('an invalid token → 400 and no password changes', async () => {
    const { account } = await withResetToken()
    const before = (await userRow(account.email)).passwordHash
    expectInvalidToken(await resetPassword('not-a-token', 'brand new password'), 'password reset')
    expect((await userRow(account.email)).passwordHash).toBe(before)
  })

  it('invalid bodies (missing, wrong types, unknown fields) → 400', async () => {
    for (const body of [
      {},
      { token: 'abc' },
      { password: 'secret123' },
      { token: ['abc'], password: 'secret123' },
      { token: 'abc', password: 'secret123', userId: 'x' },
    ]) {
      const res = await t.request('POST', '/api/auth/reset-password', { body })
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().code).toBe('VALIDATION')
    }
  })
})
