import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CurrentUser, Membership } from '@shared/schemas/auth'
import type { InvitationPreview } from '@shared/schemas/invitations'
import {
  createClient,
  expectError,
  expectValidation,
  INVITATION_LINK,
  MISSING_ID,
} from '../../test/factories'
import {
  createTestApp,
  keepSessionsLong,
  sessionCookie,
  signedInAdmin,
  type TestApp,
} from '../../test/harness'
import { clockAtMidStep, totpCodeIn, turnOnTotp } from '../../test/second-factors'
import { linkIn, tokenFrom } from '../../test/smtp-capture'
import { invitationMessages } from '../invitations/invitations.service'

// One person in several companies (decision 047): an invitation to an address with an account
// adds a membership, the session switches between them, and each company removes only its own.

let t: TestApp
type Admin = Awaited<ReturnType<typeof signedInAdmin>>

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

const me = (cookie: string) => t.request('GET', '/api/auth/me', { cookie })
const memberships = async (cookie: string) => {
  const res = await t.request('GET', '/api/auth/memberships', { cookie })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<Membership[]>()
}
const switchTo = (cookie: string, organizationId: unknown) =>
  t.request('POST', '/api/auth/switch', { cookie, body: { organizationId } })
const login = (email: string, password: string) =>
  t.request('POST', '/api/auth/login', { body: { email, password } })
const accept = (body: unknown, cookie?: string) =>
  t.request('POST', '/api/invitations/accept', { body, cookie })
const preview = (token: string, cookie?: string) =>
  t.request('GET', `/api/invitations/accept?token=${encodeURIComponent(token)}`, { cookie })

/** `inviter`'s company invites `email`; answers the token of the link mailed. */
async function invite(inviter: Admin, email: string, body: Record<string, unknown> = {}) {
  const seen = t.smtp.to(email).length
  const res = await t.request('POST', '/api/invitations', {
    cookie: inviter.cookie,
    body: { email, role: 'staff', ...body },
  })
  expect(res.statusCode, res.body).toBe(201)
  const mail = await t.smtp.waitFor(email, seen)
  return tokenFrom(linkIn(mail, INVITATION_LINK))
}

/** A firm admin `person` who also joins `other`'s company as staff, with their password. */
async function inTwoCompanies() {
  const person = await signedInAdmin(t)
  const other = await signedInAdmin(t)
  await keepSessionsLong(t, other.cookie)
  const token = await invite(other, person.account.email)
  const joined = await accept({ token, password: person.account.password })
  expect(joined.statusCode, joined.body).toBe(201)
  return {
    person,
    other,
    joinedCookie: sessionCookie(joined),
    joined: joined.json<{ user: CurrentUser }>().user,
  }
}

describe('an invitation to an address with an account', () => {
  it('is accepted with that account’s password: the person joins, keeps one sign-in, and lands in the new company', async () => {
    const { person, other, joinedCookie, joined } = await inTwoCompanies()
    expect(joined).toMatchObject({
      email: person.account.email,
      firstName: person.account.firstName,
      role: 'staff',
      company: { id: other.user.company.id },
    })
    expect(joined.id).not.toBe(person.user.id)
    expect(await memberships(joinedCookie)).toEqual(
      [
        {
          id: person.user.company.id,
          organizationId: person.user.company.id,
          name: person.account.companyName,
          role: 'admin',
          active: false,
        },
        {
          id: other.user.company.id,
          organizationId: other.user.company.id,
          name: other.account.companyName,
          role: 'staff',
          active: true,
        },
      ].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase())),
    )
    // The other company lists them as one of its users; their first session lives on, in the first company.
    const listed = await t.request('GET', '/api/users', { cookie: other.cookie })
    expect(listed.json<Array<{ email: string }>>().map((u) => u.email)).toContain(
      person.account.email,
    )
    expect((await me(person.cookie)).json<CurrentUser>().company.id).toBe(person.user.company.id)
  })

  it('signed in as that person, the link needs no password; the session moves to the new company', async () => {
    const person = await signedInAdmin(t)
    const other = await signedInAdmin(t)
    const token = await invite(other, person.account.email)
    expect((await preview(token)).json<InvitationPreview>()).toMatchObject({
      accountExists: true,
      signedIn: false,
    })
    expect((await preview(token, person.cookie)).json<InvitationPreview>()).toMatchObject({
      accountExists: true,
      signedIn: true,
    })
    // Someone else's session counts for nothing.
    expectValidation(await accept({ token }, other.cookie), ['password'])
    const res = await accept({ token }, person.cookie)
    expect(res.statusCode, res.body).toBe(201)
    expect(res.cookies.map((c) => c.name)).not.toContain('session')
    expect(res.json<{ user: CurrentUser }>().user.company.id).toBe(other.user.company.id)
    expect((await me(person.cookie)).json<CurrentUser>().company.id).toBe(other.user.company.id)
  })

  it('a wrong password is refused at the field and nothing joins; the names stay the person’s', async () => {
    const person = await signedInAdmin(t)
    const other = await signedInAdmin(t)
    const token = await invite(other, person.account.email)
    const wrong = expectValidation(await accept({ token, password: 'not my password' }), [
      'password',
    ])
    expect(wrong.message).toBe(invitationMessages.wrongPassword)
    expect(await memberships(person.cookie)).toHaveLength(1)
    // Names are the person's: a newcomer's names do not rename them.
    const res = await accept({
      token,
      password: person.account.password,
      firstName: 'Someone',
      lastName: 'Else',
    })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json<{ user: CurrentUser }>().user.firstName).toBe(person.account.firstName)
    // The link is spent.
    expectError(await accept({ token, password: person.account.password }), 400, 'INVALID_TOKEN')
  })

  it('a person with a second factor signs in first: the password alone does not add a company', async () => {
    clockAtMidStep(t)
    const person = await signedInAdmin(t)
    await turnOnTotp(t, person.cookie)
    const other = await signedInAdmin(t)
    const token = await invite(other, person.account.email)
    const body = expectError(
      await accept({ token, password: person.account.password }),
      403,
      'FORBIDDEN',
    )
    expect(body.message).toBe(invitationMessages.signInFirst)
    const res = await accept({ token }, person.cookie)
    expect(res.statusCode, res.body).toBe(201)
  })

  it('a company the person is already in answers 409; an invitation to one of its own users is refused when sent', async () => {
    const { person, other } = await inTwoCompanies()
    const again = await t.request('POST', '/api/invitations', {
      cookie: other.cookie,
      body: { email: person.account.email, role: 'admin' },
    })
    expectError(again, 409, 'CONFLICT')
  })

  it('one link accepted twice at once (session and password): one joins, the other is refused', async () => {
    const person = await signedInAdmin(t)
    const other = await signedInAdmin(t)
    const first = await invite(other, person.account.email)
    const revoke = await t.request('GET', '/api/invitations', { cookie: other.cookie })
    const id = revoke
      .json<Array<{ id: string; email: string }>>()
      .find((i) => i.email === person.account.email)!.id
    await t.request('DELETE', `/api/invitations/${id}`, { cookie: other.cookie })
    expectError(
      await accept({ token: first, password: person.account.password }),
      400,
      'INVALID_TOKEN',
    )
    const second = await invite(other, person.account.email)
    const answers = await Promise.all([
      accept({ token: second }, person.cookie),
      accept({ token: second, password: person.account.password }),
    ])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, expect.any(Number)])
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1)
    expect(
      (await memberships(person.cookie)).filter((m) => m.organizationId === other.user.company.id),
    ).toHaveLength(1)
  })
})

describe('POST /api/auth/switch', () => {
  it('moves the session to another of the person’s companies; /me, the data and the next sign-in follow', async () => {
    const { person, other, joinedCookie } = await inTwoCompanies()
    const client = await createClient(t, person.cookie, { name: 'Only in the first company' })
    const back = await switchTo(joinedCookie, person.user.company.id)
    expect(back.statusCode, back.body).toBe(200)
    expect(back.json<{ user: CurrentUser }>().user).toMatchObject({
      id: person.user.id,
      role: 'admin',
      company: { id: person.user.company.id },
    })
    const clients = await t.request('GET', '/api/clients', { cookie: joinedCookie })
    expect(clients.json<Array<{ id: string }>>().map((c) => c.id)).toContain(client.id)
    expect((await memberships(joinedCookie)).find((m) => m.active)?.organizationId).toBe(
      person.user.company.id,
    )
    // The choice is remembered: the next sign-in lands where the person last was.
    expect((await switchTo(joinedCookie, other.user.company.id)).statusCode).toBe(200)
    const next = await login(person.account.email, person.account.password)
    expect(next.json<{ user: CurrentUser }>().user.company.id).toBe(other.user.company.id)
    const clientsThere = await t.request('GET', '/api/clients', { cookie: joinedCookie })
    expect(clientsThere.json<Array<{ id: string }>>().map((c) => c.id)).not.toContain(client.id)
  })

  it('a company the person is not in → 404, a malformed id → 400, nothing changes', async () => {
    const { person, other, joinedCookie } = await inTwoCompanies()
    const stranger = await signedInAdmin(t)
    for (const organizationId of [stranger.user.company.id, MISSING_ID]) {
      expectError(await switchTo(joinedCookie, organizationId), 404, 'NOT_FOUND')
    }
    expectValidation(await switchTo(joinedCookie, 'not-an-id'), ['organizationId'])
    expectValidation(await switchTo(joinedCookie, undefined), ['organizationId'])
    const extra = await t.request('POST', '/api/auth/switch', {
      cookie: joinedCookie,
      body: { organizationId: person.user.company.id, role: 'admin' },
    })
    expectValidation(extra, ['role'])
    expect((await me(joinedCookie)).json<CurrentUser>().company.id).toBe(other.user.company.id)
    expect(
      (await t.request('POST', '/api/auth/switch', { body: { organizationId: MISSING_ID } }))
        .statusCode,
    ).toBe(401)
  })
})

describe('one person, several companies', () => {
  it('a second factor is the person’s: set up in one company, asked at every sign-in', async () => {
    clockAtMidStep(t)
    const { person, joinedCookie } = await inTwoCompanies()
    const { secret } = await turnOnTotp(t, joinedCookie)
    const status = await t.request('GET', '/api/auth/mfa', { cookie: person.cookie })
    expect(status.json()).toMatchObject({ totp: { enabled: true } })
    const signIn = await login(person.account.email, person.account.password)
    expect(signIn.json()).toMatchObject({ mfaRequired: true })
    t.clock.advance(30_000)
    const verified = await t.request('POST', '/api/auth/mfa/verify', {
      cookie: signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; '),
      body: { code: totpCodeIn(t, secret) },
    })
    expect(verified.statusCode, verified.body).toBe(200)
  })

  it('a company removing the person ends only its own membership: their sessions there end, the other company’s live on', async () => {
    const { person, other, joinedCookie } = await inTwoCompanies()
    const joinedId = (await me(joinedCookie)).json<CurrentUser>().id
    const removed = await t.request('DELETE', `/api/users/${joinedId}`, { cookie: other.cookie })
    expect(removed.statusCode, removed.body).toBe(204)
    expect((await me(joinedCookie)).statusCode).toBe(401)
    expect((await me(person.cookie)).statusCode).toBe(200)
    expect(await memberships(person.cookie)).toEqual([
      expect.objectContaining({ organizationId: person.user.company.id, active: true }),
    ])
    // The person still signs in, to the company they are still in.
    const next = await login(person.account.email, person.account.password)
    expect(next.json<{ user: CurrentUser }>().user.company.id).toBe(person.user.company.id)
  })

  it('a new password ends the person’s other sessions in every company', async () => {
    const { person, joinedCookie } = await inTwoCompanies()
    const res = await t.request('POST', '/api/auth/change-password', {
      cookie: person.cookie,
      body: { currentPassword: person.account.password, newPassword: 'a brand new password' },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect((await me(joinedCookie)).statusCode).toBe(401)
    expect((await me(person.cookie)).statusCode).toBe(200)
  })
})
