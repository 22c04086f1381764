import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { activityEvents, totpFactors } from '../../db/schema'
import { createTestApp, sessionCookie, signedInAdmin, type TestApp } from '../../test/harness'
import { clockAtMidStep, TOTP_STEP_MS, totpCodeIn, turnOnTotp } from '../../test/second-factors'
import { codeAt } from './totp'
import { personIdOf } from '../../test/accounts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

const STEP = TOTP_STEP_MS
beforeEach(() => clockAtMidStep(t))
const codeIn = (secret: string, steps: number) => totpCodeIn(t, secret, steps)

type Admin = Awaited<ReturnType<typeof signedInAdmin>>

async function withTotp(app: TestApp = t) {
  const admin = await signedInAdmin(app)
  const factor = await turnOnTotp(app, admin.cookie)
  // The confirming code's step is spent: sign-ins below use steps from 2 later on (and one before).
  app.clock.advance(3 * STEP)
  return { ...admin, ...factor }
}

const mfaCookie = (response: { cookies: Array<{ name: string; value: string }> }) => {
  const cookie = response.cookies.find((c) => c.name === 'mfa')
  if (!cookie) throw new Error('no mfa cookie')
  return `mfa=${cookie.value}`
}

/** The first step: the right password; answers the pending cookie. */
async function passwordStep(admin: Admin, app: TestApp = t) {
  const res = await app.request('POST', '/api/auth/login', {
    body: { email: admin.account.email, password: admin.account.password },
  })
  expect(res.statusCode).toBe(200)
  expect(res.json()).toEqual({ mfaRequired: true, methods: ['totp', 'recovery'] })
  expect(res.cookies.map((c) => c.name)).toEqual(['mfa'])
  return mfaCookie(res)
}

const verify = (cookie: string | undefined, body: unknown, app: TestApp = t) =>
  app.request('POST', '/api/auth/mfa/verify', { cookie, body })

describe('setting up an authenticator app', () => {
  it('answers a secret, its otpauth URL and a QR code; pending until a code confirms it', async () => {
    const admin = await signedInAdmin(t)
    const res = await t.request('POST', '/api/auth/mfa/totp/setup', { cookie: admin.cookie })
    expect(res.statusCode).toBe(200)
    const { secret, otpauthUrl, qrSvg } = res.json<{
      secret: string
      otpauthUrl: string
      qrSvg: string
    }>()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    const url = new URL(otpauthUrl)
    expect(url.protocol).toBe('otpauth:')
    expect(url.host).toBe('totp')
    expect(decodeURIComponent(url.pathname)).toBe(`/AuditDesk:${admin.account.email}`)
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      secret,
      issuer: 'AuditDesk',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    })
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>$/)

    // Kept sealed: the secret itself is nowhere in the row.
    const [row] = await t.app.db
      .select()
      .from(totpFactors)
      .where(eq(totpFactors.personId, await personIdOf(t.app.db, admin.user.id)))
    expect(row!.confirmedAt).toBeNull()
    expect(row!.secretSealed).not.toContain(secret)
    expect(row!.secretSealed).toMatch(/^v1\./)

    // Pending: the password alone still signs in.
    const login = await t.request('POST', '/api/auth/login', {
      body: { email: admin.account.email, password: admin.account.password },
    })
    expect(login.json().user.email).toBe(admin.account.email)
    const status = await t.request('GET', '/api/auth/mfa', { cookie: admin.cookie })
    expect(status.json()).toEqual({
      totp: { enabled: false, confirmedAt: null },
      passkeys: 0,
      recoveryCodesLeft: 0,
    })
  })

  it('a wrong code is refused at the field; the right one turns it on with 10 recovery codes, once', async () => {
    const admin = await signedInAdmin(t)
    const { secret } = (
      await t.request('POST', '/api/auth/mfa/totp/setup', { cookie: admin.cookie })
    ).json<{ secret: string }>()
    const confirm = (code: unknown) =>
      t.request('POST', '/api/auth/mfa/totp/confirm', { cookie: admin.cookie, body: { code } })

    const wrong = await confirm(codeIn(secret, 3))
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({ code: 'VALIDATION', errors: [{ path: 'code' }] })

    const right = await confirm(codeAt(secret, t.clock()).replace(/^(\d{3})/, '$1 '))
    expect(right.statusCode).toBe(200)
    const { recoveryCodes } = right.json<{ recoveryCodes: string[] }>()
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/)

    const status = await t.request('GET', '/api/auth/mfa', { cookie: admin.cookie })
    expect(status.json()).toEqual({
      totp: { enabled: true, confirmedAt: expect.any(String) },
      passkeys: 0,
      recoveryCodesLeft: 10,
    })
    // On: a second set-up or confirmation is refused.
    expect((await confirm(codeIn(secret, 1))).statusCode).toBe(409)
    const again = await t.request('POST', '/api/auth/mfa/totp/setup', { cookie: admin.cookie })
    expect(again.statusCode).toBe(409)
    const trail = await t.app.db
      .select({ action: activityEvents.action })
      .from(activityEvents)
      .where(eq(activityEvents.actorUserId, admin.user.id))
    expect(trail.map((e) => e.action)).toContain('mfa.enabled')
  })

  it('confirming without a set-up → 409; malformed codes → 400 and nothing changes', async () => {
    const admin = await signedInAdmin(t)
    const confirm = (body: unknown) =>
      t.request('POST', '/api/auth/mfa/totp/confirm', { cookie: admin.cookie, body })
    expect((await confirm({ code: '123456' })).statusCode).toBe(409)
    await t.request('POST', '/api/auth/mfa/totp/setup', { cookie: admin.cookie })
    for (const body of [
      {},
      { code: '12345' },
      { code: 'abcdef' },
      { code: 123456 },
      { code: '1'.repeat(30) },
      { code: '123456', x: 1 },
    ]) {
      const res = await confirm(body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().code).toBe('VALIDATION')
    }
    const [row] = await t.app.db
      .select()
      .from(totpFactors)
      .where(eq(totpFactors.personId, await personIdOf(t.app.db, admin.user.id)))
    expect(row!.confirmedAt).toBeNull()
  })
})

describe('signing in with an authenticator app', () => {
  it('the right password gives no session, only a pending step; the code completes it', async () => {
    const admin = await withTotp()
    const pending = await passwordStep(admin)
    // The pending cookie is no session.
    expect((await t.request('GET', '/api/auth/me', { cookie: pending })).statusCode).toBe(401)
    expect((await verify(undefined, { code: codeIn(admin.secret, 0) })).statusCode).toBe(401)

    const wrong = await verify(pending, { code: codeIn(admin.secret, 4) })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({ code: 'VALIDATION', errors: [{ path: 'code' }] })

    const done = await verify(pending, { code: codeIn(admin.secret, 0) })
    expect(done.statusCode).toBe(200)
    expect(done.json().user).toMatchObject({ email: admin.account.email, role: 'admin' })
    const session = sessionCookie(done)
    expect((await t.request('GET', '/api/auth/me', { cookie: session })).statusCode).toBe(200)
    // The pending step is over: it cannot make a second session.
    expect((await verify(pending, { code: codeIn(admin.secret, 1) })).statusCode).toBe(401)
  })

  it('takes the step before and after now, not two away, and each step once', async () => {
    const admin = await withTotp()
    const attempt = async (steps: number) =>
      (await verify(await passwordStep(admin), { code: codeIn(admin.secret, steps) })).statusCode
    expect(await attempt(-2)).toBe(400)
    expect(await attempt(2)).toBe(400)
    expect(await attempt(-1)).toBe(200)
    // The same code again, in the same 30 s: refused.
    expect(await attempt(-1)).toBe(400)
    expect(await attempt(1)).toBe(200)
    // Once a later step was used, an earlier one is not taken either.
    expect(await attempt(0)).toBe(400)
  })

  it('a recovery code signs in once, typed in any case, with or without its dash', async () => {
    const admin = await withTotp()
    const [first, second] = admin.recoveryCodes
    const use = async (recoveryCode: string) => verify(await passwordStep(admin), { recoveryCode })
    expect((await use(first!.toUpperCase().replace('-', ' '))).statusCode).toBe(200)
    const reused = await use(first!)
    expect(reused.statusCode).toBe(400)
    expect(reused.json()).toMatchObject({ errors: [{ path: 'recoveryCode' }] })
    expect((await use(second!.replace('-', ''))).statusCode).toBe(200)
    const status = await t.request('GET', '/api/auth/mfa', { cookie: admin.cookie })
    expect(status.json().recoveryCodesLeft).toBe(8)
  })

  it('the pending step lasts 5 minutes', async () => {
    const admin = await withTotp()
    const pending = await passwordStep(admin)
    t.clock.advance(5 * 60_000 + 1_000)
    const late = await verify(pending, { code: codeIn(admin.secret, 0) })
    expect(late.statusCode).toBe(401)
    expect(late.json().message).toMatch(/expired/)
  })

  it('two submits of the same right code make one session', async () => {
    const admin = await withTotp()
    const pending = await passwordStep(admin)
    const code = codeIn(admin.secret, 0)
    const answers = await Promise.all([verify(pending, { code }), verify(pending, { code })])
    const statuses = answers.map((a) => a.statusCode).sort()
    expect(statuses[0]).toBe(200)
    // The other found the code spent (400) or the pending step over (401).
    expect([400, 401]).toContain(statuses[1])
  })

  it('bad bodies → 400', async () => {
    const admin = await withTotp()
    const pending = await passwordStep(admin)
    for (const body of [
      {},
      { code: '123' },
      { code: '123456', recoveryCode: 'abcde-fghij' },
      { recoveryCode: '' },
      { recoveryCode: 'x'.repeat(41) },
      { code: '123456', extra: true },
    ]) {
      const res = await verify(pending, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().code).toBe('VALIDATION')
    }
  })

  it('wrong codes count towards the sign-in limits of the account', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '3' } })
    try {
      limited.clock.set(t.clock())
      const admin = await withTotp(limited)
      const pending = await passwordStep(admin, limited)
      for (let i = 0; i < 3; i += 1)
        expect((await verify(pending, { code: codeIn(admin.secret, 5) }, limited)).statusCode).toBe(
          400,
        )
      const held = await verify(pending, { code: codeAt(admin.secret, limited.clock()) }, limited)
      expect(held.statusCode).toBe(429)
    } finally {
      await limited.close()
    }
  })
})

describe('turning it off and new recovery codes', () => {
  it('turning off takes the password (a wrong one is refused) and signs in with the password alone after', async () => {
    const admin = await withTotp()
    const remove = (body: unknown) =>
      t.request('DELETE', '/api/auth/mfa/totp', { cookie: admin.cookie, body })
    const wrong = await remove({ password: 'not it at all' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({ errors: [{ path: 'password' }] })
    expect((await remove({})).statusCode).toBe(400)
    expect((await remove({ password: admin.account.password, code: '123456' })).statusCode).toBe(
      400,
    )
    expect((await remove({ password: admin.account.password })).statusCode).toBe(204)
    expect((await remove({ password: admin.account.password })).statusCode).toBe(409)

    const login = await t.request('POST', '/api/auth/login', {
      body: { email: admin.account.email, password: admin.account.password },
    })
    expect(login.json().user.email).toBe(admin.account.email)
    const trail = await t.app.db
      .select({ action: activityEvents.action })
      .from(activityEvents)
      .where(eq(activityEvents.actorUserId, admin.user.id))
    expect(trail.map((e) => e.action)).toContain('mfa.disabled')
  })

  it('turning off with a code from the app, or with a recovery code', async () => {
    const byApp = await withTotp()
    const res = await t.request('DELETE', '/api/auth/mfa/totp', {
      cookie: byApp.cookie,
      body: { code: codeIn(byApp.secret, 0) },
    })
    expect(res.statusCode).toBe(204)
    const byRecovery = await withTotp()
    const viaRecovery = await t.request('DELETE', '/api/auth/mfa/totp', {
      cookie: byRecovery.cookie,
      body: { code: byRecovery.recoveryCodes[3] },
    })
    expect(viaRecovery.statusCode).toBe(204)
  })

  it('new recovery codes replace the old ones', async () => {
    const admin = await withTotp()
    const res = await t.request('POST', '/api/auth/mfa/recovery-codes', {
      cookie: admin.cookie,
      body: { password: admin.account.password },
    })
    expect(res.statusCode).toBe(200)
    const fresh = res.json<{ recoveryCodes: string[] }>().recoveryCodes
    expect(fresh).toHaveLength(10)
    expect(fresh).not.toContain(admin.recoveryCodes[0])
    const old = await verify(await passwordStep(admin), { recoveryCode: admin.recoveryCodes[0] })
    expect(old.statusCode).toBe(400)
    const now = await verify(await passwordStep(admin), { recoveryCode: fresh[0] })
    expect(now.statusCode).toBe(200)
  })
})

describe('a secret that no longer opens (MFA_ENCRYPTION_KEY changed)', () => {
  it('refuses codes from the app, logs why, and still takes a recovery code', async () => {
    const admin = await withTotp()
    const [row] = await t.app.db
      .select()
      .from(totpFactors)
      .where(eq(totpFactors.personId, await personIdOf(t.app.db, admin.user.id)))
    // Sealed under another key: same shape, does not open.
    const [version, iv, , body] = row!.secretSealed.split('.')
    await t.app.db
      .update(totpFactors)
      .set({ secretSealed: [version, iv, Buffer.alloc(16).toString('base64url'), body].join('.') })
      .where(eq(totpFactors.personId, await personIdOf(t.app.db, admin.user.id)))

    const refused = await verify(await passwordStep(admin), { code: codeIn(admin.secret, 0) })
    expect(refused.statusCode).toBe(400)
    expect(t.logs.some((line) => line.includes('"event":"auth.mfa.secret_unreadable"'))).toBe(true)
    const recovered = await verify(await passwordStep(admin), {
      recoveryCode: admin.recoveryCodes[0],
    })
    expect(recovered.statusCode).toBe(200)
  })
})
