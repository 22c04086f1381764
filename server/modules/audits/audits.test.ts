import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Audit, AuditDetail } from '@shared/schemas/audits'
import type { Project } from '@shared/schemas/projects'
import { audits } from '../../db/schema'
import {
  createAudit,
  createProject,
  expectError,
  expectIsoTimestamp,
  expectValidation,
  MISSING_ID,
  UUID,
  workspaceCounts,
} from '../../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness'

let t: TestApp
let cookie: string
let orgId: string
let project: Project
let creator: { id: string; name: string; email: string }
beforeAll(async () => {
  t = await createTestApp()
  const admin = await signedInAdmin(t)
  cookie = admin.cookie
  orgId = admin.user.company.id
  creator = {
    id: admin.user.id,
    name: `${admin.account.firstName} ${admin.account.lastName}`,
    email: admin.account.email,
  }
  project = await createProject(t, cookie)
})
afterAll(async () => t?.close())

const get = (id: string) => t.request('GET', `/api/audits/${id}`, { cookie })
const post = (body: unknown) => t.request('POST', '/api/audits', { cookie, body })
const patch = (id: string, body: unknown) =>
  t.request('PATCH', `/api/audits/${id}`, { cookie, body })
const del = (id: string) => t.request('DELETE', `/api/audits/${id}`, { cookie })
const listOf = (projectId: string) =>
  t.request('GET', `/api/audits?projectId=${projectId}`, { cookie })

describe('POST /api/audits', () => {
  it('201 with the whole audit: in_progress by default, no due date, led by its creator, ISO timestamps', async () => {
    const res = await post({ name: ' Year-end ', projectId: project.id })
    expect(res.statusCode, res.body).toBe(201)
    const audit = res.json<AuditDetail>()
    expect(Object.keys(audit).sort()).toEqual(
      [
        'allowedActions',
        'client',
        'createdAt',
        'description',
        'dueDate',
        'id',
        'lead',
        'members',
        'name',
        'project',
        'projectId',
        'remindersPaused',
        'status',
        'updatedAt',
      ].sort(),
    )
    expect(audit).toMatchObject({
      name: 'Year-end',
      description: null,
      projectId: project.id,
      // Where it sits, by name (the page's breadcrumbs).
      project: { id: project.id, name: project.name },
      client: { id: project.clientId },
      status: 'in_progress',
      dueDate: null,
      lead: creator,
      members: [],
      allowedActions: [
        'edit',
        'delete',
        'add_requests',
        'plan_requests',
        'send_requests',
        'export',
        'edit_team',
        'complete',
        'roll_forward',
      ],
    })
    expect(audit.id).toMatch(UUID)
    expectIsoTimestamp(audit.createdAt)
    expectIsoTimestamp(audit.updatedAt)
    expect((await get(audit.id)).json()).toEqual(audit)
  })

  it('keeps a due date exactly as sent (no time-zone shift), leap days included', async () => {
    for (const dueDate of [
      '2025-01-01',
      '2025-12-31',
      '2024-02-29',
      '2000-02-29',
      '0001-01-01',
      '9999-12-31',
    ]) {
      const res = await post({ name: `Due ${dueDate}`, projectId: project.id, dueDate })
      expect(res.statusCode, `${dueDate}: ${res.body}`).toBe(201)
      const audit = res.json<Audit>()
      expect(audit.dueDate).toBe(dueDate)
      expect((await get(audit.id)).json<Audit>().dueDate).toBe(dueDate)
    }
    const res = await post({ name: 'No due date', projectId: project.id, dueDate: null })
    expect(res.statusCode).toBe(201)
    expect(res.json<Audit>().dueDate).toBeNull()
  })

  it('accepts the statuses in_progress, in_review and completed', async () => {
    for (const status of ['in_progress', 'in_review', 'completed'] as const) {
      const res = await post({ name: status, projectId: project.id, status, description: ' d ' })
      expect(res.statusCode, res.body).toBe(201)
      expect(res.json()).toMatchObject({ status, description: 'd' })
    }
  })

  it('due dates that are not real calendar dates as YYYY-MM-DD → 400 on dueDate, nothing stored', async () => {
    const before = await workspaceCounts(t, orgId)
    for (const dueDate of [
      '2025-02-30',
      '2025-02-29',
      '1900-02-29',
      '2025-13-01',
      '2025-00-10',
      '2025-04-31',
      '2025-01-32',
      '2025/01/01',
      '2025-1-1',
      '01-01-2025',
      '2025-01-01T00:00:00Z',
      '0000-01-01',
      '',
      'tomorrow',
      20250101,
      true,
    ]) {
      expectValidation(await post({ name: 'Bad date', projectId: project.id, dueDate }), [
        'dueDate',
      ])
    }
    expect(await workspaceCounts(t, orgId)).toEqual(before)
  })

  it('other invalid bodies → 400 with field paths, nothing stored', async () => {
    const before = await workspaceCounts(t, orgId)
    expectValidation(await post({ projectId: project.id }), ['name'])
    expectValidation(await post({ name: '   ', projectId: project.id }), ['name'])
    expectValidation(await post({ name: 'x'.repeat(201), projectId: project.id }), ['name'])
    expectValidation(await post({ name: 'No project' }), ['projectId'])
    expectValidation(await post({ name: 'Bad project', projectId: 'p-1' }), ['projectId'])
    expectValidation(await post({ name: 'Gone project', projectId: MISSING_ID }), ['projectId'])
    expectValidation(await post({ name: 'S', projectId: project.id, status: 'done' }), ['status'])
    expectValidation(await post({ name: 'S', projectId: project.id, status: null }), ['status'])
    expectValidation(
      await post({ name: 'D', projectId: project.id, description: 'x'.repeat(5001) }),
      ['description'],
    )
    for (const extra of [
      { organizationId: MISSING_ID },
      { id: MISSING_ID },
      { createdAt: '2020-01-01T00:00:00.000Z' },
      { completedAt: '2020-01-01T00:00:00.000Z' },
    ]) {
      expectValidation(
        await post({ name: 'Mass', projectId: project.id, ...extra }),
        Object.keys(extra),
      )
    }
    expect(await workspaceCounts(t, orgId)).toEqual(before)
  })
})

describe('GET /api/audits?projectId=', () => {
  it('lists that project’s audits only, newest first', async () => {
    const mine = await createProject(t, cookie)
    const other = await createProject(t, cookie)
    const created: AuditDetail[] = []
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1_000)
      created.push(await createAudit(t, cookie, { projectId: mine.id, name: `A${i}` }))
      await createAudit(t, cookie, { projectId: other.id })
    }
    const res = await listOf(mine.id)
    expect(res.statusCode).toBe(200)
    // The list carries each audit's lead and progress (nothing yet); the whole team and its place
    // come with one audit.
    expect(res.json()).toEqual(
      created
        .map(({ members: _members, project: _project, client: _client, ...audit }) => ({
          ...audit,
          progress: { accepted: 0, total: 0 },
        }))
        .reverse(),
    )

    const empty = await createProject(t, cookie)
    expect((await listOf(empty.id)).json()).toEqual([])
  })

  it('projectId is required and must be a uuid (400); an unknown project → 404', async () => {
    expectValidation(await t.request('GET', '/api/audits', { cookie }), ['projectId'])
    expectValidation(await t.request('GET', '/api/audits?projectId=', { cookie }), ['projectId'])
    expectValidation(await listOf('not-a-uuid'), ['projectId'])
    expectValidation(await listOf(`${project.id}x`), ['projectId'])
    expectError(await listOf(MISSING_ID), 404, 'NOT_FOUND')
  })
})

describe('GET /api/audits/{id}', () => {
  it('an unknown id → 404; a malformed id → 400', async () => {
    expectError(await get(MISSING_ID), 404, 'NOT_FOUND')
    expectValidation(await get('abc'), ['id'])
  })
})

describe('PATCH /api/audits/{id}', () => {
  it('changes only the fields sent', async () => {
    const audit = await createAudit(t, cookie, {
      projectId: project.id,
      name: 'Partial',
      description: 'Keep',
      dueDate: '2025-06-30',
    })
    t.clock.advance(60_000)
    const res = await patch(audit.id, { status: 'in_review' })
    expect(res.statusCode, res.body).toBe(200)
    const updated = res.json<Audit>()
    expect(updated).toEqual({ ...audit, status: 'in_review', updatedAt: updated.updatedAt })
    expect(updated.updatedAt > audit.updatedAt).toBe(true)
    expect((await get(audit.id)).json()).toEqual(updated)

    expect((await patch(audit.id, { dueDate: '2026-01-15' })).json()).toMatchObject({
      dueDate: '2026-01-15',
      status: 'in_review',
      description: 'Keep',
    })
    expect((await patch(audit.id, { dueDate: null, status: 'completed' })).json()).toMatchObject({
      dueDate: null,
      status: 'completed',
      name: 'Partial',
    })
    // Completed, it is locked until an admin reopens it.
    expectError(await patch(audit.id, { name: 'Renamed' }), 409, 'CONFLICT')
    const reopened = await t.request('POST', `/api/audits/${audit.id}/reopen`, { cookie })
    expect(reopened.json()).toMatchObject({ status: 'in_progress', name: 'Partial' })
    expect((await patch(audit.id, { name: 'Renamed', description: '' })).json()).toMatchObject({
      name: 'Renamed',
      description: null,
      projectId: project.id,
    })
  })

  it('invalid values, projectId (not editable) and unknown fields → 400, the audit unchanged', async () => {
    const audit = await createAudit(t, cookie, { projectId: project.id, dueDate: '2025-03-01' })
    const elsewhere = await createProject(t, cookie)
    expectValidation(await patch(audit.id, { name: '' }), ['name'])
    expectValidation(await patch(audit.id, { status: 'open' }), ['status'])
    expectValidation(await patch(audit.id, { dueDate: '2025-02-30' }), ['dueDate'])
    expectValidation(await patch(audit.id, { dueDate: '2025-13-01' }), ['dueDate'])
    expectValidation(await patch(audit.id, { dueDate: '2025/01/01' }), ['dueDate'])
    expectValidation(await patch(audit.id, { projectId: elsewhere.id }), ['projectId'])
    expectValidation(await patch(audit.id, { organizationId: MISSING_ID }), ['organizationId'])
    expectValidation(await patch(audit.id, { id: MISSING_ID }), ['id'])
    expectValidation(await patch(audit.id, { createdAt: '2020-01-01T00:00:00.000Z' }), [
      'createdAt',
    ])
    expect((await get(audit.id)).json()).toEqual(audit)
  })

  it('an unknown id → 404; a malformed id → 400', async () => {
    expectError(await patch(MISSING_ID, { name: 'Ghost' }), 404, 'NOT_FOUND')
    expectValidation(await patch('x-y', { name: 'Ghost' }), ['id'])
  })
})

describe('DELETE /api/audits/{id}', () => {
  it('204, then the audit is gone from GET and from its project’s list', async () => {
    const audit = await createAudit(t, cookie, { projectId: project.id })
    const res = await del(audit.id)
    expect(res.statusCode).toBe(204)
    expect(res.body).toBe('')
    expectError(await get(audit.id), 404, 'NOT_FOUND')
    expectError(await patch(audit.id, { name: 'Back' }), 404, 'NOT_FOUND')
    expectError(await del(audit.id), 404, 'NOT_FOUND')
    expect((await listOf(project.id)).json<Audit[]>().map((a) => a.id)).not.toContain(audit.id)
    expect(await t.app.db.select().from(audits).where(eq(audits.id, audit.id))).toEqual([])
  })

  it('a malformed id → 400', async () => {
    expectValidation(await del('nope'), ['id'])
  })
})
