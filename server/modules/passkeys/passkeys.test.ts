import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { activityEvents, passkeys } from '../../db/schema'
import {
  APP_URL,
  cookiePair,
  createTestApp,
  sessionCookie,
  signedInAdmin,
  type TestApp,
} from '../../test/harness'
import { softwareAuthenticator } from '../../test/passkey-authenticator'
import {
  addPasskey as addPasskeyTo,
  clockAtMidStep,
  totpCodeIn,
  turnOnTotp,
} from '../../test/second-factors'
import { personIdOf } from '../../test/accounts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())
beforeEach(() => clockAtMidStep(t))

type Admin = Awaited<ReturnType<typeof signedInAdmin>>
type Response = Awaited<ReturnType<TestApp['request']>>

const addPasskey = (
  admin: Admin,
  authenticator?: ReturnType<typeof softwareAuthenticator>,
  name?: string,
) => addPasskeyTo(t, admin.cookie, authenticator, name)

/** Signs in with the authenticator's passkey: the options, then the assertion. */
async function passkeySignIn(
  authenticator: ReturnType<typeof softwareAuthenticator>,
  options: { body?: unknown; cookie?: string; use?: Parameters<typeof authenticator.get>[1] } = {},
) {
  const start = await t.request('POST', '/api/auth/passkeys/login/options', {
    body: options.body ?? {},
    cookie: options.cookie,
  })
  expect(start.statusCode).toBe(200)
  return {
    start,
    res: await t.request('POST', '/api/auth/passkeys/login/verify', {
      cookie: options.cookie,
      body: { response: authenticator.get(start.json(), options.use) },
    }),
  }
}

describe('adding a passkey', () => {
  it('asks for a discoverable, verified credential of this site, excluding those one has', async () => {
    const admin = await signedInAdmin(t)
    const res = await t.request('POST', '/api/auth/passkeys/register/options', {
      cookie: admin.cookie,
    })
    expect(res.json()).toMatchObject({
      challenge: expect.any(String),
      rp: { id: 'app.test', name: 'AuditDesk' },
      user: { name: admin.account.email },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      excludeCredentials: [],
    })

    const { authenticator } = await addPasskey(admin)
    const again = await t.request('POST', '/api/auth/passkeys/register/options', {
      cookie: admin.cookie,
    })
    expect(again.json().excludeCredentials).toEqual([
      { id: authenticator.credentialIds()[0], type: 'public-key', transports: ['internal'] },
    ])
  })

  it('keeps it with its name, makes recovery codes with the first factor only, and records it', async () => {
    const admin = await signedInAdmin(t)
    const first = await addPasskey(admin, undefined, '  Work laptop ')
    expect(first.reply).toEqual({
      passkey: {
        id: expect.any(String),
        name: 'Work laptop',
        createdAt: expect.any(String),
        lastUsedAt: null,
        backedUp: false,
      },
      recoveryCodes: expect.arrayContaining([expect.stringMatching(/^[a-z2-9]{5}-[a-z2-9]{5}$/)]),
    })
    expect(first.reply.recoveryCodes).toHaveLength(10)
    const second = await addPasskey(admin)
    expect(second.reply.recoveryCodes).toBeUndefined()
    expect(second.reply.passkey.name).toBe('Passkey')

    const list = await t.request('GET', '/api/auth/passkeys', { cookie: admin.cookie })
    expect(list.json().map((p: { name: string }) => p.name)).toEqual(['Work laptop', 'Passkey'])
    const status = await t.request('GET', '/api/auth/mfa', { cookie: admin.cookie })
    expect(status.json()).toEqual({
      totp: { enabled: false, confirmedAt: null },
      passkeys: 2,
      recoveryCodesLeft: 10,
    })
    const trail = await t.app.db
      .select({ action: activityEvents.action })
      .from(activityEvents)
      .where(eq(activityEvents.actorUserId, admin.user.id))
    expect(trail.filter((e) => e.action === 'passkey.added')).toHaveLength(2)
  })

  it('two first passkeys added at once: one set of recovery codes, shown with one of them only', async () => {
    const admin = await signedInAdmin(t)
    const ceremonies = await Promise.all(
      [0, 1].map(async () => {
        const options = await t.request('POST', '/api/auth/passkeys/register/options', {
          cookie: admin.cookie,
        })
        expect(options.statusCode).toBe(200)
        return softwareAuthenticator({ origin: APP_URL }).create(options.json())
      }),
    )
    const replies = await Promise.all(
      ceremonies.map((response) =>
        t.request('POST', '/api/auth/passkeys/register/verify', {
          cookie: admin.cookie,
          body: { response },
        }),
      ),
    )
    expect(replies.map((reply) => reply.statusCode)).toEqual([201, 201])
    const shown = replies.filter((reply) => 'recoveryCodes' in reply.json())
    expect(shown).toHaveLength(1)
    const status = await t.request('GET', '/api/auth/mfa', { cookie: admin.cookie })
    expect(status.json()).toMatchObject({ passkeys: 2, recoveryCodesLeft: 10 })
  })

  it('refuses an answer for another site, without user verification, replayed or to a challenge never asked', async () => {
    const admin = await signedInAdmin(t)
    const authenticator = softwareAuthenticator({ origin: APP_URL })
    const cookie = admin.cookie
    const attempt = async (tamper: Parameters<typeof authenticator.create>[1], asked = true) => {
      const options = await t.request('POST', '/api/auth/passkeys/register/options', { cookie })
      const creation = asked ? options.json() : { ...options.json(), challenge: 'bm90LWFza2Vk' }
      const body = { response: authenticator.create(creation, tamper) }
      const res = await t.request('POST', '/api/auth/passkeys/register/verify', { cookie, body })
      return { res, cookie, body }
    }
    const phished = await attempt({ origin: 'https://app.test.evil.example' })
    expect(phished.res.statusCode).toBe(400)
    expect(phished.res.json()).toMatchObject({ code: 'VALIDATION', errors: [{ path: 'response' }] })
    expect((await attempt({ userVerified: false })).res.statusCode).toBe(400)
    expect((await attempt({}, false)).res.statusCode).toBe(409)

    const good = await attempt({})
    expect(good.res.statusCode).toBe(201)
    // The ceremony is spent: the same answer again finds none.
    const replay = await t.request('POST', '/api/auth/passkeys/register/verify', {
      cookie: good.cookie,
      body: good.body,
    })
    expect(replay.statusCode).toBe(409)
    expect(
      await t.app.db
        .select()
        .from(passkeys)
        .where(eq(passkeys.personId, await personIdOf(t.app.db, admin.user.id))),
    ).toHaveLength(1)
  })

  it('malformed bodies → 400 and nothing is kept; another user’s ceremony is refused', async () => {
    const admin = await signedInAdmin(t)
    const other = await signedInAdmin(t)
    const options = await t.request('POST', '/api/auth/passkeys/register/options', {
      cookie: admin.cookie,
    })
    const response = softwareAuthenticator({ origin: APP_URL }).create(options.json())
    for (const body of [
      {},
      { response: 'x' },
      { response: { ...response, type: 'password' } },
      { response, name: '' },
      { response, name: 'n'.repeat(101) },
      { response, extra: 1 },
    ]) {
      const res = await t.request('POST', '/api/auth/passkeys/register/verify', {
        cookie: admin.cookie,
        body,
      })
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400)
    }
    const stolen = await t.request('POST', '/api/auth/passkeys/register/verify', {
      cookie: other.cookie,
      body: { response },
    })
    expect(stolen.statusCode).toBe(409)
    expect(
      await t.app.db
        .select()
        .from(passkeys)
        .where(eq(passkeys.personId, await personIdOf(t.app.db, other.user.id))),
    ).toEqual([])
  })
})

describe('signing in with a passkey', () => {
  it('makes a session without a password, once per ceremony, and keeps the signature count', async () => {
    const admin = await signedInAdmin(t)
    const { authenticator } = await addPasskey(admin)
    const { start, res } = await passkeySignIn(authenticator)
    expect(start.json()).toMatchObject({ rpId: 'app.test', userVerification: 'required' })
    expect(start.json().allowCredentials).toBeUndefined()
    expect(res.statusCode).toBe(200)
    expect(res.json().user).toMatchObject({ id: admin.user.id, email: admin.account.email })
    const me = await t.request('GET', '/api/auth/me', { cookie: sessionCookie(res) })
    expect(me.statusCode).toBe(200)

    const [row] = await t.app.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.personId, await personIdOf(t.app.db, admin.user.id)))
    expect(row).toMatchObject({ counter: 1, lastUsedAt: expect.any(Date) })

    // The same ceremony answered again (a replay) → 401.
    const replay = await t.request('POST', '/api/auth/passkeys/login/verify', {
      body: { response: authenticator.get(start.json()) },
    })
    expect(replay.statusCode).toBe(401)
  })

  it('refuses an unknown passkey, another site, another challenge, another account’s e-mail', async () => {
    const admin = await signedInAdmin(t)
    const other = await signedInAdmin(t)
    const { authenticator } = await addPasskey(admin)
    const stranger = softwareAuthenticator({ origin: APP_URL })
    stranger.create({ challenge: 'x', rp: {}, user: { id: 'nobody' } })

    const unknown = await passkeySignIn(stranger)
    expect(unknown.res.statusCode).toBe(401)
    expect(unknown.res.json().code).toBe('INVALID_CREDENTIALS')
    const phished = await passkeySignIn(authenticator, { use: { origin: 'https://evil.example' } })
    expect(phished.res.statusCode).toBe(401)
    const otherChallenge = await passkeySignIn(authenticator, { use: { challenge: 'AAAA' } })
    expect(otherChallenge.res.statusCode).toBe(401)
    const wrongAccount = await passkeySignIn(authenticator, {
      body: { email: other.account.email },
    })
    expect(wrongAccount.res.statusCode).toBe(401)
    expect(wrongAccount.res.cookies.map((c) => c.name)).not.toContain('session')

    // Bound to the right address (any case) it signs in; unknown or passkey-less addresses get the same options.
    const right = await passkeySignIn(authenticator, {
      body: { email: admin.account.email.toUpperCase() },
    })
    expect(right.res.statusCode).toBe(200)
    const shape = (res: Response) => Object.keys(res.json()).sort()
    const none = await t.request('POST', '/api/auth/passkeys/login/options', {
      body: { email: 'nobody@example.com' },
    })
    expect(shape(none)).toEqual(shape(right.start))
    expect(none.json().allowCredentials).toBeUndefined()
  })

  it('an answer to a challenge never asked, or a malformed body → an error and no session', async () => {
    const admin = await signedInAdmin(t)
    const { authenticator } = await addPasskey(admin)
    const start = await t.request('POST', '/api/auth/passkeys/login/options', { body: {} })
    const unasked = await t.request('POST', '/api/auth/passkeys/login/verify', {
      body: { response: authenticator.get({ challenge: 'bm90LWFza2Vk' }) },
    })
    expect(unasked.statusCode).toBe(401)
    expect(unasked.json().message).toBe('This passkey request has expired. Please try again.')
    const response = authenticator.get(start.json())
    const garbled = { ...response, response: { ...response.response, clientDataJSON: '!!' } }
    for (const body of [{}, { response: null }, { response: { id: 'x' } }, { response, x: 1 }]) {
      const res = await t.request('POST', '/api/auth/passkeys/login/verify', { body })
      expect(res.statusCode).toBe(400)
    }
    // Client data that does not decode names no challenge: no ceremony is found.
    const res = await t.request('POST', '/api/auth/passkeys/login/verify', {
      body: { response: garbled },
    })
    expect(res.statusCode).toBe(401)
    // The real answer still works: the refusals spent nothing.
    const signedIn = await t.request('POST', '/api/auth/passkeys/login/verify', {
      body: { response },
    })
    expect(signedIn.statusCode).toBe(200)
    for (const body of [{ email: 'not-an-email' }, { email: 1 }, { other: 1 }]) {
      const res = await t.request('POST', '/api/auth/passkeys/login/options', { body })
      expect(res.statusCode).toBe(400)
    }
  })

  it('after a right password, is the second step: only that account’s passkeys, and the pending sign-in ends', async () => {
    const admin = await signedInAdmin(t)
    const { authenticator } = await addPasskey(admin)
    const login = await t.request('POST', '/api/auth/login', {
      body: { email: admin.account.email, password: admin.account.password },
    })
    expect(login.json()).toEqual({ mfaRequired: true, methods: ['webauthn', 'recovery'] })
    const pending = cookiePair(login, ['mfa'])
    const { start, res } = await passkeySignIn(authenticator, { cookie: pending })
    expect(start.json().allowCredentials).toEqual([
      { id: authenticator.credentialIds()[0], type: 'public-key', transports: ['internal'] },
    ])
    expect(res.statusCode).toBe(200)
    expect(res.cookies.find((c) => c.name === 'mfa')?.value).toBe('')
    // The pending sign-in is spent: a code can no longer complete it.
    const late = await t.request('POST', '/api/auth/mfa/verify', {
      cookie: pending,
      body: { recoveryCode: 'aaaaa-aaaaa' },
    })
    expect(late.statusCode).toBe(401)

    // Another account's passkey cannot complete this account's pending sign-in.
    const other = await signedInAdmin(t)
    const { authenticator: theirs } = await addPasskey(other)
    const again = await t.request('POST', '/api/auth/login', {
      body: { email: admin.account.email, password: admin.account.password },
    })
    const hijack = await passkeySignIn(theirs, { cookie: cookiePair(again, ['mfa']) })
    expect(hijack.res.statusCode).toBe(401)
  })
})

describe('managing one’s passkeys', () => {
  it('renames and removes one’s own; another user’s id is 404; the last factor takes the codes', async () => {
    const admin = await signedInAdmin(t)
    const other = await signedInAdmin(t)
    const { reply } = await addPasskey(admin)
    const id = reply.passkey.id as string
    const rename = (cookie: string, body: unknown, target = id) =>
      t.request('PATCH', `/api/auth/passkeys/${target}`, { cookie, body })
    expect((await rename(admin.cookie, { name: 'Phone' })).json().name).toBe('Phone')
    expect((await rename(admin.cookie, { name: ' ' })).statusCode).toBe(400)
    expect((await rename(admin.cookie, { name: 'Phone' }, 'not-a-uuid')).statusCode).toBe(400)
    expect((await rename(other.cookie, { name: 'Mine' })).statusCode).toBe(404)

    const remove = (cookie: string, body: unknown) =>
      t.request('DELETE', `/api/auth/passkeys/${id}`, { cookie, body })
    expect((await remove(other.cookie, { password: other.account.password })).statusCode).toBe(404)
    const wrong = await remove(admin.cookie, { password: 'not-my-password' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().errors).toEqual([{ path: 'password', message: 'Password is incorrect' }])
    expect((await remove(admin.cookie, {})).statusCode).toBe(400)
    expect((await remove(admin.cookie, { password: admin.account.password })).statusCode).toBe(204)

    const status = await t.request('GET', '/api/auth/mfa', { cookie: admin.cookie })
    expect(status.json()).toMatchObject({ passkeys: 0, recoveryCodesLeft: 0 })
    const login = await t.request('POST', '/api/auth/login', {
      body: { email: admin.account.email, password: admin.account.password },
    })
    expect(login.json().user.id).toBe(admin.user.id)
  })

  it('with an app as well, removing the passkey keeps the app and the codes; methods name both', async () => {
    const admin = await signedInAdmin(t)
    const { reply } = await addPasskey(admin)
    const { secret } = await turnOnTotp(t, admin.cookie)
    const login = await t.request('POST', '/api/auth/login', {
      body: { email: admin.account.email, password: admin.account.password },
    })
    expect(login.json().methods).toEqual(['totp', 'webauthn', 'recovery'])
    t.clock.advance(60_000)
    const removed = await t.request('DELETE', `/api/auth/passkeys/${reply.passkey.id}`, {
      cookie: admin.cookie,
      body: { code: totpCodeIn(t, secret) },
    })
    expect(removed.statusCode).toBe(204)
    const status = await t.request('GET', '/api/auth/mfa', { cookie: admin.cookie })
    expect(status.json()).toMatchObject({
      totp: { enabled: true },
      passkeys: 0,
      recoveryCodesLeft: 10,
    })
  })
})
