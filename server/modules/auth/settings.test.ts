import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CurrentUser, Session } from '@shared/schemas/auth'
import type { Dashboard } from '@shared/schemas/dashboard'
import { oneTimeTokens, sessions } from '../../db/schema'
import {
  expectError,
  expectIsoTimestamp,
  expectValidation,
  MISSING_ID,
  signedInClientUser,
  UUID,
  ROLE_PERMISSIONS,
} from '../../test/factories'
import {
  APP_URL,
  createTestApp,
  sessionCookie,
  signedInAdmin,
  type TestApp,
} from '../../test/harness'
import { linkIn, tokenFrom } from '../../test/smtp-capture'
import { messages } from './auth.service'
import { findUserById } from '../users/users.repo'

/** The Settings page's calls: profile, password change, the list of sessions. */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

const me = (cookie?: string) => t.request('GET', '/api/auth/me', { cookie })
const login = (email: string, password: string, userAgent = 'Test browser') =>
  t.request('POST', '/api/auth/login', {
    body: { email, password },
    headers: { 'user-agent': userAgent },
  })
const profile = (cookie: string | undefined, body: unknown) =>
  t.request('PATCH', '/api/auth/profile', { cookie, body })
const changePassword = (cookie: string | undefined, body: unknown) =>
  t.request('POST', '/api/auth/change-password', { cookie, body })
const listSessions = (cookie?: string) => t.request('GET', '/api/auth/sessions', { cookie })
const endSession = (cookie: string | undefined, id: string) =>
  t.request('DELETE', `/api/auth/sessions/${id}`, { cookie })
const endOthers = (cookie?: string) =>
  t.request('POST', '/api/auth/sessions/revoke-others', { cookie })

/** A signed-in admin plus `extra` more sessions of the same account (other devices). */
async function withDevices(extra: number) {
  const admin = await signedInAdmin(t)
  const devices: string[] = []
  for (let i = 0; i < extra; i++) {
    t.clock.advance(1000)
    devices.push(
      sessionCookie(await login(admin.account.email, admin.account.password, `Device ${i}`)),
    )
  }
  return { ...admin, devices }
}

function expectCookieCleared(res: LightMyRequestResponse) {
  const cleared = res.cookies.find((c) => c.name === 'session')
  expect(cleared, String(res.headers['set-cookie'])).toBeDefined()
  expect(cleared!.value).toBe('')
}

describe('PATCH /api/auth/profile', () => {
  it('changes the first and last name; answers with the current user; /me follows', async () => {
    const { cookie, account, user } = await signedInAdmin(t)
    const res = await profile(cookie, { firstName: '  Grace ', lastName: ' Hopper ' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({
      id: user.id,
      firstName: 'Grace',
      lastName: 'Hopper',
      email: account.email,
      role: 'admin',
      clientId: null,
      company: { id: user.company.id, name: account.companyName, dateFormat: 'month-first' },
      permissions: [...ROLE_PERMISSIONS.admin],
      mfaSetupRequired: false,
    } satisfies CurrentUser)
    expect((await me(cookie)).json()).toEqual(res.json())
  })

  it('both names are required; bad values and unknown fields (e-mail, role) → 400; nothing changes', async () => {
    const { cookie } = await signedInAdmin(t)
    const before = (await me(cookie)).json()
    expectValidation(await profile(cookie, {}), ['firstName', 'lastName'])
    expectValidation(await profile(cookie, { firstName: 'Only' }), ['lastName'])
    expectValidation(await profile(cookie, { firstName: ' ', lastName: 'X' }), ['firstName'])
    expectValidation(await profile(cookie, { firstName: 'X', lastName: 'y'.repeat(101) }), [
      'lastName',
    ])
    expectValidation(await profile(cookie, { firstName: 1, lastName: 'X' }), ['firstName'])
    expectValidation(await profile(cookie, { firstName: 'A\u0000', lastName: 'X' }), ['firstName'])
    for (const extra of [
      { email: 'new@example.com' },
      { role: 'admin' },
      { organizationId: MISSING_ID },
      { clientId: MISSING_ID },
    ]) {
      expectValidation(
        await profile(cookie, { firstName: 'A', lastName: 'B', ...extra }),
        Object.keys(extra),
      )
    }
    expect((await me(cookie)).json()).toEqual(before)
  })

  it('works for client users too; 401 without a session', async () => {
    const admin = await signedInAdmin(t)
    const member = await signedInClientUser(t, admin.user.company.id)
    const res = await profile(member.cookie, { firstName: 'Carla', lastName: 'Client' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json<CurrentUser>()).toMatchObject({ firstName: 'Carla', role: 'client' })
    expectError(await profile(undefined, { firstName: 'A', lastName: 'B' }), 401, 'UNAUTHENTICATED')
  })
})

describe('POST /api/auth/change-password', () => {
  it('sets the new password, keeps this session and ends every other one', async () => {
    const { cookie, account, devices, user } = await withDevices(2)
    const res = await changePassword(cookie, {
      currentPassword: account.password,
      newPassword: 'a brand new password',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ message: messages.passwordChanged })
    expect((await me(cookie)).statusCode).toBe(200)
    for (const device of devices) expectError(await me(device), 401, 'UNAUTHENTICATED')
    const rows = await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id))
    expect(rows).toHaveLength(1)

    expect((await login(account.email, account.password)).statusCode).toBe(401)
    expect((await login(account.email, 'a brand new password')).statusCode).toBe(200)
  })

  it('refuses a common new password or one that is the e-mail or the name; nothing changes', async () => {
    const { cookie, account, devices } = await withDevices(1)
    for (const newPassword of ['password1', 'iloveyou', account.email, 'Ada Lovelace']) {
      const res = await changePassword(cookie, { currentPassword: account.password, newPassword })
      expect(res.statusCode, newPassword).toBe(400)
      expect(res.json()).toMatchObject({ code: 'VALIDATION', errors: [{ path: 'newPassword' }] })
    }
    expect((await me(devices[0]!)).statusCode).toBe(200)
    expect((await login(account.email, account.password)).statusCode).toBe(200)
  })

  it('is recorded in the activity log and in the server log', async () => {
    const { cookie, account } = await signedInAdmin(t)
    await changePassword(cookie, { currentPassword: account.password, newPassword: 'another one' })
    const [event] = (await t.request('GET', '/api/dashboard', { cookie })).json<Dashboard>()
      .recentActivity
    expect(event).toMatchObject({
      actor: 'Ada Lovelace',
      action: 'password.changed',
      target: `Ada Lovelace (${account.email})`,
    })
    expect(t.logs.some((line) => line.includes('"event":"auth.password_changed"'))).toBe(true)
    expect(t.logs.join('\n')).not.toContain('another one')
  })

  it('voids a pending password-reset link', async () => {
    const { cookie, account, user } = await signedInAdmin(t)
    const seen = t.smtp.to(account.email).length
    await t.request('POST', '/api/auth/forgot-password', { body: { email: account.email } })
    const token = tokenFrom(
      linkIn(await t.smtp.waitFor(account.email, seen), `${APP_URL}/reset-password?token=`),
    )
    await changePassword(cookie, { currentPassword: account.password, newPassword: 'changed it' })
    const reset = await t.request('POST', '/api/auth/reset-password', {
      body: { token, password: 'attacker password' },
    })
    expectError(reset, 400, 'INVALID_TOKEN')
    const open = await t.app.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.userId, user.id))
    expect(open.every((row) => row.usedAt !== null)).toBe(true)
  })

  it('a wrong current password → 400 on currentPassword; nothing changes, no session ends', async () => {
    const { cookie, account, devices, user } = await withDevices(1)
    const before = await findUserById(t.app.db, user.id)
    const res = await changePassword(cookie, {
      currentPassword: 'not my password',
      newPassword: 'whatever new',
    })
    const body = expectValidation(res, ['currentPassword'])
    expect(body.message).toBe(messages.wrongCurrentPassword)
    const after = await findUserById(t.app.db, user.id)
    expect(after!.passwordHash).toBe(before!.passwordHash)
    expect((await me(devices[0])).statusCode).toBe(200)
    expect((await login(account.email, account.password)).statusCode).toBe(200)
  })

  it('wrong current passwords count towards the sign-in throttle of the account (429 after 10)', async () => {
    const { cookie, account } = await signedInAdmin(t)
    for (let i = 0; i < 10; i++) {
      const res = await changePassword(cookie, {
        currentPassword: `guess ${i}`,
        newPassword: 'xxxxxx',
      })
      expect(res.statusCode).toBe(400)
    }
    const limited = await changePassword(cookie, {
      currentPassword: account.password,
      newPassword: 'the right one now',
    })
    expectError(limited, 429, 'RATE_LIMITED')
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    // The same counter guards the sign-in form.
    expect((await login(account.email, account.password)).statusCode).toBe(429)
    t.clock.advance(15 * 60 * 1000 + 1000)
    const fresh = sessionCookie(await login(account.email, account.password))
    expect(
      (
        await changePassword(fresh, {
          currentPassword: account.password,
          newPassword: 'the right one now',
        })
      ).statusCode,
    ).toBe(200)
  })

  it('the new password follows the password rules; bad bodies → 400 naming the field', async () => {
    const { cookie, account } = await signedInAdmin(t)
    const current = account.password
    expectValidation(await changePassword(cookie, {}), ['currentPassword', 'newPassword'])
    expectValidation(await changePassword(cookie, { currentPassword: current }), ['newPassword'])
    expectValidation(await changePassword(cookie, { newPassword: 'abcdefg' }), ['currentPassword'])
    expectValidation(
      await changePassword(cookie, { currentPassword: current, newPassword: '12345' }),
      ['newPassword'],
    )
    expectValidation(
      await changePassword(cookie, { currentPassword: current, newPassword: 'x'.repeat(129) }),
      ['newPassword'],
    )
    expectValidation(
      await changePassword(cookie, { currentPassword: current, newPassword: 123456 }),
      ['newPassword'],
    )
    expectValidation(
      await changePassword(cookie, {
        currentPassword: current,
        newPassword: 'abcdefg',
        confirmPassword: 'abcdefg',
      }),
      ['confirmPassword'],
    )
    expect((await login(account.email, current)).statusCode).toBe(200)
  })

  it('401 without a session', async () => {
    expectError(
      await changePassword(undefined, { currentPassword: 'a', newPassword: 'abcdefg' }),
      401,
      'UNAUTHENTICATED',
    )
  })
})

describe('GET /api/auth/sessions', () => {
  it('the user’s unexpired sessions, most recently seen first, this one marked current', async () => {
    const { cookie, devices, user } = await withDevices(2)
    // Use the oldest device later, so that it is seen most recently.
    t.clock.advance(10 * 60 * 1000)
    await me(cookie)
    const res = await listSessions(cookie)
    expect(res.statusCode, res.body).toBe(200)
    const list = res.json<Session[]>()
    expect(list).toHaveLength(3)
    expect(Object.keys(list[0]!).sort()).toEqual(
      ['createdAt', 'current', 'id', 'ip', 'lastSeenAt', 'userAgent'].sort(),
    )
    expect(list[0]).toMatchObject({ current: true })
    expect(list.filter((s) => s.current)).toHaveLength(1)
    expect(list.slice(1).map((s) => s.userAgent)).toEqual(['Device 1', 'Device 0'])
    for (const s of list) {
      expect(s.id).toMatch(UUID)
      expectIsoTimestamp(s.createdAt)
      expectIsoTimestamp(s.lastSeenAt)
      expect(s.ip).toBe('127.0.0.1')
    }
    // Seen from another device, that one is current.
    const fromDevice = (await listSessions(devices[0])).json<Session[]>()
    expect(fromDevice.find((s) => s.current)?.userAgent).toBe('Device 0')

    // Never another user's sessions; never the session token or its hash.
    const other = await signedInAdmin(t)
    const theirs = (await listSessions(other.cookie)).json<Session[]>()
    expect(theirs).toHaveLength(1)
    const rows = await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id))
    for (const row of rows) expect(res.body).not.toContain(row.tokenHash)
  })

  it('leaves out expired sessions', async () => {
    const { cookie, account } = await signedInAdmin(t)
    t.clock.advance(8 * 24 * 60 * 60 * 1000)
    const fresh = sessionCookie(await login(account.email, account.password))
    expectError(await me(cookie), 401, 'UNAUTHENTICATED')
    const list = (await listSessions(fresh)).json<Session[]>()
    expect(list).toHaveLength(1)
    expect(list[0]!.current).toBe(true)
  })

  it('401 without a session', async () => {
    expectError(await listSessions(), 401, 'UNAUTHENTICATED')
  })
})

describe('DELETE /api/auth/sessions/{id}', () => {
  it('ends one of your other sessions: 204, that device is signed out, this one is not', async () => {
    const { cookie, devices } = await withDevices(2)
    const list = (await listSessions(cookie)).json<Session[]>()
    const target = list.find((s) => s.userAgent === 'Device 0')!
    const res = await endSession(cookie, target.id)
    expect(res.statusCode).toBe(204)
    expect(res.cookies.find((c) => c.name === 'session')).toBeUndefined()
    expectError(await me(devices[0]), 401, 'UNAUTHENTICATED')
    expect((await me(devices[1])).statusCode).toBe(200)
    expect((await me(cookie)).statusCode).toBe(200)
    expectError(await endSession(cookie, target.id), 404, 'NOT_FOUND')
  })

  it('ending the current session signs out: the cookie is cleared and no longer works', async () => {
    const { cookie } = await signedInAdmin(t)
    const current = (await listSessions(cookie)).json<Session[]>().find((s) => s.current)!
    const res = await endSession(cookie, current.id)
    expect(res.statusCode).toBe(204)
    expectCookieCleared(res)
    expectError(await me(cookie), 401, 'UNAUTHENTICATED')
  })

  it('another user’s session → 404 and it survives; malformed id → 400; no session → 401', async () => {
    const mine = await signedInAdmin(t)
    const theirs = await signedInAdmin(t)
    const target = (await listSessions(theirs.cookie)).json<Session[]>()[0]!
    expectError(await endSession(mine.cookie, target.id), 404, 'NOT_FOUND')
    expectError(await endSession(mine.cookie, MISSING_ID), 404, 'NOT_FOUND')
    expect((await me(theirs.cookie)).statusCode).toBe(200)
    expectValidation(await endSession(mine.cookie, 'not-a-uuid'), ['id'])
    expectError(await endSession(undefined, target.id), 401, 'UNAUTHENTICATED')
    expect((await me(theirs.cookie)).statusCode).toBe(200)
  })
})

describe('POST /api/auth/sessions/revoke-others', () => {
  it('ends every other session of the user and says how many; then 0', async () => {
    const { cookie, devices } = await withDevices(3)
    const someoneElse = await signedInAdmin(t)
    const res = await endOthers(cookie)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ revoked: 3 })
    for (const device of devices) expectError(await me(device), 401, 'UNAUTHENTICATED')
    expect((await me(cookie)).statusCode).toBe(200)
    expect((await me(someoneElse.cookie)).statusCode).toBe(200)
    expect((await endOthers(cookie)).json()).toEqual({ revoked: 0 })
    expect((await listSessions(cookie)).json<Session[]>()).toHaveLength(1)
  })

  it('401 without a session; a cross-site call → 403 and nothing ends', async () => {
    const { cookie, devices } = await withDevices(1)
    expectError(await endOthers(), 401, 'UNAUTHENTICATED')
    const cross = await t.request('POST', '/api/auth/sessions/revoke-others', {
      cookie,
      headers: { origin: 'https://evil.example' },
    })
    expectError(cross, 403, 'FORBIDDEN')
    expect((await me(devices[0])).statusCode).toBe(200)
  })
})
