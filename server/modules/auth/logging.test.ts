import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  APP_URL,
  createTestApp,
  newAccount,
  sessionCookie,
  solveCaptcha,
  type TestApp,
} from '../../test/harness'
import { linkIn, tokenFrom } from '../../test/smtp-capture'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

interface LogLine {
  event?: string
  userId?: string | null
  ip?: string
  msg?: string
  [key: string]: unknown
}

const parsed = () => t.logs.map((line) => JSON.parse(line) as LogLine)
const events = (name: string) => parsed().filter((l) => l.event === name)

describe('auth logging', () => {
  /** Secrets the whole flow handles; none may reach a log line. */
  const secrets: Record<string, string> = {}
  let userId = ''

  beforeAll(async () => {
    const account = newAccount({ password: 'Initial-Password-4e1f' })
    const newPassword = 'Replaced-Password-9c2d'
    secrets.password = account.password
    secrets.newPassword = newPassword
    secrets.wrongPassword = 'Wrong-Password-77aa'
    secrets.overlongPassword = `Overlong-${'z'.repeat(130)}`

    secrets.captcha = await solveCaptcha(t)
    const reg = await t.request('POST', '/api/auth/register', {
      body: { ...account, captchaToken: secrets.captcha },
    })
    expect(reg.statusCode).toBe(201)
    const refused = await t.request('POST', '/api/auth/register', {
      body: { ...account, password: secrets.overlongPassword, captchaToken: 'x' },
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.body).not.toContain('Overlong-')

    secrets.verifyToken = tokenFrom(
      linkIn(await t.smtp.waitFor(account.email), `${APP_URL}/verify-email?token=`),
    )
    // Opened in another browser: the password proves the registration, a wrong one is refused.
    const guessed = await t.request('POST', '/api/auth/verify-email', {
      body: { token: secrets.verifyToken, password: secrets.wrongPassword },
    })
    expect(guessed.statusCode).toBe(400)
    const verified = await t.request('POST', '/api/auth/verify-email', {
      body: { token: secrets.verifyToken, password: secrets.password },
    })
    expect(verified.statusCode).toBe(200)
    // A replayed token is refused; the refusal must not log it either.
    expect(
      (await t.request('POST', '/api/auth/verify-email', { body: { token: secrets.verifyToken } }))
        .statusCode,
    ).toBe(400)

    const wrong = await t.request('POST', '/api/auth/login', {
      body: { email: account.email, password: secrets.wrongPassword },
    })
    expect(wrong.statusCode).toBe(401)
    const unknown = await t.request('POST', '/api/auth/login', {
      body: { email: newAccount().email, password: secrets.wrongPassword },
    })
    expect(unknown.statusCode).toBe(401)
    const login = await t.request('POST', '/api/auth/login', {
      body: { email: account.email, password: account.password },
    })
    expect(login.statusCode).toBe(200)
    userId = login.json<{ user: { id: string } }>().user.id
    const cookie = sessionCookie(login)
    secrets.cookie = cookie.split('=')[1]!
    expect((await t.request('GET', '/api/auth/me', { cookie })).statusCode).toBe(200)

    expect(
      (await t.request('POST', '/api/auth/forgot-password', { body: { email: account.email } }))
        .statusCode,
    ).toBe(200)
    secrets.resetToken = tokenFrom(
      linkIn(await t.smtp.waitFor(account.email, 1), `${APP_URL}/reset-password?token=`),
    )
    // The browser lands on the page with the token in the URL; a GET of that URL must not log it.
    await t.request('GET', `/reset-password?token=${secrets.resetToken}`)
    // An API token: shown once in its reply, then sent in the Authorization header.
    const made = await t.request('POST', '/api/tokens', {
      cookie: `session=${secrets.cookie}`,
      body: { name: 'Logged script', scopes: ['read'], expiresInDays: 1 },
    })
    expect(made.statusCode, made.body).toBe(201)
    secrets.apiToken = made.json<{ token: string }>().token
    expect(
      (
        await t.request('GET', '/api/auth/me', {
          headers: { authorization: `Bearer ${secrets.apiToken}` },
        })
      ).statusCode,
    ).toBe(200)
    // Refused in the address, and not logged from there either.
    expect(
      (await t.request('GET', `/api/clients?access_token=${secrets.apiToken}`)).statusCode,
    ).toBe(401)
    const reset = await t.request('POST', '/api/auth/reset-password', {
      body: { token: secrets.resetToken, password: newPassword },
    })
    expect(reset.statusCode).toBe(200)

    const again = await t.request('POST', '/api/auth/login', {
      body: { email: account.email, password: newPassword },
    })
    expect(again.statusCode).toBe(200)
    secrets.cookie2 = sessionCookie(again).split('=')[1]!
    expect(
      (await t.request('POST', '/api/auth/logout', { cookie: sessionCookie(again) })).statusCode,
    ).toBe(204)
    await t.app.jobs.idle()
  })

  it('no log line holds a password, a mailed token, a captcha solution or a cookie value', () => {
    expect(t.logs.length).toBeGreaterThan(10)
    const all = t.logs.join('\n')
    for (const [name, value] of Object.entries(secrets)) {
      expect(all.includes(value), `${name} appears in the logs`).toBe(false)
    }
    expect(all).not.toMatch(/\$argon2/)
    expect(all).not.toMatch(/token=/)
  })

  it('every line is JSON', () => {
    for (const line of t.logs) expect(() => JSON.parse(line)).not.toThrow()
  })

  it('records sign-in success and failure with the user and the address', () => {
    const success = events('auth.login.success')
    expect(success).toHaveLength(2)
    expect(success[0]).toMatchObject({ userId, ip: '127.0.0.1' })
    const failures = events('auth.login.failure')
    expect(failures).toHaveLength(2)
    expect(failures[0]).toMatchObject({ userId, ip: '127.0.0.1' })
    expect(failures[1]).toMatchObject({ userId: null, ip: '127.0.0.1' })
  })

  it('records registration, verification, the reset request, the reset and the sign-out', () => {
    expect(events('auth.register')).toEqual([expect.objectContaining({ userId })])
    expect(events('auth.email_verified')).toEqual([expect.objectContaining({ userId })])
    expect(events('auth.reset_requested')).toEqual([expect.objectContaining({ userId })])
    expect(events('auth.password_reset')).toEqual([expect.objectContaining({ userId })])
    expect(events('auth.logout')).toHaveLength(1)
  })

  it('records throttled sign-ins', async () => {
    const email = newAccount().email
    for (let i = 0; i < 10; i++)
      await t.request('POST', '/api/auth/login', { body: { email, password: 'wrong password' } })
    expect(
      (await t.request('POST', '/api/auth/login', { body: { email, password: 'wrong password' } }))
        .statusCode,
    ).toBe(429)
    expect(events('auth.login.throttled')).toEqual([expect.objectContaining({ ip: '127.0.0.1' })])
  })
})
