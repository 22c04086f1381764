import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OVERDUE_COUNT_CAP, type Dashboard } from '@shared/schemas/dashboard'
import type { ProjectCounts } from '@shared/schemas/projects'
import { selectRows } from '../../db/client'
import {
  createAudit,
  createClient,
  createItem,
  createProject,
  expectError,
  seedRequests,
  signedInClientUser,
  signedInStaff,
} from '../../test/factories'
import { APP_URL, createTestApp, signedInAdmin, type TestApp } from '../../test/harness'
import { rankKeySql } from '../requests/order-keys'
import { awaitingReviewCount } from './dashboard.repo'

let t: TestApp
let a: string
let b: string
beforeAll(async () => {
  t = await createTestApp()
  ;[a, b] = [(await signedInAdmin(t)).cookie, (await signedInAdmin(t)).cookie]
})
afterAll(async () => t?.close())

const dashboard = async (cookie: string) => {
  const res = await t.request('GET', '/api/dashboard', { cookie })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<Dashboard>()
}

describe('GET /api/dashboard', () => {
  it('401 without a session', async () => {
    expectError(await t.request('GET', '/api/dashboard'), 401, 'UNAUTHENTICATED')
  })

  it('a new company: all zeros and no activity, in exactly the contract’s shape', async () => {
    expect(await dashboard(a)).toEqual({
      totalClients: 0,
      activeProjects: 0,
      inProgressAudits: 0,
      completedItems: 0,
      overdue: { total: 0, mine: 0, audits: [] },
      awaitingReview: 0,
      recentActivity: [],
    })
  })

  it('counts the company’s clients, active projects and in-progress audits; follows changes', async () => {
    const clientA = await createClient(t, a)
    const clientB = await createClient(t, a)
    await createClient(t, a)
    const active1 = await createProject(t, a, { clientId: clientA.id })
    await createProject(t, a, { clientId: clientB.id, status: 'active' })
    await createProject(t, a, { clientId: clientB.id, status: 'on_hold' })
    await createProject(t, a, { clientId: clientB.id, status: 'completed' })
    const audit = await createAudit(t, a, { projectId: active1.id })
    await createAudit(t, a, { projectId: active1.id, status: 'in_progress' })
    await createAudit(t, a, { projectId: active1.id, status: 'in_review' })
    await createAudit(t, a, { projectId: active1.id, status: 'completed' })
    await createItem(t, a)

    expect(await dashboard(a)).toEqual({
      totalClients: 3,
      activeProjects: 2,
      inProgressAudits: 2,
      completedItems: 0,
      overdue: { total: 0, mine: 0, audits: [] },
      awaitingReview: 0,
      // The audits' creation, newest first (clients and projects are not in the trail).
      recentActivity: [3, 2, 1, 0].map(() =>
        expect.objectContaining({ action: 'audit.created', request: null }),
      ),
    })

    await t.request('PATCH', `/api/projects/${active1.id}`, {
      cookie: a,
      body: { status: 'completed' },
    })
    await t.request('PATCH', `/api/audits/${audit.id}`, {
      cookie: a,
      body: { status: 'completed' },
    })
    const newClient = await createClient(t, a)
    expect(await dashboard(a)).toMatchObject({
      totalClients: 4,
      activeProjects: 1,
      inProgressAudits: 1,
    })
    await t.request('DELETE', `/api/clients/${newClient.id}`, { cookie: a })
    expect((await dashboard(a)).totalClients).toBe(3)
  })

  it('counts only the caller’s company', async () => {
    const before = await dashboard(a)
    const project = await createProject(t, b)
    await createAudit(t, b, { projectId: project.id })
    await createClient(t, b)
    expect(await dashboard(a)).toEqual(before)
    expect(await dashboard(b)).toEqual({
      totalClients: 2,
      activeProjects: 1,
      inProgressAudits: 1,
      completedItems: 0,
      overdue: { total: 0, mine: 0, audits: [] },
      awaitingReview: 0,
      recentActivity: [expect.objectContaining({ action: 'audit.created' })],
    })
  })
})

describe('the counts kept as rows change (decision 014)', () => {
  /** The company's counts, counted afresh from its rows. */
  async function counted(cookie: string) {
    const me = await t.request('GET', '/api/auth/me', { cookie })
    const orgId = me.json<{ company: { id: string } }>().company.id
    const [row] = await selectRows<Dashboard & { completed: number; onHold: number }>(
      t.app.db,
      sql`select
        (select count(*)::int from clients where organization_id = ${orgId}) as "totalClients",
        (select count(*)::int from projects where organization_id = ${orgId} and status = 'active') as "activeProjects",
        (select count(*)::int from projects where organization_id = ${orgId} and status = 'completed') as "completed",
        (select count(*)::int from projects where organization_id = ${orgId} and status = 'on_hold') as "onHold",
        (select count(*)::int from audits where organization_id = ${orgId} and status = 'in_progress') as "inProgressAudits",
        (select count(*)::int from audit_requests where organization_id = ${orgId} and status = 'accepted') as "completedItems"`,
    )
    return row!
  }

  async function expectKeptCounts(cookie: string) {
    const fresh = await counted(cookie)
    const {
      recentActivity: _,
      overdue: __,
      awaitingReview: ___,
      ...board
    } = await dashboard(cookie)
    expect(board).toEqual({
      totalClients: fresh.totalClients,
      activeProjects: fresh.activeProjects,
      inProgressAudits: fresh.inProgressAudits,
      completedItems: fresh.completedItems,
    })
    const tabs = await t.request('GET', '/api/projects/counts', { cookie })
    expect(tabs.json<ProjectCounts>()).toEqual({
      active: fresh.activeProjects,
      completed: fresh.completed,
      onHold: fresh.onHold,
      all: fresh.activeProjects + fresh.completed + fresh.onHold,
    })
  }

  it('dashboard and project tabs equal a fresh count after creations, status changes and deletions of every kind', async () => {
    const { cookie } = await signedInAdmin(t)
    await expectKeptCounts(cookie)
    const client = await createClient(t, cookie)
    const doomed = await createClient(t, cookie)
    const projects = [
      await createProject(t, cookie, { clientId: client.id, status: 'active' }),
      await createProject(t, cookie, { clientId: client.id, status: 'on_hold' }),
      await createProject(t, cookie, { clientId: doomed.id, status: 'completed' }),
    ]
    const audits = [
      await createAudit(t, cookie, { projectId: projects[0]!.id }),
      await createAudit(t, cookie, { projectId: projects[0]!.id, status: 'in_review' }),
    ]
    await expectKeptCounts(cookie)

    // Statuses change back and forth, through the API and behind its back.
    for (const status of ['completed', 'on_hold', 'active', 'active'] as const)
      await t.request('PATCH', `/api/projects/${projects[1]!.id}`, { cookie, body: { status } })
    await t.request('PATCH', `/api/audits/${audits[1]!.id}`, {
      cookie,
      body: { status: 'in_progress' },
    })
    await t.app.db.execute(sql`update audits set status = 'completed' where id = ${audits[0]!.id}`)
    await t.app.db.execute(
      sql`insert into audit_requests (organization_id, audit_id, number, position, title, status, created_at, updated_at)
        select organization_id, id, g, ${sql.raw(rankKeySql('g - 1'))}, 'Accepted ' || g, case when g % 2 = 0 then 'accepted' else 'sent' end, now(), now()
        from audits, generate_series(1, 5) g where id = ${audits[1]!.id}`,
    )
    await t.app.db.execute(
      sql`update audit_requests set status = 'accepted' where audit_id = ${audits[1]!.id} and number = 1`,
    )
    await expectKeptCounts(cookie)

    // Deletions: a request, an audit with its requests, a project, then a client.
    await t.app.db.execute(
      sql`delete from audit_requests where audit_id = ${audits[1]!.id} and number = 2`,
    )
    await t.request('DELETE', `/api/audits/${audits[1]!.id}`, { cookie })
    await t.request('DELETE', `/api/projects/${projects[2]!.id}`, { cookie })
    await t.request('DELETE', `/api/clients/${doomed.id}`, { cookie })
    await expectKeptCounts(cookie)
    expect((await counted(cookie)).totalClients).toBe(1)
  })
})

describe('GET /api/dashboard → recentActivity', () => {
  it('the company’s latest 20 events, newest first, in the contract’s shape; names as they were', async () => {
    const { cookie } = await signedInAdmin(t)
    for (let i = 1; i <= 22; i++) {
      t.clock.advance(1000)
      const res = await t.request('PATCH', '/api/organization', {
        cookie,
        body: { name: `Name ${i}` },
      })
      expect(res.statusCode).toBe(200)
    }
    // Renaming the actor later does not rewrite history.
    await t.request('PATCH', '/api/auth/profile', {
      cookie,
      body: { firstName: 'Renamed', lastName: 'Person' },
    })
    const { recentActivity } = await dashboard(cookie)
    expect(recentActivity).toHaveLength(20)
    expect(recentActivity.map((e) => e.target)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Name ${22 - i}`),
    )
    for (const event of recentActivity) {
      expect(Object.keys(event).sort()).toEqual([
        'action',
        'actor',
        'changes',
        'createdAt',
        'detail',
        'id',
        'request',
        'target',
      ])
      expect(event).toMatchObject({
        actor: 'Ada Lovelace',
        action: 'organization.updated',
        request: null,
      })
    }
    const times = recentActivity.map((e) => e.createdAt)
    expect(times).toEqual([...times].sort().reverse())
    // Other companies see none of it.
    expect((await dashboard(a)).recentActivity.map((e) => e.target)).not.toContain('Name 22')
  })

  it('an event about a request links to it and names its client and audit, while it exists', async () => {
    const admin = await signedInAdmin(t)
    const project = await createProject(t, admin.cookie)
    const audit = await createAudit(t, admin.cookie, { projectId: project.id, name: 'FY2031' })
    const contact = await signedInClientUser(t, admin.user.company.id, project.clientId)
    const made = await t.request('POST', `/api/audits/${audit.id}/requests`, {
      cookie: admin.cookie,
      headers: { origin: APP_URL },
      body: { title: 'Leases', assigneeId: contact.user.id },
    })
    expect(made.statusCode, made.body).toBe(201)
    const request = made.json<{ id: string }>()
    const send = await t.request('POST', `/api/audits/${audit.id}/send`, {
      cookie: admin.cookie,
      headers: { origin: APP_URL },
      body: {},
    })
    expect(send.statusCode, send.body).toBe(200)
    const client = (
      await t.request('GET', `/api/clients/${project.clientId}`, { cookie: admin.cookie })
    ).json<{ name: string }>()
    const [sent] = (await dashboard(admin.cookie)).recentActivity
    expect(sent).toMatchObject({
      action: 'request.sent',
      target: '#1 Leases',
      request: { id: request.id, auditId: audit.id, auditName: 'FY2031', clientName: client.name },
    })
  })
})

describe('GET /api/dashboard → overdue', () => {
  /** Requests of `auditId` sent and due `daysAgo` days before today (negative: still to come). */
  async function sentDue(orgId: string, auditId: string, count: number, daysAgo: number) {
    const ids = await seedRequests(t, { organizationId: orgId, auditId, count, sent: true })
    await t.app.db.execute(
      sql`update audit_requests set due_date = (now() at time zone 'utc')::date - ${daysAgo}::int
          where id = any(${`{${ids.join(',')}}`}::uuid[])`,
    )
    return ids
  }

  it('counts the firm’s requests waiting for the client past their due date, the caller’s audits first', async () => {
    const admin = await signedInAdmin(t)
    const orgId = admin.user.company.id
    const staff = await signedInStaff(t, orgId)
    const project = await createProject(t, admin.cookie)
    const theirs = await createAudit(t, admin.cookie, { projectId: project.id, name: 'Big one' })
    const mine = await createAudit(t, admin.cookie, { projectId: project.id, name: 'Staff one' })
    const onTime = await createAudit(t, admin.cookie, { projectId: project.id, name: 'On time' })
    const team = await t.request('PUT', `/api/audits/${mine.id}/team`, {
      cookie: admin.cookie,
      headers: { origin: APP_URL },
      body: { leadId: staff.user.id, memberIds: [] },
    })
    expect(team.statusCode, team.body).toBe(200)

    const late = await sentDue(orgId, theirs.id, 4, 10)
    await sentDue(orgId, mine.id, 1, 3)
    await sentDue(orgId, mine.id, 1, 1)
    await sentDue(orgId, onTime.id, 2, 0) // due today: not yet overdue
    await sentDue(orgId, onTime.id, 1, -5)
    // Of the first audit's four: one submitted, one with a question put to the firm, one set
    // aside; only one is still the client's to do.
    await t.app.db.execute(
      sql`update audit_requests set status = 'submitted', submitted_at = now() where id = ${late[0]}`,
    )
    await t.app.db.execute(
      sql`update audit_requests set client_ask = 'question', client_ask_text = 'Which bank?', client_ask_at = now() where id = ${late[1]}`,
    )
    await t.app.db.execute(
      sql`update audit_requests set status = 'not_applicable', not_applicable_reason = 'No leases' where id = ${late[2]}`,
    )
    // Another firm's overdue request is not counted.
    const other = await signedInAdmin(t)
    const otherAudit = await createAudit(t, other.cookie)
    await sentDue(other.user.company.id, otherAudit.id, 3, 20)

    const client = (
      await t.request('GET', `/api/clients/${project.clientId}`, { cookie: admin.cookie })
    ).json<{ name: string }>()
    const today = new Date()
    const daysAgo = (n: number) =>
      new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - n))
        .toISOString()
        .slice(0, 10)

    expect((await dashboard(staff.cookie)).overdue).toEqual({
      total: 3,
      mine: 2,
      audits: [
        {
          auditId: mine.id,
          auditName: 'Staff one',
          clientName: client.name,
          overdue: 2,
          oldestDueDate: daysAgo(3),
          mine: true,
        },
        {
          auditId: theirs.id,
          auditName: 'Big one',
          clientName: client.name,
          overdue: 1,
          oldestDueDate: daysAgo(10),
          mine: false,
        },
      ],
    })
    // The admin made the audits and leads the other two: theirs first, however small.
    expect((await dashboard(admin.cookie)).overdue).toMatchObject({
      total: 3,
      mine: 1,
      audits: [
        { auditId: theirs.id, mine: true },
        { auditId: mine.id, mine: false },
      ],
    })
    expect((await dashboard(other.cookie)).overdue).toMatchObject({ total: 3, mine: 3 })

    // A client user has no firm-wide figures, not even of their own client.
    const contact = await signedInClientUser(t, orgId, project.clientId)
    expect((await dashboard(contact.cookie)).overdue).toBeNull()
  })

  it('beyond the caller’s audits, those whose overdue requests are the oldest come first; counts stop at the cap', async () => {
    const admin = await signedInAdmin(t)
    const orgId = admin.user.company.id
    const staff = await signedInStaff(t, orgId)
    const project = await createProject(t, admin.cookie)
    const many = await createAudit(t, admin.cookie, { projectId: project.id, name: 'Many' })
    const old = await createAudit(t, admin.cookie, { projectId: project.id, name: 'Old' })
    await sentDue(orgId, many.id, OVERDUE_COUNT_CAP + 1, 2)
    await sentDue(orgId, old.id, 1, 40)

    const { overdue } = await dashboard(staff.cookie)
    expect(overdue).toMatchObject({ total: OVERDUE_COUNT_CAP, mine: 0 })
    expect(
      overdue?.audits.map(({ auditName, overdue: count, mine }) => ({ auditName, count, mine })),
    ).toEqual([
      { auditName: 'Old', count: 1, mine: false },
      { auditName: 'Many', count: OVERDUE_COUNT_CAP + 1, mine: false },
    ])
    // The admin leads both: theirs, most overdue first, with the same cap on their count.
    expect((await dashboard(admin.cookie)).overdue).toMatchObject({
      total: OVERDUE_COUNT_CAP,
      mine: OVERDUE_COUNT_CAP,
      audits: [{ auditId: many.id }, { auditId: old.id }],
    })
  })

  it('names at most five audits, however many are late', async () => {
    const admin = await signedInAdmin(t)
    const orgId = admin.user.company.id
    const project = await createProject(t, admin.cookie)
    for (let i = 1; i <= 7; i++) {
      const audit = await createAudit(t, admin.cookie, { projectId: project.id })
      await sentDue(orgId, audit.id, i, 2)
    }
    const { overdue } = await dashboard(admin.cookie)
    expect(overdue?.total).toBe(28)
    expect(overdue?.audits.map((audit) => audit.overdue)).toEqual([7, 6, 5, 4, 3])
  })
})

describe('GET /api/dashboard → awaiting review', () => {
  it('counts the firm’s submitted answers, up to a cap; a client user gets none', async () => {
    const admin = await signedInAdmin(t)
    const orgId = admin.user.company.id
    const audit = await createAudit(t, admin.cookie)
    const ids = await seedRequests(t, {
      organizationId: orgId,
      auditId: audit.id,
      count: 4,
      sent: true,
    })
    await t.app.db.execute(
      sql`update audit_requests set status = 'submitted', submitted_at = now()
          where id = any(${`{${ids.slice(0, 3).join(',')}}`}::uuid[])`,
    )
    // Another firm's answer is not counted.
    const other = await signedInAdmin(t)
    const otherAudit = await createAudit(t, other.cookie)
    const [theirs] = await seedRequests(t, {
      organizationId: other.user.company.id,
      auditId: otherAudit.id,
      count: 1,
      sent: true,
    })
    await t.app.db.execute(
      sql`update audit_requests set status = 'submitted', submitted_at = now() where id = ${theirs!}`,
    )

    expect((await dashboard(admin.cookie)).awaitingReview).toBe(3)
    expect((await dashboard(other.cookie)).awaitingReview).toBe(1)
    expect(await awaitingReviewCount(t.app.db, orgId, 2)).toBe(2)
    const contact = await signedInClientUser(t, orgId, audit.client.id)
    expect((await dashboard(contact.cookie)).awaitingReview).toBeNull()
  })
})
