import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessions } from '../../db/schema'
import {
  createTestApp,
  keepSessionsLong,
  sessionCookie,
  signedInAdmin,
  type TestApp,
} from '../../test/harness'
import { ROLE_PERMISSIONS } from '../../test/factories'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
const me = (cookie?: string) => t.request('GET', '/api/auth/me', { cookie })
const userSessions = (userId: string) =>
  t.app.db.select().from(sessions).where(eq(sessions.userId, userId))

function expectUnauthenticated(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(401)
  expect(res.json()).toEqual({ message: expect.any(String), code: 'UNAUTHENTICATED' })
}

/** The response tells the browser to drop the session cookie. */
function expectCookieCleared(res: LightMyRequestResponse) {
  const cleared = res.cookies.find((c) => c.name === 'session')
  expect(cleared, String(res.headers['set-cookie'])).toBeDefined()
  expect(cleared!.value).toBe('')
  const expired =
    (cleared!.expires && cleared!.expires.getTime() <= Date.now()) || cleared!.maxAge === 0
  expect(expired, String(res.headers['set-cookie'])).toBe(true)
  expect(cleared!.path).toBe('/')
}

describe('GET /api/auth/me', () => {
  it('returns the signed-in user', async () => {
    const { cookie, account, user } = await signedInAdmin(t)
    const res = await me(cookie)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      id: user.id,
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      role: 'admin',
      clientId: null,
      company: { id: user.company.id, name: account.companyName, dateFormat: 'month-first' },
      permissions: ROLE_PERMISSIONS.admin,
      mfaSetupRequired: false,
    })
  })

  it('401 without a cookie', async () => {
    expectUnauthenticated(await me())
  })

  it('401 for a garbage or forged cookie, and clears it', async () => {
    for (const cookie of [
      'session=garbage',
      'session=',
      `session=${'A'.repeat(43)}`,
      'session=%00%ff',
      'other=1',
    ]) {
      const res = await me(cookie)
      expectUnauthenticated(res)
    }
    expectCookieCleared(await me('session=garbage'))
  })

  it('401 once the session row is deleted on the server behind the app’s back, after the session cache’s seconds', async () => {
    const { cookie, user } = await signedInAdmin(t)
    expect((await me(cookie)).statusCode).toBe(200)
    await t.app.db.delete(sessions).where(eq(sessions.userId, user.id))
    // Nothing told the app (the app's own changes do: session-cache.test.ts).
    expect((await me(cookie)).statusCode).toBe(200)
    t.clock.advance(t.config.sessionCacheMs)
    expectUnauthenticated(await me(cookie))
  })

  it('answers HEAD like GET (401 without a session)', async () => {
    expect((await t.request('HEAD', '/api/auth/me')).statusCode).toBe(401)
  })
})

describe('POST /api/auth/logout', () => {
  it('204, deletes the session row, clears the cookie; replaying the old cookie → 401', async () => {
    const { cookie, user } = await signedInAdmin(t)
    expect(await userSessions(user.id)).toHaveLength(1)
    const res = await t.request('POST', '/api/auth/logout', { cookie })
    expect(res.statusCode).toBe(204)
    expect(res.body).toBe('')
    expectCookieCleared(res)
    expect(await userSessions(user.id)).toHaveLength(0)
    expectUnauthenticated(await me(cookie))
  })

  it('ends only that session: the same user signed in elsewhere stays signed in', async () => {
    const { cookie, account } = await signedInAdmin(t)
    const other = await t.request('POST', '/api/auth/login', {
      body: { email: account.email, password: account.password },
    })
    const otherCookie = sessionCookie(other)
    expect((await t.request('POST', '/api/auth/logout', { cookie })).statusCode).toBe(204)
    expectUnauthenticated(await me(cookie))
    expect((await me(otherCookie)).statusCode).toBe(200)
  })

  it('204 without a session, or with an unknown one', async () => {
    expect((await t.request('POST', '/api/auth/logout')).statusCode).toBe(204)
    const res = await t.request('POST', '/api/auth/logout', { cookie: 'session=unknown' })
    expect(res.statusCode).toBe(204)
    expectCookieCleared(res)
  })

  it('a cross-site logout → 403 and the session survives', async () => {
    const { cookie } = await signedInAdmin(t)
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: '' },
      { 'sec-fetch-site': 'cross-site' },
    ] as Array<Record<string, string>>) {
      const res = await t.request('POST', '/api/auth/logout', { cookie, headers })
      expect(res.statusCode, JSON.stringify(headers)).toBe(403)
    }
    expect((await me(cookie)).statusCode).toBe(200)
  })
})

describe('session expiry (the server decides, whatever the cookie says)', () => {
  // The company's policy decides (modules/security-policy); by default 12 hours idle, 7 days in all.
  it('by default, idle for more than 12 hours → 401', async () => {
    const { cookie } = await signedInAdmin(t)
    t.clock.advance(12 * HOUR - 60_000)
    expect((await me(cookie)).statusCode).toBe(200)
    const { cookie: idle } = await signedInAdmin(t)
    t.clock.advance(12 * HOUR + 60_000)
    expectUnauthenticated(await me(idle))
  })

  it('activity keeps it alive (a request every 11 hours), until 7 days after sign-in', async () => {
    const { cookie } = await signedInAdmin(t)
    for (let hours = 11; hours <= 154; hours += 11) {
      t.clock.advance(11 * HOUR)
      expect((await me(cookie)).statusCode, `hour ${hours}`).toBe(200)
    }
    t.clock.advance(11 * HOUR)
    expect((await me(cookie)).statusCode, 'hour 165').toBe(200)
    t.clock.advance(3 * HOUR + 60_000)
    expectUnauthenticated(await me(cookie))
  })

  it('absolute expiry after 7 days holds even with activity every few minutes just before', async () => {
    const { cookie } = await signedInAdmin(t)
    for (let hours = 11; hours <= 154; hours += 11) {
      t.clock.advance(11 * HOUR)
      expect((await me(cookie)).statusCode, `hour ${hours}`).toBe(200)
    }
    t.clock.advance(11 * HOUR)
    expect((await me(cookie)).statusCode, 'hour 165').toBe(200)
    t.clock.advance(3 * HOUR - 10 * 60_000)
    expect((await me(cookie)).statusCode).toBe(200)
    t.clock.advance(6 * 60_000)
    expect((await me(cookie)).statusCode).toBe(200)
    t.clock.advance(5 * 60_000)
    expectUnauthenticated(await me(cookie))
  })

  it('at the longest limits a company may set, a session lives 7 days idle and 30 days in all', async () => {
    const { cookie } = await signedInAdmin(t)
    await keepSessionsLong(t, cookie)
    for (let day = 6; day <= 24; day += 6) {
      t.clock.advance(6 * DAY)
      expect((await me(cookie)).statusCode, `day ${day}`).toBe(200)
    }
    t.clock.advance(5 * DAY)
    expect((await me(cookie)).statusCode, 'day 29').toBe(200)
    t.clock.advance(DAY + 60_000)
    expectUnauthenticated(await me(cookie))
    const { cookie: idle } = await signedInAdmin(t)
    await keepSessionsLong(t, idle)
    t.clock.advance(7 * DAY + 60_000)
    expectUnauthenticated(await me(idle))
  })

  it('an expired session cannot log out anything else and gives way to a fresh login', async () => {
    const { cookie, account } = await signedInAdmin(t)
    t.clock.advance(8 * DAY)
    expectUnauthenticated(await me(cookie))
    const again = await t.request('POST', '/api/auth/login', {
      body: { email: account.email, password: account.password },
    })
    expect(again.statusCode).toBe(200)
    const fresh = sessionCookie(again)
    expect(fresh).not.toBe(cookie)
    expect((await me(fresh)).statusCode).toBe(200)
  })
})
