import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditDetail, TeamMember } from '@shared/schemas/audits'
import type { Dashboard } from '@shared/schemas/dashboard'
import {
  createAudit,
  createProject,
  expectError,
  expectValidation,
  invitedUser,
  MISSING_ID,
  signedInClientUser,
  signedInStaff,
} from '../../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness'

/** An audit's team: a lead (its creator unless changed) and members, all of them the firm's. */

let t: TestApp
let admin: Awaited<ReturnType<typeof signedInAdmin>>
let staff: Awaited<ReturnType<typeof signedInStaff>>
let colleague: Awaited<ReturnType<typeof signedInStaff>>
let member: Awaited<ReturnType<typeof signedInClientUser>>
let orgId: string
let projectId: string

beforeAll(async () => {
  t = await createTestApp()
  admin = await signedInAdmin(t)
  orgId = admin.user.company.id
  const project = await createProject(t, admin.cookie)
  projectId = project.id
  staff = await signedInStaff(t, orgId)
  colleague = await signedInStaff(t, orgId)
  member = await signedInClientUser(t, orgId, project.clientId)
})
afterAll(async () => t?.close())

const person = (user: { user: { id: string; email: string } }, name = 'Sam Staff'): TeamMember => ({
  id: user.user.id,
  name,
  email: user.user.email,
})
const putTeam = (cookie: string, auditId: string, body: unknown) =>
  t.request('PUT', `/api/audits/${auditId}/team`, { cookie, body })
const getAudit = async (auditId: string, cookie = admin.cookie) => {
  const res = await t.request('GET', `/api/audits/${auditId}`, { cookie })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<AuditDetail>()
}

describe('the lead', () => {
  it('is whoever created the audit: an admin, or a staff member', async () => {
    const byAdmin = await createAudit(t, admin.cookie, { projectId })
    expect(byAdmin.lead).toEqual({
      id: admin.user.id,
      name: `${admin.account.firstName} ${admin.account.lastName}`,
      email: admin.account.email,
    })
    const byStaff = await createAudit(t, staff.cookie, { projectId })
    expect(byStaff.lead).toEqual(person(staff))
    expect(byStaff.members).toEqual([])
  })
})

describe('PUT /api/audits/{id}/team', () => {
  it('sets the lead and the members (staff may, too); the audit shows them; the change is in the activity log', async () => {
    const audit = await createAudit(t, admin.cookie, { projectId })
    const res = await putTeam(staff.cookie, audit.id, {
      leadId: staff.user.id,
      memberIds: [colleague.user.id, admin.user.id],
    })
    expect(res.statusCode, res.body).toBe(200)
    const team = res.json<AuditDetail>()
    expect(team.lead).toEqual(person(staff))
    expect(team.members.map((m) => m.id).sort()).toEqual([colleague.user.id, admin.user.id].sort())
    expect(await getAudit(audit.id)).toEqual(team)
    const list = await t.request('GET', `/api/audits?projectId=${projectId}`, {
      cookie: admin.cookie,
    })
    expect(list.json<AuditDetail[]>().find((a) => a.id === audit.id)?.lead).toEqual(person(staff))
    const dashboard = (
      await t.request('GET', '/api/dashboard', { cookie: admin.cookie })
    ).json<Dashboard>()
    expect(dashboard.recentActivity[0]).toMatchObject({
      action: 'audit.team_changed',
      actor: 'Sam Staff',
      target: audit.name,
    })
    // A lead listed among the members too is on the team once; no lead at all is allowed.
    const again = await putTeam(admin.cookie, audit.id, {
      leadId: colleague.user.id,
      memberIds: [colleague.user.id],
    })
    expect(again.json<AuditDetail>()).toMatchObject({ lead: person(colleague), members: [] })
    const none = await putTeam(admin.cookie, audit.id, { leadId: null, memberIds: [] })
    expect(none.json<AuditDetail>()).toMatchObject({ lead: null, members: [] })
  })

  it('only the firm’s people of the company: a client user, another company’s user or a missing one → 400 on its field; nothing changes', async () => {
    const audit = await createAudit(t, admin.cookie, { projectId })
    const before = await getAudit(audit.id)
    const stranger = await signedInAdmin(t)
    for (const id of [member.user.id, stranger.user.id, MISSING_ID]) {
      expectValidation(await putTeam(admin.cookie, audit.id, { leadId: id, memberIds: [] }), [
        'leadId',
      ])
      expectValidation(await putTeam(admin.cookie, audit.id, { leadId: null, memberIds: [id] }), [
        'memberIds',
      ])
    }
    for (const body of [
      {},
      { leadId: null },
      { memberIds: [] },
      { leadId: 'nope', memberIds: [] },
      { leadId: null, memberIds: 'x' },
      { leadId: null, memberIds: [staff.user.id, staff.user.id] },
      { leadId: null, memberIds: Array.from({ length: 101 }, () => MISSING_ID) },
      { leadId: null, memberIds: [], role: 'admin' },
    ])
      expectError(await putTeam(admin.cookie, audit.id, body), 400, 'VALIDATION')
    expect(await getAudit(audit.id)).toEqual(before)
  })

  it('a client user: 403 before any lookup; another company’s or a missing audit → 404', async () => {
    const audit = await createAudit(t, admin.cookie, { projectId })
    const body = { leadId: null, memberIds: [] }
    for (const id of [audit.id, MISSING_ID])
      expectError(await putTeam(member.cookie, id, body), 403, 'FORBIDDEN')
    const stranger = await signedInAdmin(t)
    for (const id of [audit.id, MISSING_ID])
      expectError(await putTeam(stranger.cookie, id, body), 404, 'NOT_FOUND')
    // The client user sees who runs their audit.
    expect((await getAudit(audit.id, member.cookie)).lead?.id).toBe(admin.user.id)
  })
})

describe('leaving the firm’s side', () => {
  it('a member made a client user leaves every team; a removed user too', async () => {
    const leaving = await invitedUser(t, admin.cookie, { role: 'staff' })
    const removed = await invitedUser(t, admin.cookie, { role: 'staff' })
    const audit = await createAudit(t, admin.cookie, { projectId })
    await putTeam(admin.cookie, audit.id, {
      leadId: leaving.user.id,
      memberIds: [removed.user.id, staff.user.id],
    })
    const demoted = await t.request('PATCH', `/api/users/${leaving.user.id}`, {
      cookie: admin.cookie,
      body: { role: 'client', clientId: (await createProject(t, admin.cookie)).clientId },
    })
    expect(demoted.statusCode, demoted.body).toBe(200)
    expect(
      (await t.request('DELETE', `/api/users/${removed.user.id}`, { cookie: admin.cookie }))
        .statusCode,
    ).toBe(204)
    expect(await getAudit(audit.id)).toMatchObject({ lead: null, members: [person(staff)] })
  })
})

describe('GET /api/audits/{id}/team-candidates', () => {
  it('the company’s admins and staff, by name; never client users', async () => {
    const audit = await createAudit(t, admin.cookie, { projectId })
    const res = await t.request('GET', `/api/audits/${audit.id}/team-candidates`, {
      cookie: staff.cookie,
    })
    expect(res.statusCode, res.body).toBe(200)
    const ids = res.json<TeamMember[]>().map((candidate) => candidate.id)
    expect(ids).toEqual(expect.arrayContaining([admin.user.id, staff.user.id, colleague.user.id]))
    expect(ids).not.toContain(member.user.id)
    // Searched by e-mail (or name) on the server; a client user's address finds nobody.
    const search = async (q: string) =>
      (
        await t.request(
          'GET',
          `/api/audits/${audit.id}/team-candidates?q=${encodeURIComponent(q)}`,
          { cookie: admin.cookie },
        )
      )
        .json<TeamMember[]>()
        .map((candidate) => candidate.id)
    expect(await search(colleague.user.email.toUpperCase())).toEqual([colleague.user.id])
    expect(await search(member.user.email)).toEqual([])
    expectError(
      await t.request('GET', `/api/audits/${audit.id}/team-candidates`, { cookie: member.cookie }),
      403,
      'FORBIDDEN',
    )
  })
})
