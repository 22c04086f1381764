import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ssoSignIns } from '../../db/schema'
import { createTestApp, sessionCookie, signedInAdmin, type TestApp } from '../../test/harness'
import { startOidcProvider, type OidcAccount } from '../../test/oidc-provider'
import { addPasskey, turnOnTotp } from '../../test/second-factors'
import { passwords } from '../auth/passwords'
import { issuerProblem } from './provider'
import { insertUser } from '../users/users.repo'
import { accountsByEmail } from '../../test/accounts'
import { INVITATION_LINK } from '../../test/factories'
import { linkIn, tokenFrom } from '../../test/smtp-capture'

const CLIENT = { clientId: 'auditdesk', clientSecret: 'a provider secret' }
let t: TestApp
let provider: Awaited<ReturnType<typeof startOidcProvider>>

beforeAll(async () => {
  provider = await startOidcProvider({
    ...CLIENT,
    redirectUris: ['http://app.test/api/auth/sso/callback'],
  })
  t = await createTestApp({ env: { SSO_ALLOW_HTTP_ISSUER: 'true' } })
})
afterAll(async () => {
  await t?.close()
  await provider?.close()
})

let firms = 0
/** A firm whose admin's address is at a domain of its own; its single sign-on set up. */
async function firmWithSso(options: { autoProvision?: boolean; enforce?: boolean } = {}) {
  firms += 1
  const domain = `firm${firms}-${process.pid}.test`
  const admin = await signedInAdmin(t, { email: `ada@${domain}` })
  const res = await saveSso(admin.cookie, {
    domains: [domain],
    autoProvision: options.autoProvision ?? false,
    enforce: options.enforce ?? false,
  })
  expect(res.statusCode, res.body).toBe(200)
  return { admin, domain, organizationId: admin.user.company.id as string }
}

const saveSso = (cookie: string, body: Record<string, unknown>) =>
  t.request('PUT', '/api/organization/sso', {
    cookie,
    body: { issuer: provider.issuer, ...CLIENT, ...body },
  })

/** A member of the firm at `email`, with a password. */
async function member(organizationId: string, email: string, role: 'staff' | 'admin' = 'staff') {
  const now = t.clock()
  const user = await insertUser(
    t.app.db,
    {
      organizationId,
      email,
      passwordHash: await passwords.hash('member password'),
      firstName: 'Sam',
      lastName: 'Member',
      role,
      clientId: null,
      emailVerifiedAt: now,
    },
    now,
  )
  return user!
}

const account = (email: string, verified = true): OidcAccount => ({
  sub: `sub-${email}`,
  email,
  email_verified: verified,
})

/** /api/auth/sso/start for the address: the provider's URL and the pending cookie. */
async function start(email: string) {
  const res = await t.request('GET', `/api/auth/sso/start?email=${encodeURIComponent(email)}`)
  expect(res.statusCode).toBe(302)
  const cookie = res.cookies.find((c) => c.name === 'sso')
  return { location: res.headers.location as string, cookie: cookie && `sso=${cookie.value}` }
}

/** The provider's redirect back, delivered to our callback with the browser's cookie. */
function callback(back: string, cookie: string | undefined) {
  const url = new URL(back)
  expect(url.origin).toBe('http://app.test')
  return t.request('GET', `${url.pathname}${url.search}`, { cookie })
}

/** The whole round trip as `who`: where our callback sends the browser, and its cookies. */
async function signInThroughProvider(email: string, who: OidcAccount = account(email)) {
  const started = await start(email)
  const back = await provider.signIn(started.location, who)
  return callback(back, started.cookie)
}

describe('setting up single sign-on', () => {
  it('keeps the provider (never answering its secret), checked by discovery, with the redirect URI to register', async () => {
    const admin = await signedInAdmin(t, { email: `ada@setup-${process.pid}.test` })
    const empty = await t.request('GET', '/api/organization/sso', { cookie: admin.cookie })
    expect(empty.json()).toEqual({
      callbackUrl: 'http://app.test/api/auth/sso/callback',
      connection: null,
    })
    const saved = await saveSso(admin.cookie, {
      domains: [` @SETUP-${process.pid}.test `],
      autoProvision: true,
      enforce: false,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().connection).toEqual({
      issuer: provider.issuer,
      clientId: CLIENT.clientId,
      domains: [`setup-${process.pid}.test`],
      autoProvision: true,
      enforce: false,
      updatedAt: expect.any(String),
    })
    expect(saved.body).not.toContain(CLIENT.clientSecret)
    // Saved again without the secret: the one kept is used (discovery passes again).
    const again = await t.request('PUT', '/api/organization/sso', {
      cookie: admin.cookie,
      body: {
        issuer: provider.issuer,
        clientId: CLIENT.clientId,
        domains: [`setup-${process.pid}.test`],
        autoProvision: false,
        enforce: true,
      },
    })
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json().connection).toMatchObject({ autoProvision: false, enforce: true })

    const removed = await t.request('DELETE', '/api/organization/sso', { cookie: admin.cookie })
    expect(removed.statusCode).toBe(204)
    expect(
      (await t.request('GET', '/api/organization/sso', { cookie: admin.cookie })).json().connection,
    ).toBeNull()
    expect(
      (await t.request('DELETE', '/api/organization/sso', { cookie: admin.cookie })).statusCode,
    ).toBe(404)
  })

  it('refuses, changing nothing: a domain not the admin’s own, no secret, an issuer without discovery, bad bodies', async () => {
    const domain = `refuse-${process.pid}.test`
    const admin = await signedInAdmin(t, { email: `ada@${domain}` })
    const fieldOf = async (body: Record<string, unknown>) => {
      const res = await t.request('PUT', '/api/organization/sso', { cookie: admin.cookie, body })
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      return res.json().errors[0].path
    }
    const good = {
      issuer: provider.issuer,
      ...CLIENT,
      domains: [domain],
      autoProvision: false,
      enforce: false,
    }
    expect(await fieldOf({ ...good, domains: ['example.org'] })).toBe('domains')
    expect(await fieldOf({ ...good, clientSecret: undefined })).toBe('clientSecret')
    expect(await fieldOf({ ...good, issuer: 'http://127.0.0.1:9/nothing' })).toBe('issuer')
    expect(await fieldOf({ ...good, issuer: 'ftp://example.com' })).toBe('issuer')
    expect(await fieldOf({ ...good, domains: [] })).toBe('domains')
    expect(await fieldOf({ ...good, domains: ['not a domain'] })).toBe('domains.0')
    expect(await fieldOf({ ...good, domains: [domain, domain] })).toBe('domains')
    expect(await fieldOf({ ...good, enforce: 'yes' })).toBe('enforce')
    expect(await fieldOf({ ...good, clientId: 'x'.repeat(501) })).toBe('clientId')
    expect(
      (
        await t.request('PUT', '/api/organization/sso', {
          cookie: admin.cookie,
          body: { ...good, extra: 1 },
        })
      ).statusCode,
    ).toBe(400)
    const none = await t.request('GET', '/api/organization/sso', { cookie: admin.cookie })
    expect(none.json().connection).toBeNull()
  })

  it('a domain belongs to one firm: another firm claiming it → 409', async () => {
    const { domain } = await firmWithSso()
    const other = await signedInAdmin(t, { email: `bob@${domain}` })
    const res = await saveSso(other.cookie, {
      domains: [domain],
      autoProvision: false,
      enforce: false,
    })
    expect(res.statusCode).toBe(409)
  })

  it('an http issuer, or a local one, is refused unless SSO_ALLOW_HTTP_ISSUER allows it', () => {
    expect(issuerProblem('http://idp.example.com', false)).toMatch(/https/)
    expect(issuerProblem('https://127.0.0.1:8443', false)).toMatch(/local or private/)
    expect(issuerProblem('https://10.1.2.3', false)).toMatch(/local or private/)
    expect(issuerProblem('https://idp.example.com/tenant', false)).toBeNull()
    expect(issuerProblem('http://127.0.0.1:8080', true)).toBeNull()
  })
})

describe('signing in through the provider', () => {
  it('signs in the firm’s member whose verified address the provider asserts; the lookup offers it', async () => {
    const { domain, organizationId } = await firmWithSso()
    const staff = await member(organizationId, `sam@${domain}`)
    const lookup = await t.request('GET', `/api/auth/sso/lookup?email=sam@${domain.toUpperCase()}`)
    expect(lookup.json()).toEqual({ sso: true, enforced: false })

    const started = await start(`sam@${domain}`)
    const authorize = new URL(started.location)
    expect(authorize.origin).toBe(provider.issuer)
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: CLIENT.clientId,
      redirect_uri: 'http://app.test/api/auth/sso/callback',
      response_type: 'code',
      code_challenge_method: 'S256',
      state: expect.any(String),
      nonce: expect.any(String),
      login_hint: `sam@${domain}`,
    })
    const back = await provider.signIn(started.location, account(`sam@${domain}`))
    const res = await callback(back, started.cookie)
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('/dashboard')
    const me = await t.request('GET', '/api/auth/me', { cookie: sessionCookie(res) })
    expect(me.json()).toMatchObject({ id: staff.id, email: `sam@${domain}`, role: 'staff' })
    // The same answer again: the pending sign-in is spent.
    const replay = await callback(back, started.cookie)
    expect(replay.headers.location).toBe('/login?sso=expired')
  })

  it('an address at no claimed domain goes back to the login page; the lookup says no', async () => {
    const res = await t.request('GET', '/api/auth/sso/start?email=someone@unclaimed.example')
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('/login?sso=unknown_domain')
    const lookup = await t.request('GET', '/api/auth/sso/lookup?email=someone@unclaimed.example')
    expect(lookup.json()).toEqual({ sso: false, enforced: false })
    expect((await t.request('GET', '/api/auth/sso/start?email=nope')).statusCode).toBe(400)
  })

  it('autoProvision adds an unknown address as staff; without it the sign-in is refused', async () => {
    const open = await firmWithSso({ autoProvision: true })
    const res = await signInThroughProvider(`new.person@${open.domain}`, {
      ...account(`new.person@${open.domain}`),
      name: 'New Person',
    })
    expect(res.headers.location).toBe('/dashboard')
    const me = (await t.request('GET', '/api/auth/me', { cookie: sessionCookie(res) })).json()
    expect(me).toMatchObject({
      email: `new.person@${open.domain}`,
      role: 'staff',
      firstName: 'New',
      lastName: 'Person',
    })
    expect(me.company.id).toBe(open.organizationId)

    const closed = await firmWithSso()
    const refused = await signInThroughProvider(`stranger@${closed.domain}`)
    expect(refused.headers.location).toBe('/login?sso=no_account')
    expect(refused.cookies.map((c) => c.name)).not.toContain('session')
    expect(await accountsByEmail(t.app.db, `stranger@${closed.domain}`)).toEqual([])
  })

  it('refuses an unverified address, a member of another firm, a forged state, a wrong nonce, a missing cookie', async () => {
    const { domain, organizationId } = await firmWithSso({ autoProvision: true })
    await member(organizationId, `kim@${domain}`)
    const unverified = await signInThroughProvider(`kim@${domain}`, account(`kim@${domain}`, false))
    expect(unverified.headers.location).toBe('/login?sso=unverified_email')

    // Someone of another firm at this domain (registered before it was claimed).
    const elsewhere = await signedInAdmin(t, { email: `lee@${domain}` })
    const foreign = await signInThroughProvider(`lee@${domain}`)
    expect(foreign.headers.location).toBe('/login?sso=wrong_company')
    expect(elsewhere.user.company.id).not.toBe(organizationId)

    // A state that is not the one this browser's sign-in sent.
    const started = await start(`kim@${domain}`)
    const back = new URL(await provider.signIn(started.location, account(`kim@${domain}`)))
    back.searchParams.set('state', 'forged-state')
    expect((await callback(back.href, started.cookie)).headers.location).toBe('/login?sso=refused')

    // An ID token whose nonce is not the sign-in's.
    const second = await start(`kim@${domain}`)
    const secondBack = await provider.signIn(second.location, account(`kim@${domain}`))
    await t.app.db
      .update(ssoSignIns)
      .set({ nonce: 'another-nonce' })
      .where(eq(ssoSignIns.organizationId, organizationId))
    expect((await callback(secondBack, second.cookie)).headers.location).toBe('/login?sso=refused')

    // The provider's answer without the browser that started it.
    const third = await start(`kim@${domain}`)
    const thirdBack = await provider.signIn(third.location, account(`kim@${domain}`))
    expect((await callback(thirdBack, undefined)).headers.location).toBe('/login?sso=expired')
    // The person cancelled at the provider.
    const fourth = await start(`kim@${domain}`)
    const denied = await provider.signIn(fourth.location, account(`kim@${domain}`), { deny: true })
    expect((await callback(denied, fourth.cookie)).headers.location).toBe('/login?sso=refused')
  })
})

describe('enforce', () => {
  it('refuses password and passkey sign-in at the domains with SSO_REQUIRED; an admin with a factor keeps the password', async () => {
    const { admin, domain, organizationId } = await firmWithSso({ enforce: true })
    await member(organizationId, `max@${domain}`)
    const login = (email: string, password: string) =>
      t.request('POST', '/api/auth/login', { body: { email, password } })

    const refused = await login(`max@${domain}`, 'member password')
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('SSO_REQUIRED')
    // A wrong password is still just wrong: the rule says nothing before the password is right.
    expect((await login(`max@${domain}`, 'not it')).statusCode).toBe(401)
    expect((await t.request('GET', `/api/auth/sso/lookup?email=max@${domain}`)).json()).toEqual({
      sso: true,
      enforced: true,
    })
    // The admin without a second factor is held too; with one, the password is their way in.
    expect((await login(admin.account.email, admin.account.password)).json().code).toBe(
      'SSO_REQUIRED',
    )
    await turnOnTotp(t, admin.cookie)
    const breakGlass = await login(admin.account.email, admin.account.password)
    expect(breakGlass.statusCode).toBe(200)
    expect(breakGlass.json()).toMatchObject({ mfaRequired: true })

    // Through the provider, the member signs in; a passkey they add does not get around it.
    const res = await signInThroughProvider(`max@${domain}`)
    expect(res.headers.location).toBe('/dashboard')
    const { authenticator } = await addPasskey(t, sessionCookie(res))
    const options = await t.request('POST', '/api/auth/passkeys/login/options', { body: {} })
    const passkey = await t.request('POST', '/api/auth/passkeys/login/verify', {
      body: { response: authenticator.get(options.json()) },
    })
    expect(passkey.statusCode).toBe(403)
    expect(passkey.json().code).toBe('SSO_REQUIRED')
  })
})

describe('a person in several companies', () => {
  /** A member of an SSO firm who also joined a second company with their password. */
  async function memberOfTwo(options: { enforce?: boolean } = {}) {
    const { domain, organizationId } = await firmWithSso(options)
    const email = `kai@${domain}`
    await member(organizationId, email)
    const other = await signedInAdmin(t)
    const seen = t.smtp.to(email).length
    const invited = await t.request('POST', '/api/invitations', {
      cookie: other.cookie,
      body: { email, role: 'staff' },
    })
    expect(invited.statusCode, invited.body).toBe(201)
    const token = tokenFrom(linkIn(await t.smtp.waitFor(email, seen), INVITATION_LINK))
    const accepted = await t.request('POST', '/api/invitations/accept', {
      body: { token, password: 'member password' },
    })
    expect(accepted.statusCode, accepted.body).toBe(201)
    return { email, firmId: organizationId, otherId: other.user.company.id as string }
  }
  const switchTo = (cookie: string, organizationId: string) =>
    t.request('POST', '/api/auth/switch', { cookie, body: { organizationId } })

  it('a session made through a firm’s provider is that firm’s only: switching elsewhere asks for its own sign-in', async () => {
    const { email, firmId, otherId } = await memberOfTwo()
    // The provider signs in the person's membership of its own firm, wherever they last were.
    const res = await signInThroughProvider(email)
    expect(res.headers.location).toBe('/dashboard')
    const cookie = sessionCookie(res)
    const me = await t.request('GET', '/api/auth/me', { cookie })
    expect(me.json()).toMatchObject({ company: { id: firmId } })
    const refused = await switchTo(cookie, otherId)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ code: 'SSO_REQUIRED' })
    expect((await t.request('GET', '/api/auth/me', { cookie })).json()).toMatchObject({
      company: { id: firmId },
    })
    // A password session of the same person moves between the two.
    const login = await t.request('POST', '/api/auth/login', {
      body: { email, password: 'member password' },
    })
    const password = sessionCookie(login)
    expect((await switchTo(password, firmId)).statusCode).toBe(200)
    expect((await switchTo(password, otherId)).statusCode).toBe(200)
  })

  it('a firm that enforces its single sign-on is not entered by switching from a password session', async () => {
    const { email, firmId, otherId } = await memberOfTwo({ enforce: true })
    const login = await t.request('POST', '/api/auth/login', {
      body: { email, password: 'member password' },
    })
    // The password still opens the other company, where the person last was.
    expect(login.statusCode, login.body).toBe(200)
    expect(login.json()).toMatchObject({ user: { company: { id: otherId } } })
    const refused = await switchTo(sessionCookie(login), firmId)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ code: 'SSO_REQUIRED' })
  })
})
