import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app'
import { sessions } from '../../db/schema'
import { invitedUser } from '../../test/factories'
import {
  APP_URL,
  createTestApp,
  sessionCookie,
  signedInAdmin,
  type TestApp,
} from '../../test/harness'
import { linkIn, tokenFrom } from '../../test/smtp-capture'

/**
 * Two instances of the app on one database handle, in this process: A changes, B must notice at
 * once although it keeps resolved sessions for SESSION_CACHE_SECONDS (the default, 5 s, here).
 * Sharing the handle, they share its listening connection, so B hears A's notice in the same
 * callback as A; two processes with their own connections: server/scale-out.test.ts.
 */
let t: TestApp
let b: FastifyInstance
beforeAll(async () => {
  t = await createTestApp()
  b = await buildApp({
    config: t.config,
    database: t.app.database,
    clock: t.clock,
    logStream: { write: () => {} },
  })
  await b.ready()
})
afterAll(async () => {
  await b?.close()
  await t?.close()
})

const onA = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie: string,
  body?: unknown,
) => t.request(method, url, { cookie, body })
const meOnB = (cookie: string) =>
  b.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })

/** Signed in on A, then used on B, so that B holds the session in its cache. */
async function warmOnB(cookie: string) {
  const res = await meOnB(cookie)
  expect(res.statusCode, res.body).toBe(200)
  return res.json<{ id: string; role: string; firstName: string }>()
}

it('a session made on A works on B', async () => {
  const { cookie, user } = await signedInAdmin(t)
  expect((await warmOnB(cookie)).id).toBe(user.id)
})

describe('a change on A is seen on B by the very next request', () => {
  it('logout', async () => {
    const { cookie } = await signedInAdmin(t)
    await warmOnB(cookie)
    expect((await onA('POST', '/api/auth/logout', cookie)).statusCode).toBe(204)
    expect((await meOnB(cookie)).statusCode).toBe(401)
  })

  it('password change: B drops the other sessions, the changing one lives on', async () => {
    const { account, cookie } = await signedInAdmin(t)
    const other = await login(account.email, account.password)
    await warmOnB(cookie)
    await warmOnB(other)
    const changed = await onA('POST', '/api/auth/change-password', cookie, {
      currentPassword: account.password,
      newPassword: 'a brand new passphrase',
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect((await meOnB(other)).statusCode).toBe(401)
    expect((await meOnB(cookie)).statusCode).toBe(200)
  })

  it('password reset through the mailed link', async () => {
    const { account, cookie } = await signedInAdmin(t)
    await warmOnB(cookie)
    const sent = t.smtp.to(account.email).length
    await t.request('POST', '/api/auth/forgot-password', { body: { email: account.email } })
    const link = linkIn(
      await t.smtp.waitFor(account.email, sent),
      `${APP_URL}/reset-password?token=`,
    )
    const reset = await t.request('POST', '/api/auth/reset-password', {
      body: { token: tokenFrom(link), password: 'a brand new passphrase' },
    })
    expect(reset.statusCode, reset.body).toBe(200)
    expect((await meOnB(cookie)).statusCode).toBe(401)
  })

  it('ending one session, or all the others, from the sessions list', async () => {
    const { account, cookie } = await signedInAdmin(t)
    const second = await login(account.email, account.password)
    await warmOnB(second)
    const listed = await onA('GET', '/api/auth/sessions', cookie)
    const { id } = listed.json<{ id: string; current: boolean }[]>().find((s) => !s.current)!
    expect((await onA('DELETE', `/api/auth/sessions/${id}`, cookie)).statusCode).toBe(204)
    expect((await meOnB(second)).statusCode).toBe(401)

    const third = await login(account.email, account.password)
    for (const c of [cookie, third]) await warmOnB(c)
    const ended = await onA('POST', '/api/auth/sessions/revoke-others', cookie)
    expect(ended.json()).toEqual({ revoked: 1 })
    expect((await meOnB(third)).statusCode).toBe(401)
    expect((await meOnB(cookie)).statusCode).toBe(200)
  })

  it('role: admin → client user, and back', async () => {
    const admin = await signedInAdmin(t)
    const client = await onA('POST', '/api/clients', admin.cookie, { name: 'Acme' })
    expect(client.statusCode, client.body).toBe(201)
    const other = await invitedUser(t, admin.cookie, { role: 'admin' })
    expect((await warmOnB(other.cookie)).role).toBe('admin')
    const patch = (body: unknown) => onA('PATCH', `/api/users/${other.user.id}`, admin.cookie, body)
    expect(
      (await patch({ role: 'client', clientId: client.json<{ id: string }>().id })).statusCode,
    ).toBe(200)
    expect((await warmOnB(other.cookie)).role).toBe('client')
    expect(
      (await b.inject({ method: 'GET', url: '/api/users', headers: { cookie: other.cookie } }))
        .statusCode,
    ).toBe(403)
    expect((await patch({ role: 'staff' })).statusCode).toBe(200)
    expect((await warmOnB(other.cookie)).role).toBe('staff')
  })

  it('user removed', async () => {
    const admin = await signedInAdmin(t)
    const other = await invitedUser(t, admin.cookie, { role: 'staff' })
    await warmOnB(other.cookie)
    expect((await onA('DELETE', `/api/users/${other.user.id}`, admin.cookie)).statusCode).toBe(204)
    expect((await meOnB(other.cookie)).statusCode).toBe(401)
  })

  it('name', async () => {
    const { cookie } = await signedInAdmin(t)
    await warmOnB(cookie)
    const renamed = await onA('PATCH', '/api/auth/profile', cookie, {
      firstName: 'Grace',
      lastName: 'Hopper',
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect((await warmOnB(cookie)).firstName).toBe('Grace')
  })
})

it('a lookup under way when a change is announced is not kept', async () => {
  const { cookie, user } = await signedInAdmin(t)
  const token = tokenFromCookie(cookie)
  // The lookup starts, then (before it answers) a change of this user is announced.
  const lookup = b.sessionCache.resolve(token, t.clock())
  const change = b.sessionCache.usersChanged([user.id])
  expect((await lookup)?.id).toBe(user.id)
  await change
  // Had the lookup been kept, B would still answer from memory once the row is gone.
  await t.app.db.delete(sessions).where(eq(sessions.userId, user.id))
  expect(await b.sessionCache.resolve(token, t.clock())).toBeNull()
})

it('a session past its end is not served from the cache', async () => {
  const { cookie } = await signedInAdmin(t)
  await warmOnB(cookie)
  t.clock.advance(31 * 24 * 60 * 60 * 1000)
  expect((await meOnB(cookie)).statusCode).toBe(401)
  t.clock.set(new Date())
})

it('every change was heard back by the instance that made it', () => {
  expect(t.logs.filter((line) => line.includes('session_cache.unheard'))).toEqual([])
})

async function login(email: string, password: string) {
  const res = await t.request('POST', '/api/auth/login', { body: { email, password } })
  expect(res.statusCode, res.body).toBe(200)
  return sessionCookie(res)
}

/** The token in a "session=…" cookie pair. */
const tokenFromCookie = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!)
