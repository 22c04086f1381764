import { createHash } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INVITATION_TTL_MS } from '@shared/constants'
import type { CurrentUser } from '@shared/schemas/auth'
import type { Client } from '@shared/schemas/clients'
import type { Dashboard } from '@shared/schemas/dashboard'
import type { Invitation, InvitationPreview } from '@shared/schemas/invitations'
import { selectRows } from '../../db/client'
import { invitations, people, users } from '../../db/schema'
import {
  createClient,
  createProject,
  expectError,
  expectIsoTimestamp,
  expectValidation,
  INVITATION_LINK,
  invitedUser,
  MISSING_ID,
  signedInClientUser,
  signedInStaff,
  UUID,
  ROLE_PERMISSIONS,
} from '../../test/factories'
import {
  createTestApp,
  register,
  sessionCookie,
  keepSessionsLong,
  signedInAdmin,
  type TestApp,
} from '../../test/harness'
import { linkIn, tokenFrom } from '../../test/smtp-capture'
import { invitationMessages } from './invitations.service'
import { accountsByEmail } from '../../test/accounts'

interface Company {
  cookie: string
  orgId: string
  name: string
  email: string
  client: Client
}

let t: TestApp
let A: Company
let B: Company
let sequence = 0
const nextEmail = () => `invited${++sequence}.${process.pid}@example.com`

async function company(): Promise<Company> {
  const admin = await signedInAdmin(t)
  // Its sessions outlive the day the resend test moves the clock by.
  await keepSessionsLong(t, admin.cookie)
  return {
    cookie: admin.cookie,
    orgId: admin.user.company.id,
    name: admin.account.companyName,
    email: admin.account.email,
    client: await createClient(t, admin.cookie, { name: `Client of ${admin.account.companyName}` }),
  }
}

beforeAll(async () => {
  t = await createTestApp()
  A = await company()
  B = await company()
})
afterAll(async () => t?.close())

const as = (cookie?: string) => ({
  list: () => t.request('GET', '/api/invitations', { cookie }),
  invite: (body: unknown) => t.request('POST', '/api/invitations', { cookie, body }),
  resend: (id: string) => t.request('POST', `/api/invitations/${id}/resend`, { cookie }),
  revoke: (id: string) => t.request('DELETE', `/api/invitations/${id}`, { cookie }),
})
const preview = (token: string) =>
  t.request('GET', `/api/invitations/accept?token=${encodeURIComponent(token)}`)
const accept = (body: unknown, cookie?: string) =>
  t.request('POST', '/api/invitations/accept', { body, cookie })
const newcomer = (token: string) => ({
  token,
  firstName: 'Nina',
  lastName: 'Newcomer',
  password: 'newcomer password',
})

/** Invites as `c`'s admin and returns the invitation with the token of the link just mailed. */
async function invited(c: Company, body: Record<string, unknown> = {}) {
  const email = (body.email as string | undefined) ?? nextEmail()
  const seen = t.smtp.to(email).length
  const res = await as(c.cookie).invite({ email, role: 'admin', ...body })
  expect(res.statusCode, res.body).toBe(201)
  return { invitation: res.json<Invitation>(), token: await mailedToken(email, seen), email }
}

async function mailedToken(email: string, n: number) {
  return tokenFrom(linkIn(await t.smtp.waitFor(email, n), INVITATION_LINK))
}

async function listed(c: Company) {
  const res = await as(c.cookie).list()
  expect(res.statusCode, res.body).toBe(200)
  return res.json<Invitation[]>()
}

async function invitationCount() {
  const [row] = await selectRows<{ n: number }>(
    t.app.db,
    sql`select count(*)::int as n from ${invitations}`,
  )
  return row!.n
}

async function userCount() {
  const [row] = await selectRows<{ n: number }>(
    t.app.db,
    sql`select count(*)::int as n from ${users}`,
  )
  return row!.n
}

async function activity(c: Company) {
  const res = await t.request('GET', '/api/dashboard', { cookie: c.cookie })
  expect(res.statusCode).toBe(200)
  return res.json<Dashboard>().recentActivity
}

const expectInvalidToken = (res: Parameters<typeof expectError>[0]) => {
  const body = expectError(res, 400, 'INVALID_TOKEN')
  expect(body.message).toBe(invitationMessages.invalidToken)
}

describe('POST /api/invitations', () => {
  it('an admin invitation: 201 with the invitation; the mail links to APP_URL with a 256-bit token stored only as its hash; 7 days', async () => {
    const email = nextEmail()
    const res = await as(A.cookie).invite({ email: `  ${email.toUpperCase()} `, role: 'admin' })
    expect(res.statusCode, res.body).toBe(201)
    const invitation = res.json<Invitation>()
    expect(Object.keys(invitation).sort()).toEqual(
      [
        'clientId',
        'clientName',
        'createdAt',
        'email',
        'expiresAt',
        'id',
        'invitedBy',
        'role',
        'sentAt',
        'status',
      ].sort(),
    )
    expect(invitation).toMatchObject({
      email,
      role: 'admin',
      clientId: null,
      clientName: null,
      invitedBy: 'Ada Lovelace',
      status: 'pending',
    })
    expect(invitation.id).toMatch(UUID)
    for (const at of [invitation.sentAt, invitation.expiresAt, invitation.createdAt])
      expectIsoTimestamp(at)
    expect(new Date(invitation.expiresAt).getTime() - new Date(invitation.sentAt).getTime()).toBe(
      7 * 24 * 60 * 60 * 1000,
    )

    const mail = await t.smtp.waitFor(email)
    expect(mail.subject).toContain(A.name)
    expect(mail.subject).toContain('Ada Lovelace')
    expect(mail.body).toMatch(/as an admin/)
    expect(mail.body).toMatch(/7 days/)
    const token = tokenFrom(linkIn(mail, INVITATION_LINK))
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const [row] = await t.app.db.select().from(invitations).where(eq(invitations.id, invitation.id))
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'))
    expect(JSON.stringify(row)).not.toContain(token)
    expect(row!.organizationId).toBe(A.orgId)
    expect(row!.email).toBe(email)
  })

  it('a client invitation names one of the company’s clients; the mail says which', async () => {
    const { invitation, email } = await invited(A, { role: 'client', clientId: A.client.id })
    expect(invitation).toMatchObject({
      role: 'client',
      clientId: A.client.id,
      clientName: A.client.name,
    })
    const mail = await t.smtp.waitFor(email)
    expect(mail.body).toContain(`client user for ${A.client.name}`)
  })

  it('the link uses APP_URL whatever Host the request carries', async () => {
    const email = nextEmail()
    const res = await t.request('POST', '/api/invitations', {
      cookie: A.cookie,
      body: { email, role: 'admin' },
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    })
    expect(res.statusCode, res.body).toBe(201)
    const mail = await t.smtp.waitFor(email)
    expect(linkIn(mail, INVITATION_LINK)).toMatch(/^http:\/\/app\.test\//)
    expect(mail.body).not.toContain('evil.example')
  })

  it('bad bodies → 400 naming the field; nothing stored, no mail', async () => {
    const before = await invitationCount()
    const mailsBefore = t.smtp.mails.length
    const admin = as(A.cookie)
    const email = nextEmail()
    expectValidation(await admin.invite({}), ['email', 'role'])
    expectValidation(await admin.invite({ email }), ['role'])
    expectValidation(await admin.invite({ role: 'admin' }), ['email'])
    expectValidation(await admin.invite({ email: 'not-an-email', role: 'admin' }), ['email'])
    expectValidation(await admin.invite({ email: 42, role: 'admin' }), ['email'])
    expectValidation(
      await admin.invite({ email: `${'x'.repeat(250)}@example.com`, role: 'admin' }),
      ['email'],
    )
    expectValidation(await admin.invite({ email, role: 'owner' }), ['role'])
    expectValidation(await admin.invite({ email, role: null }), ['role'])
    expectValidation(await admin.invite({ email, role: 'client' }), ['clientId'])
    expectValidation(await admin.invite({ email, role: 'client', clientId: null }), ['clientId'])
    expectValidation(await admin.invite({ email, role: 'client', clientId: 'nope' }), ['clientId'])
    expectValidation(await admin.invite({ email, role: 'admin', clientId: A.client.id }), [
      'clientId',
    ])
    // Ids that are not the company's: refused on the field, like a project's clientId.
    expectValidation(await admin.invite({ email, role: 'client', clientId: MISSING_ID }), [
      'clientId',
    ])
    expectValidation(await admin.invite({ email, role: 'client', clientId: B.client.id }), [
      'clientId',
    ])
    for (const extra of [
      { organizationId: B.orgId },
      { token: 'chosen-token' },
      { expiresAt: '2099-01-01T00:00:00.000Z' },
      { invitedByUserId: MISSING_ID },
      { firstName: 'Eve' },
    ]) {
      expectValidation(await admin.invite({ email, role: 'admin', ...extra }), Object.keys(extra))
    }
    expectValidation(await admin.invite([]), [])
    expectValidation(await admin.invite(null), [])
    expect(await invitationCount()).toBe(before)
    await t.app.jobs.idle()
    expect(t.smtp.mails.length).toBe(mailsBefore)
  })

  it('an e-mail that has an account in this company → 409, nothing stored', async () => {
    const before = await invitationCount()
    for (const email of [A.email, A.email.toUpperCase()]) {
      const body = expectError(await as(A.cookie).invite({ email, role: 'admin' }), 409, 'CONFLICT')
      expect(body.message).toBe(invitationMessages.userExists)
    }
    expect(await invitationCount()).toBe(before)
  })

  it('an e-mail with an account in another company answers exactly like a new one; its owner gets a link to join with that account', async () => {
    const fresh = await as(A.cookie).invite({ email: nextEmail(), role: 'admin' })
    const seen = t.smtp.to(B.email).length
    const taken = await as(A.cookie).invite({ email: B.email, role: 'admin' })
    expect(taken.statusCode).toBe(fresh.statusCode)
    expect(Object.keys(taken.json()).sort()).toEqual(Object.keys(fresh.json()).sort())
    expect(taken.json()).toMatchObject({ email: B.email, status: 'pending' })
    expect((await listed(A)).map((i) => i.email)).toContain(B.email)
    const mail = await t.smtp.waitFor(B.email, seen)
    expect(mail.subject).toContain(`invited you to ${A.name}`)
    expect(mail.body).toContain('You already have an AuditDesk account')
    expect(mail.body).toContain(INVITATION_LINK)
  })

  it('a second open invitation to the same e-mail → 409; after a revoke, a new one is fine; another company may invite it too', async () => {
    const { invitation, email } = await invited(A)
    const again = expectError(
      await as(A.cookie).invite({
        email: email.toUpperCase(),
        role: 'client',
        clientId: A.client.id,
      }),
      409,
      'CONFLICT',
    )
    expect(again.message).toBe(invitationMessages.alreadyPending)
    expect((await as(B.cookie).invite({ email, role: 'admin' })).statusCode).toBe(201)
    expect((await as(A.cookie).revoke(invitation.id)).statusCode).toBe(204)
    expect((await as(A.cookie).invite({ email, role: 'admin' })).statusCode).toBe(201)
  })
})

describe('GET /api/invitations', () => {
  it('the company’s open invitations, most recently sent first; accepted and revoked ones leave the list; never another company’s', async () => {
    const first = await invited(A)
    t.clock.advance(1000)
    const second = await invited(A, { role: 'client', clientId: A.client.id })
    t.clock.advance(1000)
    const revoked = await invited(A)
    t.clock.advance(1000)
    const accepted = await invited(A)
    const theirs = await invited(B)

    expect((await as(A.cookie).revoke(revoked.invitation.id)).statusCode).toBe(204)
    expect((await accept(newcomer(accepted.token))).statusCode).toBe(201)

    const list = await listed(A)
    const ids = list.map((i) => i.id)
    expect(ids).toContain(first.invitation.id)
    expect(ids).toContain(second.invitation.id)
    expect(ids).not.toContain(revoked.invitation.id)
    expect(ids).not.toContain(accepted.invitation.id)
    expect(ids).not.toContain(theirs.invitation.id)
    expect(ids.indexOf(second.invitation.id)).toBeLessThan(ids.indexOf(first.invitation.id))
    expect(list.find((i) => i.id === second.invitation.id)).toEqual(second.invitation)
    const sent = list.map((i) => i.sentAt)
    expect(sent).toEqual([...sent].sort().reverse())

    expect((await listed(B)).map((i) => i.id)).toContain(theirs.invitation.id)
  })
})

describe('GET /api/invitations?clientId=', () => {
  const of = (c: { cookie: string }, query: string) =>
    t.request('GET', `/api/invitations?${query}`, { cookie: c.cookie })

  it('keeps the open invitations to join that client', async () => {
    const acme = await createClient(t, A.cookie, { name: 'Invited Client' })
    const first = await invited(A, { role: 'client', clientId: acme.id })
    t.clock.advance(1000)
    const second = await invited(A, { role: 'client', clientId: acme.id })
    const revoked = await invited(A, { role: 'client', clientId: acme.id })
    await invited(A, { role: 'client', clientId: A.client.id })
    await invited(A)
    expect((await as(A.cookie).revoke(revoked.invitation.id)).statusCode).toBe(204)

    const res = await of(A, `clientId=${acme.id}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json<Invitation[]>()).toEqual([second.invitation, first.invitation])
    const matching = await of(A, `clientId=${acme.id}&q=${encodeURIComponent(first.email)}`)
    expect(matching.json<Invitation[]>().map((i) => i.id)).toEqual([first.invitation.id])
  })

  it('another company’s client lists nothing; a malformed id → 400', async () => {
    await invited(B, { role: 'client', clientId: B.client.id })
    const res = await of(A, `clientId=${B.client.id}`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([])
    expectValidation(await of(A, 'clientId=nope'), ['clientId'])
  })

  it('stays the admins’: staff and client users → 403', async () => {
    const staff = await signedInStaff(t, A.orgId)
    const member = await signedInClientUser(t, A.orgId, A.client.id)
    for (const who of [staff, member])
      expectError(await of(who, `clientId=${A.client.id}`), 403, 'FORBIDDEN')
  })
})

describe('POST /api/invitations/{id}/resend', () => {
  it('a new link (the old one stops working), a new 7-day expiry and sent date, a new mail', async () => {
    const { invitation, token, email } = await invited(A, {
      role: 'client',
      clientId: A.client.id,
    })
    t.clock.advance(24 * 60 * 60 * 1000)
    const res = await as(A.cookie).resend(invitation.id)
    expect(res.statusCode, res.body).toBe(200)
    const renewed = res.json<Invitation>()
    expect(renewed).toMatchObject({
      id: invitation.id,
      email,
      role: 'client',
      clientId: A.client.id,
      createdAt: invitation.createdAt,
      status: 'pending',
    })
    const later = new Date(renewed.sentAt).getTime() - new Date(invitation.sentAt).getTime()
    expect(later).toBeGreaterThanOrEqual(24 * 60 * 60 * 1000)
    expect(later).toBeLessThan(24 * 60 * 60 * 1000 + 5000)
    expect(new Date(renewed.expiresAt).getTime() - new Date(renewed.sentAt).getTime()).toBe(
      INVITATION_TTL_MS,
    )
    const newToken = await mailedToken(email, 1)
    expect(newToken).not.toBe(token)
    expectInvalidToken(await preview(token))
    expectInvalidToken(await accept(newcomer(token)))
    expect((await preview(newToken)).statusCode).toBe(200)
    expect((await listed(A)).find((i) => i.id === invitation.id)).toEqual(renewed)
  })

  it('404 for a missing id, another company’s, a revoked or an accepted invitation; 400 for a malformed id', async () => {
    const theirs = await invited(B)
    const revoked = await invited(A)
    const accepted = await invited(A)
    await as(A.cookie).revoke(revoked.invitation.id)
    await accept(newcomer(accepted.token))
    const mailsBefore = t.smtp.mails.length
    for (const id of [
      MISSING_ID,
      theirs.invitation.id,
      revoked.invitation.id,
      accepted.invitation.id,
    ]) {
      expectError(await as(A.cookie).resend(id), 404, 'NOT_FOUND')
    }
    expectValidation(await as(A.cookie).resend('not-a-uuid'), ['id'])
    // B's invitation is untouched: its link still works.
    expect((await preview(theirs.token)).statusCode).toBe(200)
    await t.app.jobs.idle()
    expect(t.smtp.mails.length).toBe(mailsBefore)
  })

  it('an account made meanwhile elsewhere: unverified, the link is mailed again (accepting claims the address); verified, its owner’s link says they join with it, and the answer is the same', async () => {
    const { invitation, email } = await invited(A)
    const { response } = await register(t, { email })
    expect(response.statusCode).toBe(201)
    await t.smtp.waitFor(email, 1) // the registration's verification mail
    const seen = t.smtp.to(email).length
    const again = await as(A.cookie).resend(invitation.id)
    expect(again.statusCode, again.body).toBe(200)
    const token = await mailedToken(email, seen)
    expect((await preview(token)).json()).toMatchObject({ accountExists: false })

    const owner = await signedInAdmin(t)
    const other = await invited(A, { email: nextEmail() })
    await t.app.db
      .update(people)
      .set({ email: other.email })
      .where(eq(people.email, owner.account.email))
    const before = t.smtp.to(other.email).length
    const told = await as(A.cookie).resend(other.invitation.id)
    expect(told.statusCode, told.body).toBe(200)
    expect(Object.keys(told.json()).sort()).toEqual(Object.keys(again.json()).sort())
    const mail = await t.smtp.waitFor(other.email, before)
    expect(mail.body).toContain('You already have an AuditDesk account')
    expect((await preview(await mailedToken(other.email, before))).json()).toMatchObject({
      accountExists: true,
    })
  })
})

describe('DELETE /api/invitations/{id}', () => {
  it('204; the link stops working; it leaves the list; a second revoke → 404', async () => {
    const { invitation, token } = await invited(A)
    const res = await as(A.cookie).revoke(invitation.id)
    expect(res.statusCode).toBe(204)
    expect(res.body).toBe('')
    expectInvalidToken(await preview(token))
    expectInvalidToken(await accept(newcomer(token)))
    expect((await listed(A)).map((i) => i.id)).not.toContain(invitation.id)
    expectError(await as(A.cookie).revoke(invitation.id), 404, 'NOT_FOUND')
    const [row] = await t.app.db.select().from(invitations).where(eq(invitations.id, invitation.id))
    expect(row!.revokedAt).toBeInstanceOf(Date)
  })

  it('another company’s invitation → 404 and it still works; malformed id → 400', async () => {
    const { invitation, token } = await invited(A)
    expectError(await as(B.cookie).revoke(invitation.id), 404, 'NOT_FOUND')
    expectError(await as(B.cookie).resend(invitation.id), 404, 'NOT_FOUND')
    expect((await preview(token)).statusCode).toBe(200)
    expect((await listed(A)).map((i) => i.id)).toContain(invitation.id)
    expectValidation(await as(A.cookie).revoke('1'), ['id'])
  })
})

describe('GET /api/invitations/accept?token=', () => {
  it('shows the company, role and e-mail (and the client for a client invitation)', async () => {
    const admin = await invited(A)
    const res = await preview(admin.token)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({
      organizationName: A.name,
      role: 'admin',
      email: admin.email,
      clientName: null,
      accountExists: false,
      signedIn: false,
    } satisfies InvitationPreview)

    const client = await invited(A, { role: 'client', clientId: A.client.id })
    expect((await preview(client.token)).json()).toEqual({
      organizationName: A.name,
      role: 'client',
      email: client.email,
      clientName: A.client.name,
      accountExists: false,
      signedIn: false,
    })
  })

  it('unknown, malformed, used or revoked tokens → 400 INVALID_TOKEN with one message', async () => {
    const used = await invited(A)
    await accept(newcomer(used.token))
    const revoked = await invited(A)
    await as(A.cookie).revoke(revoked.invitation.id)
    for (const token of [
      'a'.repeat(43),
      'x',
      '%%%',
      "' or 1=1 --",
      used.token,
      revoked.token,
      `${used.token}x`,
    ]) {
      expectInvalidToken(await preview(token))
    }
  })

  it('a missing, empty or over-long token, or an unknown parameter → 400 VALIDATION', async () => {
    expectValidation(await t.request('GET', '/api/invitations/accept'), ['token'])
    expectValidation(await t.request('GET', '/api/invitations/accept?token='), ['token'])
    expectValidation(await preview('x'.repeat(201)), ['token'])
    const { token } = await invited(A)
    expectValidation(await t.request('GET', `/api/invitations/accept?token=${token}&role=admin`), [
      'role',
    ])
  })

  it('says accountExists when the e-mail has a verified account meanwhile; accepting then takes that account’s password, not a new one', async () => {
    const { token, email, invitation } = await invited(A)
    const owner = await signedInAdmin(t)
    await t.app.db.update(people).set({ email }).where(eq(people.email, owner.account.email))
    expect((await preview(token)).json()).toMatchObject({
      email,
      accountExists: true,
      signedIn: false,
    })
    const users_ = await userCount()
    const body = expectValidation(await accept(newcomer(token)), ['password'])
    expect(body.message).toBe(invitationMessages.wrongPassword)
    expectValidation(await accept({ token }), ['password'])
    expect(await userCount()).toBe(users_)
    // The invitation stays open for the admin to revoke.
    expect((await listed(A)).map((i) => i.id)).toContain(invitation.id)
  })

  it('an address held only by an unverified registration is claimed: accepting replaces it and its empty company', async () => {
    const { token, email } = await invited(A)
    const { response, account } = await register(t, { email })
    expect(response.statusCode).toBe(201)
    const [held] = await accountsByEmail(t.app.db, email)
    expect(held!.emailVerifiedAt).toBeNull()
    expect((await preview(token)).json()).toMatchObject({ email, accountExists: false })
    const res = await accept(newcomer(token))
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json<{ user: CurrentUser }>().user.company.id).toBe(A.orgId)
    const [company] = await selectRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from organizations where id = ${held!.organizationId}`,
    )
    expect(company!.n).toBe(0)
    // The registration's password opens nothing any more; the invitee's does.
    const login = (password: string) =>
      t.request('POST', '/api/auth/login', { body: { email, password } })
    expect((await login(account.password)).statusCode).toBe(401)
    expect((await login(newcomer(token).password)).statusCode).toBe(200)
  })
})

describe('POST /api/invitations/accept', () => {
  it('creates the verified account in the inviting company, signs it in (201, like a login) and ends the invitation', async () => {
    const { token, email, invitation } = await invited(A, {
      role: 'client',
      clientId: A.client.id,
    })
    const res = await accept({ ...newcomer(token), firstName: ' Nina ' })
    expect(res.statusCode, res.body).toBe(201)
    const { user } = res.json<{ user: CurrentUser }>()
    expect(user).toEqual({
      id: expect.stringMatching(UUID),
      firstName: 'Nina',
      lastName: 'Newcomer',
      email,
      role: 'client',
      clientId: A.client.id,
      company: { id: A.orgId, name: A.name, dateFormat: 'month-first' },
      permissions: ROLE_PERMISSIONS.client,
      mfaSetupRequired: false,
    })
    const cookie = res.cookies.find((c) => c.name === 'session')!
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    const me = await t.request('GET', '/api/auth/me', { cookie: sessionCookie(res) })
    expect(me.json()).toEqual(user)

    const [row] = await accountsByEmail(t.app.db, email)
    expect(row).toMatchObject({ organizationId: A.orgId, role: 'client', clientId: A.client.id })
    expect(row!.emailVerifiedAt).toBeInstanceOf(Date)
    expect(row!.lastLoginAt).toBeInstanceOf(Date)
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/)

    const [inv] = await t.app.db.select().from(invitations).where(eq(invitations.id, invitation.id))
    expect(inv!.acceptedAt).toBeInstanceOf(Date)

    // Signs in with the chosen password from now on.
    const login = await t.request('POST', '/api/auth/login', {
      body: { email, password: 'newcomer password' },
    })
    expect(login.statusCode).toBe(200)
  })

  it('single use: a second acceptance → 400 and nothing changes', async () => {
    const { token } = await invited(A)
    expect((await accept(newcomer(token))).statusCode).toBe(201)
    const users = await userCount()
    expectInvalidToken(await accept({ ...newcomer(token), firstName: 'Again' }))
    expect(await userCount()).toBe(users)
  })

  it('two acceptances at once: one account, one refusal', async () => {
    const { token, email } = await invited(A)
    const results = await Promise.all([accept(newcomer(token)), accept(newcomer(token))])
    const statuses = results.map((r) => r.statusCode).sort()
    expect(statuses[0]).toBe(201)
    expect([400, 409]).toContain(statuses[1])
    const rows = await accountsByEmail(t.app.db, email)
    expect(rows).toHaveLength(1)
  })

  it('a token belongs to its company: the account joins the inviting company, whoever is signed in', async () => {
    const { token, email } = await invited(A)
    const res = await accept(newcomer(token), B.cookie)
    expect(res.statusCode).toBe(201)
    expect(res.json<{ user: CurrentUser }>().user.company.id).toBe(A.orgId)
    const [row] = await accountsByEmail(t.app.db, email)
    expect(row!.organizationId).toBe(A.orgId)
    // B's admin is still B's admin, on their own cookie.
    const me = await t.request('GET', '/api/auth/me', { cookie: B.cookie })
    expect(me.json<CurrentUser>().company.id).toBe(B.orgId)
  })

  it('bad bodies → 400 naming the field; nothing is created and the link still works', async () => {
    const { token } = await invited(A)
    const users = await userCount()
    const ok = newcomer(token)
    expectValidation(await accept({}), ['token'])
    // A new address: its names and password, asked for once the link is known to be good.
    expectValidation(await accept({ token }), ['firstName', 'lastName', 'password'])
    expectValidation(await accept({ token, password: ok.password }), ['firstName', 'lastName'])
    expectValidation(await accept({ ...ok, firstName: '  ' }), ['firstName'])
    expectValidation(await accept({ ...ok, lastName: 'x'.repeat(101) }), ['lastName'])
    expectValidation(await accept({ ...ok, password: '12345' }), ['password'])
    expectValidation(await accept({ ...ok, password: 'x'.repeat(129) }), ['password'])
    expectValidation(await accept({ ...ok, firstName: 7 }), ['firstName'])
    for (const extra of [
      { email: 'other@example.com' },
      { role: 'admin' },
      { organizationId: B.orgId },
      { clientId: B.client.id },
    ]) {
      expectValidation(await accept({ ...ok, ...extra }), Object.keys(extra))
    }
    expectInvalidToken(await accept({ ...ok, token: 'nope' }))
    expect(await userCount()).toBe(users)
    expect((await preview(token)).statusCode).toBe(200)
  })
})

describe('clients and their invitations', () => {
  it('deleting a client takes its pending invitations with it; their links stop working', async () => {
    const client = await createClient(t, A.cookie)
    const { invitation, token } = await invited(A, { role: 'client', clientId: client.id })
    expect(
      (await t.request('DELETE', `/api/clients/${client.id}`, { cookie: A.cookie })).statusCode,
    ).toBe(204)
    expect((await listed(A)).map((i) => i.id)).not.toContain(invitation.id)
    expectInvalidToken(await preview(token))
  })

  it('a client with users cannot be deleted (409 saying what to do) until they are removed', async () => {
    const client = await createClient(t, A.cookie)
    const member = await invitedUser(t, A.cookie, { role: 'client', clientId: client.id })
    const body = expectError(
      await t.request('DELETE', `/api/clients/${client.id}`, { cookie: A.cookie }),
      409,
      'CONFLICT',
    )
    expect(body.message).toMatch(/user/)
    expect(body.message).toMatch(/Remove/)
    expect(
      (await t.request('DELETE', `/api/users/${member.user.id}`, { cookie: A.cookie })).statusCode,
    ).toBe(204)
    expect(
      (await t.request('DELETE', `/api/clients/${client.id}`, { cookie: A.cookie })).statusCode,
    ).toBe(204)
  })

  it('projects still come first in the message when the client has both', async () => {
    const client = await createClient(t, A.cookie)
    await createProject(t, A.cookie, { clientId: client.id })
    await signedInClientUser(t, A.orgId, client.id)
    const body = expectError(
      await t.request('DELETE', `/api/clients/${client.id}`, { cookie: A.cookie }),
      409,
      'CONFLICT',
    )
    expect(body.message).toMatch(/project/)
  })
})

describe('activity', () => {
  it('sent, resent, revoked and accepted are recorded with actor, target and time, newest first', async () => {
    const { invitation, email } = await invited(A)
    t.clock.advance(1000)
    await as(A.cookie).resend(invitation.id)
    const token = await mailedToken(email, 1)
    t.clock.advance(1000)
    await accept(newcomer(token))
    t.clock.advance(1000)
    const other = await invited(A)
    t.clock.advance(1000)
    await as(A.cookie).revoke(other.invitation.id)

    const events = (await activity(A)).slice(0, 5)
    expect(events.map(({ actor, action, target }) => ({ actor, action, target }))).toEqual([
      { actor: 'Ada Lovelace', action: 'invitation.revoked', target: other.email },
      { actor: 'Ada Lovelace', action: 'invitation.sent', target: other.email },
      { actor: 'Nina Newcomer', action: 'invitation.accepted', target: email },
      { actor: 'Ada Lovelace', action: 'invitation.resent', target: email },
      { actor: 'Ada Lovelace', action: 'invitation.sent', target: email },
    ])
    for (const event of events) {
      expect(event.id).toMatch(UUID)
      expectIsoTimestamp(event.createdAt)
    }
    // Company B's trail holds none of it.
    expect((await activity(B)).map((e) => e.target)).not.toContain(email)
  })
})

describe('roles', () => {
  it('a client-role user → 403 on every invitation route, checked before the body', async () => {
    const { invitation } = await invited(A)
    const { cookie } = await signedInClientUser(t, A.orgId, A.client.id)
    const client = as(cookie)
    expectError(await client.list(), 403, 'FORBIDDEN')
    expectError(await client.invite({ email: nextEmail(), role: 'admin' }), 403, 'FORBIDDEN')
    expectError(await client.invite({ nonsense: true }), 403, 'FORBIDDEN')
    expectError(await client.resend(invitation.id), 403, 'FORBIDDEN')
    expectError(await client.resend('not-a-uuid'), 403, 'FORBIDDEN')
    expectError(await client.revoke(invitation.id), 403, 'FORBIDDEN')
    expect((await listed(A)).map((i) => i.id)).toContain(invitation.id)
  })

  it('no session → 401 on the admin routes; the invitee’s routes need none', async () => {
    const { invitation, token } = await invited(A)
    for (const cookie of [undefined, 'session=forged']) {
      const anon = as(cookie)
      expectError(await anon.list(), 401, 'UNAUTHENTICATED')
      expectError(await anon.invite({ email: nextEmail(), role: 'admin' }), 401, 'UNAUTHENTICATED')
      expectError(await anon.resend(invitation.id), 401, 'UNAUTHENTICATED')
      expectError(await anon.revoke(invitation.id), 401, 'UNAUTHENTICATED')
    }
    expect((await preview(token)).statusCode).toBe(200)
  })
})

describe('expiry (7 days) and rate limit', () => {
  // Their own apps: one moves its clock a week on, the other has a small rate limit.
  let e: TestApp
  let limited: TestApp
  let admin: Awaited<ReturnType<typeof signedInAdmin>>
  beforeAll(async () => {
    ;[e, limited] = await Promise.all([
      createTestApp(),
      createTestApp({ env: { RATE_LIMIT_AUTH_PER_MINUTE: '5' } }),
    ])
    admin = await signedInAdmin(e)
  })
  afterAll(async () => Promise.all([e?.close(), limited?.close()]))

  async function inviteOn(email: string) {
    const seen = e.smtp.to(email).length
    const res = await e.request('POST', '/api/invitations', {
      cookie: admin.cookie,
      body: { email, role: 'admin' },
    })
    expect(res.statusCode, res.body).toBe(201)
    return {
      id: res.json<Invitation>().id,
      token: tokenFrom(linkIn(await e.smtp.waitFor(email, seen), INVITATION_LINK)),
    }
  }
  const previewOn = (token: string) =>
    e.request('GET', `/api/invitations/accept?token=${encodeURIComponent(token)}`)

  it('valid just before 7 days, refused just after; an expired invitation is listed as expired and can be resent', async () => {
    const email = nextEmail()
    const { id, token } = await inviteOn(email)
    e.clock.advance(INVITATION_TTL_MS - 1000)
    expect((await previewOn(token)).statusCode).toBe(200)
    e.clock.advance(2000)
    expectInvalidToken(await previewOn(token))
    expectInvalidToken(
      await e.request('POST', '/api/invitations/accept', { body: newcomer(token) }),
    )

    // The admin's session has expired meanwhile (7 days idle): sign in again.
    const login = await e.request('POST', '/api/auth/login', {
      body: { email: admin.account.email, password: admin.account.password },
    })
    const cookie = sessionCookie(login)
    const list = (await e.request('GET', '/api/invitations', { cookie })).json<Invitation[]>()
    expect(list.find((i) => i.id === id)?.status).toBe('expired')

    expect((await e.request('POST', `/api/invitations/${id}/resend`, { cookie })).statusCode).toBe(
      200,
    )
    const fresh = tokenFrom(linkIn(await e.smtp.waitFor(email, 1), INVITATION_LINK))
    expect((await previewOn(fresh)).statusCode).toBe(200)
    const res = await e.request('POST', '/api/invitations/accept', { body: newcomer(fresh) })
    expect(res.statusCode, res.body).toBe(201)
  })

  it('the invitee’s routes are rate-limited per address like the account routes (429 with Retry-After)', async () => {
    const get = () => limited.request('GET', '/api/invitations/accept?token=unknown-token')
    const post = () =>
      limited.request('POST', '/api/invitations/accept', { body: newcomer('unknown-token') })
    for (const call of [get, post]) {
      const statuses: number[] = []
      for (let i = 0; i < 6; i++) statuses.push((await call()).statusCode)
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429])
      const res = await call()
      expectError(res, 429, 'RATE_LIMITED')
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
    }
  })
})
