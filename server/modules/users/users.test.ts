import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CurrentUser } from '@shared/schemas/auth'
import type { Client } from '@shared/schemas/clients'
import type { Dashboard } from '@shared/schemas/dashboard'
import type { Invitation } from '@shared/schemas/invitations'
import type { User } from '@shared/schemas/users'
import { selectRows } from '../../db/client'
import { users } from '../../db/schema'
import { passwords } from '../auth/passwords'
import {
  createClient,
  createProject,
  expectError,
  expectIsoTimestamp,
  expectValidation,
  invitedUser,
  MISSING_ID,
  signedInClientUser,
  signedInStaff,
} from '../../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness'
import { usersService } from './users.service'
import { deleteUser, insertUser } from './users.repo'

interface Company {
  cookie: string
  orgId: string
  userId: string
  client: Client
  otherClient: Client
}

let t: TestApp
let A: Company
let B: Company

async function company(): Promise<Company> {
  const admin = await signedInAdmin(t)
  return {
    cookie: admin.cookie,
    orgId: admin.user.company.id,
    userId: admin.user.id,
    client: await createClient(t, admin.cookie, { name: 'Zeta Client' }),
    otherClient: await createClient(t, admin.cookie, { name: 'Alpha Client' }),
  }
}

beforeAll(async () => {
  t = await createTestApp()
  A = await company()
  B = await company()
})
afterAll(async () => t?.close())

const as = (cookie?: string) => ({
  list: () => t.request('GET', '/api/users', { cookie }),
  patch: (id: string, body: unknown) => t.request('PATCH', `/api/users/${id}`, { cookie, body }),
  del: (id: string) => t.request('DELETE', `/api/users/${id}`, { cookie }),
})

async function listed(c: { cookie: string }) {
  const res = await as(c.cookie).list()
  expect(res.statusCode, res.body).toBe(200)
  return res.json<User[]>()
}

async function me(cookie: string) {
  return t.request('GET', '/api/auth/me', { cookie })
}

async function adminsOf(orgId: string) {
  const rows = await t.app.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organizationId, orgId), eq(users.role, 'admin')))
  return rows.map((r) => r.id)
}

async function activity(cookie: string) {
  return (await t.request('GET', '/api/dashboard', { cookie })).json<Dashboard>().recentActivity
}

/** A second admin of `c`, through the invitation flow. */
const secondAdmin = (c: Company) => invitedUser(t, c.cookie, { role: 'admin' })

describe('GET /api/users', () => {
  it('the company’s users with name, e-mail, role, client and last sign-in, sorted by name', async () => {
    const member = await invitedUser(t, A.cookie, { role: 'client', clientId: A.client.id })
    const list = await listed(A)
    expect(list.map((u) => `${u.firstName} ${u.lastName}`)).toEqual(
      [...list.map((u) => `${u.firstName} ${u.lastName}`)].sort((a, b) =>
        a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0,
      ),
    )
    const self = list.find((u) => u.id === A.userId)!
    expect(Object.keys(self).sort()).toEqual(
      [
        'clientId',
        'clientName',
        'createdAt',
        'email',
        'firstName',
        'id',
        'lastLoginAt',
        'lastName',
        'mfaEnabled',
        'role',
      ].sort(),
    )
    expect(self).toMatchObject({
      role: 'admin',
      clientId: null,
      clientName: null,
      mfaEnabled: false,
    })
    expectIsoTimestamp(self.lastLoginAt)
    expectIsoTimestamp(self.createdAt)
    expect(list.find((u) => u.id === member.user.id)).toMatchObject({
      firstName: 'Ivy',
      lastName: 'Invitee',
      email: member.email,
      role: 'client',
      clientId: A.client.id,
      clientName: A.client.name,
    })
    // Never another company's users.
    const theirs = await listed(B)
    expect(theirs.map((u) => u.id)).toEqual([B.userId])
    expect(list.map((u) => u.id)).not.toContain(B.userId)
  })

  it('lastLoginAt is null for a user who never signed in', async () => {
    const now = t.clock()
    const row = await insertUser(
      t.app.db,
      {
        organizationId: A.orgId,
        email: `never.${process.pid}@example.com`,
        passwordHash: await passwords.hash('never signed in'),
        firstName: 'Never',
        lastName: 'Seen',
        role: 'admin',
      },
      now,
    )
    expect((await listed(A)).find((u) => u.id === row!.id)?.lastLoginAt).toBeNull()
    await deleteUser(t.app.db, A.orgId, row!.id)
  })
})

describe('GET /api/users?clientId=', () => {
  const of = (c: { cookie: string }, query: string) =>
    t.request('GET', `/api/users?${query}`, { cookie: c.cookie })

  it('keeps the users of that client (its contacts), by name; with q, those matching too', async () => {
    const acme = await createClient(t, A.cookie, { name: 'Contacts Client' })
    const contact = await invitedUser(t, A.cookie, { role: 'client', clientId: acme.id })
    const second = await invitedUser(t, A.cookie, {
      role: 'client',
      clientId: acme.id,
      email: `zed.contact${process.pid}@example.com`,
    })
    await invitedUser(t, A.cookie, { role: 'client', clientId: A.client.id })

    const res = await of(A, `clientId=${acme.id}`)
    expect(res.statusCode, res.body).toBe(200)
    const contacts = res.json<User[]>()
    expect(contacts.map((u) => u.id).sort()).toEqual([contact.user.id, second.user.id].sort())
    expect(contacts.every((u) => u.role === 'client' && u.clientName === 'Contacts Client')).toBe(
      true,
    )
    const matching = (await of(A, `clientId=${acme.id}&q=zed.contact`)).json<User[]>()
    expect(matching.map((u) => u.id)).toEqual([second.user.id])
  })

  it('another company’s client lists nothing; a malformed id → 400', async () => {
    await invitedUser(t, B.cookie, { role: 'client', clientId: B.client.id })
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

describe('PATCH /api/users/{id}', () => {
  it('admin → client user of a client, at once for the user’s open session; back to admin', async () => {
    const other = await secondAdmin(A)
    const project = await createProject(t, A.cookie, { clientId: A.client.id })
    const foreign = await createProject(t, A.cookie, { clientId: A.otherClient.id })
    expect((await t.request('GET', '/api/clients', { cookie: other.cookie })).statusCode).toBe(200)

    const res = await as(A.cookie).patch(other.user.id, { role: 'client', clientId: A.client.id })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json<User>()).toMatchObject({
      id: other.user.id,
      role: 'client',
      clientId: A.client.id,
      clientName: A.client.name,
    })
    // The same session, the very next request: a client user now.
    expect((await me(other.cookie)).json<CurrentUser>()).toMatchObject({
      role: 'client',
      clientId: A.client.id,
    })
    expectError(await t.request('GET', '/api/clients', { cookie: other.cookie }), 403, 'FORBIDDEN')
    const projects = await t.request('GET', '/api/projects', { cookie: other.cookie })
    expect(projects.json<Array<{ id: string }>>().map((p) => p.id)).toEqual([project.id])
    expectError(
      await t.request('GET', `/api/projects/${foreign.id}`, { cookie: other.cookie }),
      404,
      'NOT_FOUND',
    )

    // Another client of the company.
    const moved = await as(A.cookie).patch(other.user.id, {
      role: 'client',
      clientId: A.otherClient.id,
    })
    expect(moved.json<User>()).toMatchObject({ clientId: A.otherClient.id })
    const now = await t.request('GET', '/api/projects', { cookie: other.cookie })
    expect(now.json<Array<{ id: string }>>().map((p) => p.id)).toEqual([foreign.id])

    const back = await as(A.cookie).patch(other.user.id, { role: 'admin' })
    expect(back.statusCode, back.body).toBe(200)
    expect(back.json<User>()).toMatchObject({ role: 'admin', clientId: null, clientName: null })
    expect((await t.request('GET', '/api/clients', { cookie: other.cookie })).statusCode).toBe(200)
    // Explicit null for the client is accepted for an admin.
    expect(
      (await as(A.cookie).patch(other.user.id, { role: 'admin', clientId: null })).statusCode,
    ).toBe(200)
  })

  it('records each change in the activity log (and logs it), but not a change to the same role', async () => {
    const other = await secondAdmin(A)
    const before = (await activity(A.cookie)).length
    await as(A.cookie).patch(other.user.id, { role: 'client', clientId: A.client.id })
    const [event] = await activity(A.cookie)
    expect(event).toMatchObject({
      actor: 'Ada Lovelace',
      action: 'user.role_changed',
      target: `Ivy Invitee (${other.email}) → client user of ${A.client.name}`,
    })
    expect(
      t.logs.some(
        (line) => line.includes('"event":"user.role_changed"') && line.includes(other.user.id),
      ),
    ).toBe(true)
    const unchanged = await as(A.cookie).patch(other.user.id, {
      role: 'client',
      clientId: A.client.id,
    })
    expect(unchanged.statusCode).toBe(200)
    expect((await activity(A.cookie)).length).toBe(Math.min(before + 1, 20))
    expect((await activity(A.cookie))[0]!.id).toBe(event!.id)
  })

  it('bad bodies and ids → 400 naming the field; the user is unchanged', async () => {
    const member = await invitedUser(t, A.cookie, { role: 'client', clientId: A.client.id })
    const admin = as(A.cookie)
    const id = member.user.id
    expectValidation(await admin.patch(id, {}), ['role'])
    expectValidation(await admin.patch(id, { role: 'owner' }), ['role'])
    expectValidation(await admin.patch(id, { role: 7 }), ['role'])
    expectValidation(await admin.patch(id, { role: 'client' }), ['clientId'])
    expectValidation(await admin.patch(id, { role: 'client', clientId: 'x' }), ['clientId'])
    expectValidation(await admin.patch(id, { role: 'admin', clientId: A.client.id }), ['clientId'])
    expectValidation(await admin.patch(id, { role: 'client', clientId: MISSING_ID }), ['clientId'])
    expectValidation(await admin.patch(id, { role: 'client', clientId: B.client.id }), ['clientId'])
    for (const extra of [
      { email: 'x@example.com' },
      { firstName: 'Renamed' },
      { organizationId: B.orgId },
      { passwordHash: 'x' },
    ]) {
      expectValidation(await admin.patch(id, { role: 'admin', ...extra }), Object.keys(extra))
    }
    expectValidation(await admin.patch(id, null), [])
    expectValidation(await admin.patch('not-a-uuid', { role: 'admin' }), ['id'])
    expect((await listed(A)).find((u) => u.id === id)).toMatchObject({
      role: 'client',
      clientId: A.client.id,
    })
  })

  it('your own role → 409; another company’s or a missing user → 404; nothing changes', async () => {
    const self = expectError(
      await as(A.cookie).patch(A.userId, { role: 'client', clientId: A.client.id }),
      409,
      'CONFLICT',
    )
    expect(self.message).toMatch(/your own role/)
    expect((await me(A.cookie)).json<CurrentUser>().role).toBe('admin')
    expectError(
      await as(A.cookie).patch(B.userId, { role: 'client', clientId: A.client.id }),
      404,
      'NOT_FOUND',
    )
    expectError(await as(A.cookie).patch(MISSING_ID, { role: 'admin' }), 404, 'NOT_FOUND')
    expect((await me(B.cookie)).json<CurrentUser>().role).toBe('admin')
  })
})

describe('DELETE /api/users/{id}', () => {
  it('204; their sessions end at once; they cannot sign in; the activity keeps their name', async () => {
    const other = await secondAdmin(A)
    // The removed admin invited someone and acted: both outlive them.
    const invite = await t.request('POST', '/api/invitations', {
      cookie: other.cookie,
      body: { email: `left-behind.${process.pid}@example.com`, role: 'admin' },
    })
    expect(invite.statusCode).toBe(201)
    expect((await me(other.cookie)).statusCode).toBe(200)

    const res = await as(A.cookie).del(other.user.id)
    expect(res.statusCode).toBe(204)
    expect(res.body).toBe('')
    expectError(await me(other.cookie), 401, 'UNAUTHENTICATED')
    const login = await t.request('POST', '/api/auth/login', {
      body: { email: other.email, password: other.password },
    })
    expect(login.statusCode).toBe(401)
    expect((await listed(A)).map((u) => u.id)).not.toContain(other.user.id)
    expectError(await as(A.cookie).del(other.user.id), 404, 'NOT_FOUND')

    const events = await activity(A.cookie)
    expect(events[0]).toMatchObject({
      actor: 'Ada Lovelace',
      action: 'user.removed',
      target: `Ivy Invitee (${other.email})`,
    })
    expect(events.find((e) => e.action === 'invitation.sent')).toMatchObject({
      actor: 'Ivy Invitee',
    })
    const open = (await t.request('GET', '/api/invitations', { cookie: A.cookie })).json<
      Invitation[]
    >()
    expect(open.find((i) => i.id === invite.json<Invitation>().id)?.invitedBy).toBeNull()
  })

  it('removes client users too', async () => {
    const member = await signedInClientUser(t, A.orgId, A.client.id)
    expect((await as(A.cookie).del(member.user.id)).statusCode).toBe(204)
    expectError(await me(member.cookie), 401, 'UNAUTHENTICATED')
  })

  it('yourself → 409; another company’s or a missing user → 404; malformed id → 400', async () => {
    const self = expectError(await as(A.cookie).del(A.userId), 409, 'CONFLICT')
    expect(self.message).toMatch(/remove yourself/)
    expectError(await as(A.cookie).del(B.userId), 404, 'NOT_FOUND')
    expectError(await as(A.cookie).del(MISSING_ID), 404, 'NOT_FOUND')
    expectValidation(await as(A.cookie).del('nope'), ['id'])
    expect((await me(A.cookie)).statusCode).toBe(200)
    expect((await me(B.cookie)).statusCode).toBe(200)
  })
})

describe('the last admin', () => {
  /** A fresh company with two admins. */
  async function twoAdmins() {
    const first = await company()
    const second = await secondAdmin(first)
    return { first, second }
  }

  it('a request that passed the role check a moment before still cannot demote or remove the last admin (409)', async () => {
    const { first, second } = await twoAdmins()
    // `first` loses the admin role while their request is on its way: `second` is the last admin.
    await t.app.db
      .update(users)
      .set({ role: 'client', clientId: first.client.id })
      .where(eq(users.id, first.userId))
    const stillAdmin = {
      userId: first.userId,
      organizationId: first.orgId,
      role: 'admin' as const,
      clientId: null,
      name: 'Ada Lovelace',
    }
    const service = usersService(t.app)
    const demote = service.updateRole(stillAdmin, second.user.id, {
      role: 'client',
      clientId: first.client.id,
    })
    await expect(demote).rejects.toMatchObject({ code: 'CONFLICT', statusCode: 409 })
    await expect(demote).rejects.toThrow(/without an admin/)
    await expect(service.remove(stillAdmin, second.user.id)).rejects.toMatchObject({
      code: 'CONFLICT',
      statusCode: 409,
    })
    expect(await adminsOf(first.orgId)).toEqual([second.user.id])
  })

  it('two admins demoting each other at once: one wins, the company keeps an admin', async () => {
    const { first, second } = await twoAdmins()
    const results = await Promise.all([
      as(first.cookie).patch(second.user.id, { role: 'client', clientId: first.client.id }),
      as(second.cookie).patch(first.userId, { role: 'client', clientId: first.client.id }),
    ])
    const statuses = results.map((r) => r.statusCode).sort()
    expect(statuses[0]).toBe(200)
    // The loser is refused by the last-admin rule, or by the role check if it ran after the change.
    expect([403, 409]).toContain(statuses[1])
    expect(await adminsOf(first.orgId)).toHaveLength(1)
  })

  it('two admins removing each other at once: one wins, the company keeps an admin', async () => {
    const { first, second } = await twoAdmins()
    const results = await Promise.all([
      as(first.cookie).del(second.user.id),
      as(second.cookie).del(first.userId),
    ])
    const statuses = results.map((r) => r.statusCode).sort()
    expect(statuses[0]).toBe(204)
    expect([401, 409]).toContain(statuses[1])
    expect(await adminsOf(first.orgId)).toHaveLength(1)
    const [{ n }] = (await selectRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from ${users} where ${users.organizationId} = ${first.orgId}`,
    )) as [{ n: number }]
    expect(n).toBe(1)
  })
})

describe('roles', () => {
  it('a client-role user → 403 on every user route, checked before the body and the id', async () => {
    const member = await signedInClientUser(t, A.orgId, A.client.id)
    const client = as(member.cookie)
    expectError(await client.list(), 403, 'FORBIDDEN')
    expectError(
      await client.patch(A.userId, { role: 'client', clientId: A.client.id }),
      403,
      'FORBIDDEN',
    )
    expectError(await client.patch(member.user.id, { role: 'admin' }), 403, 'FORBIDDEN')
    expectError(await client.patch('nope', { bad: true }), 403, 'FORBIDDEN')
    expectError(await client.del(A.userId), 403, 'FORBIDDEN')
    expect((await me(A.cookie)).json<CurrentUser>().role).toBe('admin')
    expect((await me(member.cookie)).json<CurrentUser>().role).toBe('client')
  })

  it('no session → 401', async () => {
    for (const cookie of [undefined, 'session=forged']) {
      expectError(await as(cookie).list(), 401, 'UNAUTHENTICATED')
      expectError(await as(cookie).patch(A.userId, { role: 'admin' }), 401, 'UNAUTHENTICATED')
      expectError(await as(cookie).del(A.userId), 401, 'UNAUTHENTICATED')
    }
  })
})
