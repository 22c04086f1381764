import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createProject, signedInClientUser, signedInStaff } from '../../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness'
import { addPasskey, clockAtMidStep, turnOnTotp } from '../../test/second-factors'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ env: { SESSION_CACHE_SECONDS: '0' } })
})
afterAll(async () => t?.close())

beforeEach(() => clockAtMidStep(t))

const policyOf = (cookie: string) => t.request('GET', '/api/organization/security', { cookie })
const setPolicy = (cookie: string, body: unknown) =>
  t.request('PUT', '/api/organization/security', { cookie, body })
const DEFAULTS = { requireMfa: 'off', sessionIdleMinutes: 720, sessionMaxHours: 168 }

describe('GET/PUT /api/organization/security', () => {
  it('defaults: nobody required, 12 hours idle, 7 days in all; bad bodies → 400, nothing changes', async () => {
    const admin = await signedInAdmin(t)
    expect((await policyOf(admin.cookie)).json()).toEqual(DEFAULTS)
    for (const body of [
      {},
      { ...DEFAULTS, requireMfa: 'some' },
      { ...DEFAULTS, sessionIdleMinutes: 5 },
      { ...DEFAULTS, sessionIdleMinutes: 10_081 },
      { ...DEFAULTS, sessionMaxHours: 0 },
      { ...DEFAULTS, sessionMaxHours: 721 },
      { ...DEFAULTS, sessionMaxHours: 1.5 },
      { ...DEFAULTS, sessionMaxHours: '24' },
      { ...DEFAULTS, sessionIdleMinutes: 120, sessionMaxHours: 1 },
      { ...DEFAULTS, extra: true },
    ]) {
      const res = await setPolicy(admin.cookie, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().code).toBe('VALIDATION')
    }
    expect((await policyOf(admin.cookie)).json()).toEqual(DEFAULTS)
  })

  it('only admins: staff and client users → 403', async () => {
    const admin = await signedInAdmin(t)
    const orgId = admin.user.company.id
    const staff = await signedInStaff(t, orgId)
    const project = await createProject(t, admin.cookie)
    const client = await signedInClientUser(t, orgId, project.clientId)
    for (const cookie of [staff.cookie, client.cookie]) {
      expect((await policyOf(cookie)).statusCode).toBe(403)
      expect((await setPolicy(cookie, DEFAULTS)).statusCode).toBe(403)
    }
  })

  it('an admin without a second factor cannot require one (409); with one, can', async () => {
    const admin = await signedInAdmin(t)
    const held = await setPolicy(admin.cookie, { ...DEFAULTS, requireMfa: 'staff' })
    expect(held.statusCode).toBe(409)
    expect(held.json().message).toMatch(/for yourself first/)
    await turnOnTotp(t, admin.cookie)
    const set = await setPolicy(admin.cookie, { ...DEFAULTS, requireMfa: 'staff' })
    expect(set.statusCode).toBe(200)
    expect(set.json()).toEqual({ ...DEFAULTS, requireMfa: 'staff' })
  })
})

describe('a member the policy holds', () => {
  it('staff without a factor: /me says so, every other call is 403 MFA_SETUP_REQUIRED, until they set one up', async () => {
    const admin = await signedInAdmin(t)
    const orgId = admin.user.company.id
    const staff = await signedInStaff(t, orgId)
    const project = await createProject(t, admin.cookie)
    const client = await signedInClientUser(t, orgId, project.clientId)
    await turnOnTotp(t, admin.cookie)
    expect((await setPolicy(admin.cookie, { ...DEFAULTS, requireMfa: 'staff' })).statusCode).toBe(
      200,
    )

    const me = await t.request('GET', '/api/auth/me', { cookie: staff.cookie })
    expect(me.statusCode).toBe(200)
    expect(me.json().mfaSetupRequired).toBe(true)
    for (const [method, url] of [
      ['GET', '/api/clients'],
      ['GET', '/api/dashboard'],
      ['GET', '/api/auth/sessions'],
      ['POST', '/api/clients'],
    ] as const) {
      const res = await t.request(method, url, { cookie: staff.cookie, body: {} })
      expect(res.statusCode, url).toBe(403)
      expect(res.json().code, url).toBe('MFA_SETUP_REQUIRED')
    }
    // The client user is not held by "staff"; the admin has a factor.
    expect(
      (await t.request('GET', '/api/auth/me', { cookie: client.cookie })).json(),
    ).toMatchObject({ mfaSetupRequired: false })
    expect((await t.request('GET', '/api/clients', { cookie: admin.cookie })).statusCode).toBe(200)

    // Setting one up is open to them, and lets them in at once.
    await turnOnTotp(t, staff.cookie)
    expect((await t.request('GET', '/api/auth/me', { cookie: staff.cookie })).json()).toMatchObject(
      { mfaSetupRequired: false },
    )
    expect((await t.request('GET', '/api/clients', { cookie: staff.cookie })).statusCode).toBe(200)

    // "all" holds the client user too.
    expect((await setPolicy(admin.cookie, { ...DEFAULTS, requireMfa: 'all' })).statusCode).toBe(200)
    const clientCall = await t.request('GET', '/api/my-work', { cookie: client.cookie })
    expect(clientCall.statusCode).toBe(403)
    expect(clientCall.json().code).toBe('MFA_SETUP_REQUIRED')
    // A passkey is a factor too: adding one is open to them and lets them in.
    await addPasskey(t, client.cookie)
    const after = await t.request('GET', '/api/auth/sessions', { cookie: client.cookie })
    expect(after.statusCode, after.body).toBe(200)
  })
})

describe('session limits', () => {
  it('the idle and absolute limits end sessions made before the change too', async () => {
    const admin = await signedInAdmin(t)
    const staff = await signedInStaff(t, admin.user.company.id)
    const me = (cookie: string) => t.request('GET', '/api/auth/me', { cookie })
    expect(
      (await setPolicy(admin.cookie, { ...DEFAULTS, sessionIdleMinutes: 30, sessionMaxHours: 2 }))
        .statusCode,
    ).toBe(200)
    // Used every 20 minutes: the idle limit never comes; the 2-hour limit does.
    for (let minutes = 20; minutes < 120; minutes += 20) {
      t.clock.advance(20 * 60_000)
      expect((await me(staff.cookie)).statusCode, `${minutes} min`).toBe(200)
    }
    t.clock.advance(21 * 60_000)
    expect((await me(staff.cookie)).statusCode).toBe(401)

    // Unused for 31 minutes: over the idle limit.
    const fresh = await signedInStaff(t, admin.user.company.id)
    t.clock.advance(31 * 60_000)
    expect((await me(fresh.cookie)).statusCode).toBe(401)
  })

  it('the list of one’s sessions leaves out those the company’s limits have ended', async () => {
    const admin = await signedInAdmin(t)
    expect(
      (await setPolicy(admin.cookie, { ...DEFAULTS, sessionIdleMinutes: 30, sessionMaxHours: 2 }))
        .statusCode,
    ).toBe(200)
    const other = await t.request('POST', '/api/auth/login', {
      body: { email: admin.account.email, password: admin.account.password },
    })
    expect(other.statusCode).toBe(200)
    const list = async () =>
      (await t.request('GET', '/api/auth/sessions', { cookie: admin.cookie })).json<unknown[]>()
    expect(await list()).toHaveLength(2)
    // This device is used after 20 minutes; the other is not, and is idle for 35.
    t.clock.advance(20 * 60_000)
    expect(await list()).toHaveLength(2)
    t.clock.advance(15 * 60_000)
    expect(await list()).toHaveLength(1)
  })
})
