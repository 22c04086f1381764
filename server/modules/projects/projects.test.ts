import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Client } from '@shared/schemas/clients'
import type { Project } from '@shared/schemas/projects'
import {
  createAudit,
  createClient,
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
let client: Client
beforeAll(async () => {
  t = await createTestApp()
  const admin = await signedInAdmin(t)
  cookie = admin.cookie
  orgId = admin.user.company.id
  client = await createClient(t, cookie, { name: 'Project Owner Ltd' })
})
afterAll(async () => t?.close())

const get = (id: string) => t.request('GET', `/api/projects/${id}`, { cookie })
const post = (body: unknown) => t.request('POST', '/api/projects', { cookie, body })
const patch = (id: string, body: unknown) =>
  t.request('PATCH', `/api/projects/${id}`, { cookie, body })
const del = (id: string) => t.request('DELETE', `/api/projects/${id}`, { cookie })
const list = async () => {
  const res = await t.request('GET', '/api/projects', { cookie })
  expect(res.statusCode).toBe(200)
  return res.json<Project[]>()
}

describe('POST /api/projects', () => {
  it('201 with the whole project: status active by default, the client’s name, ISO timestamps', async () => {
    const res = await post({ name: '  FY2025 audit  ', clientId: client.id })
    expect(res.statusCode, res.body).toBe(201)
    const project = res.json<Project>()
    expect(Object.keys(project).sort()).toEqual(
      [
        'clientId',
        'clientName',
        'createdAt',
        'description',
        'id',
        'name',
        'status',
        'updatedAt',
      ].sort(),
    )
    expect(project).toMatchObject({
      name: 'FY2025 audit',
      description: null,
      clientId: client.id,
      clientName: 'Project Owner Ltd',
      status: 'active',
    })
    expect(project.id).toMatch(UUID)
    expectIsoTimestamp(project.createdAt)
    expectIsoTimestamp(project.updatedAt)
    expect((await get(project.id)).json()).toEqual(project)
  })

  it('accepts every status and a description; empty description → null', async () => {
    for (const status of ['active', 'completed', 'on_hold'] as const) {
      const res = await post({
        name: `S ${status}`,
        clientId: client.id,
        status,
        description: ' d ',
      })
      expect(res.statusCode, res.body).toBe(201)
      expect(res.json()).toMatchObject({ status, description: 'd' })
    }
    const res = await post({ name: 'No description', clientId: client.id, description: '  ' })
    expect(res.json()).toMatchObject({ description: null })
  })

  it('invalid bodies → 400 with field paths, nothing stored', async () => {
    const before = await workspaceCounts(t, orgId)
    expectValidation(await post({ clientId: client.id }), ['name'])
    expectValidation(await post({ name: '   ', clientId: client.id }), ['name'])
    expectValidation(await post({ name: 'x'.repeat(201), clientId: client.id }), ['name'])
    expectValidation(await post({ name: 'No client' }), ['clientId'])
    expectValidation(await post({ name: 'Null client', clientId: null }), ['clientId'])
    expectValidation(await post({ name: 'Bad client', clientId: 'not-a-uuid' }), ['clientId'])
    expectValidation(await post({ name: 'Bad status', clientId: client.id, status: 'done' }), [
      'status',
    ])
    expectValidation(await post({ name: 'Bad status', clientId: client.id, status: 'ACTIVE' }), [
      'status',
    ])
    expectValidation(
      await post({ name: 'Long', clientId: client.id, description: 'x'.repeat(5001) }),
      ['description'],
    )
    expectValidation(await post({ name: 'Typed', clientId: client.id, description: 5 }), [
      'description',
    ])
    expect(await workspaceCounts(t, orgId)).toEqual(before)
  })

  it('a description of exactly 5000 characters is accepted', async () => {
    const res = await post({ name: 'Long', clientId: client.id, description: 'd'.repeat(5000) })
    expect(res.statusCode, res.body).toBe(201)
  })

  it('a client id that is not one of the company’s clients → 400 on clientId, nothing stored', async () => {
    const before = await workspaceCounts(t, orgId)
    const body = expectValidation(await post({ name: 'Orphan', clientId: MISSING_ID }), [
      'clientId',
    ])
    expect(body.errors).toHaveLength(1)
    expect(await workspaceCounts(t, orgId)).toEqual(before)
  })

  it('unknown fields (organizationId, id, createdAt, clientName) → 400, nothing stored', async () => {
    const before = await workspaceCounts(t, orgId)
    for (const extra of [
      { organizationId: MISSING_ID },
      { id: MISSING_ID },
      { createdAt: '2020-01-01T00:00:00.000Z' },
      { clientName: 'Spoofed' },
    ]) {
      expectValidation(
        await post({ name: 'Mass', clientId: client.id, ...extra }),
        Object.keys(extra),
      )
    }
    expect(await workspaceCounts(t, orgId)).toEqual(before)
  })
})

describe('GET /api/projects', () => {
  it('lists the company’s projects newest first, with their client names', async () => {
    const other = await createClient(t, cookie, { name: 'Second Client' })
    const created: Project[] = []
    for (const [i, clientId] of [client.id, other.id, client.id].entries()) {
      t.clock.advance(1_000)
      created.push(await createProject(t, cookie, { name: `Newest ${i}`, clientId }))
    }
    const listed = await list()
    // Each with its progress: nothing of nothing before its first request.
    expect(listed.slice(0, 3)).toEqual(
      [...created]
        .reverse()
        .map((project) => ({ ...project, progress: { accepted: 0, total: 0 } })),
    )
    expect(listed[1]!.clientName).toBe('Second Client')
    const times = listed.map((p) => new Date(p.createdAt).getTime())
    expect(times).toEqual([...times].sort((a, b) => b - a))
  })
})

describe('GET /api/projects/{id}', () => {
  it('an unknown id → 404; a malformed id → 400', async () => {
    expectError(await get(MISSING_ID), 404, 'NOT_FOUND')
    expectValidation(await get('nope'), ['id'])
  })
})

describe('PATCH /api/projects/{id}', () => {
  it('changes only the fields sent', async () => {
    const project = await createProject(t, cookie, {
      clientId: client.id,
      name: 'Partial',
      description: 'Keep',
    })
    t.clock.advance(60_000)
    const res = await patch(project.id, { status: 'on_hold' })
    expect(res.statusCode, res.body).toBe(200)
    const updated = res.json<Project>()
    expect(updated).toEqual({ ...project, status: 'on_hold', updatedAt: updated.updatedAt })
    expect(updated.updatedAt > project.updatedAt).toBe(true)
    expect((await get(project.id)).json()).toEqual(updated)

    // Any status can change to any other.
    for (const status of ['completed', 'active', 'completed', 'on_hold', 'active'] as const) {
      expect((await patch(project.id, { status })).json()).toMatchObject({ status })
    }
    expect((await patch(project.id, { description: '' })).json()).toMatchObject({
      name: 'Partial',
      description: null,
    })
  })

  it('moving a project to another of the company’s clients updates clientId and clientName', async () => {
    const project = await createProject(t, cookie, { clientId: client.id })
    const other = await createClient(t, cookie, { name: 'New Owner' })
    const res = await patch(project.id, { clientId: other.id })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ clientId: other.id, clientName: 'New Owner' })
    // Renaming the client shows in the project.
    await t.request('PATCH', `/api/clients/${other.id}`, {
      cookie,
      body: { name: 'Renamed Owner' },
    })
    expect((await get(project.id)).json()).toMatchObject({ clientName: 'Renamed Owner' })
  })

  it('invalid values, unknown fields or a client not the company’s → 400 and the project is unchanged', async () => {
    const project = await createProject(t, cookie, { clientId: client.id })
    expectValidation(await patch(project.id, { name: '  ' }), ['name'])
    expectValidation(await patch(project.id, { status: 'archived' }), ['status'])
    expectValidation(await patch(project.id, { clientId: null }), ['clientId'])
    expectValidation(await patch(project.id, { clientId: 'x' }), ['clientId'])
    expectValidation(await patch(project.id, { clientId: MISSING_ID }), ['clientId'])
    expectValidation(await patch(project.id, { description: 'x'.repeat(5001) }), ['description'])
    expectValidation(await patch(project.id, { organizationId: MISSING_ID }), ['organizationId'])
    expectValidation(await patch(project.id, { id: MISSING_ID }), ['id'])
    expectValidation(await patch(project.id, { updatedAt: '2020-01-01T00:00:00.000Z' }), [
      'updatedAt',
    ])
    expectValidation(await patch(project.id, { clientName: 'Spoofed' }), ['clientName'])
    expect((await get(project.id)).json()).toEqual(project)
  })

  it('an unknown id → 404; a malformed id → 400', async () => {
    expectError(await patch(MISSING_ID, { name: 'Ghost' }), 404, 'NOT_FOUND')
    expectValidation(await patch('1', { name: 'Ghost' }), ['id'])
  })
})

describe('DELETE /api/projects/{id}', () => {
  it('204, then the project is gone', async () => {
    const project = await createProject(t, cookie, { clientId: client.id })
    const res = await del(project.id)
    expect(res.statusCode).toBe(204)
    expect(res.body).toBe('')
    expectError(await get(project.id), 404, 'NOT_FOUND')
    expectError(await patch(project.id, { name: 'Back' }), 404, 'NOT_FOUND')
    expectError(await del(project.id), 404, 'NOT_FOUND')
    expect((await list()).map((p) => p.id)).not.toContain(project.id)
  })

  it('a project with audits → 409 CONFLICT saying what to do; it stays until its audits go', async () => {
    const project = await createProject(t, cookie, { clientId: client.id })
    const audits = [
      await createAudit(t, cookie, { projectId: project.id }),
      await createAudit(t, cookie, { projectId: project.id }),
    ]
    const body = expectError(await del(project.id), 409, 'CONFLICT')
    expect(body.message).toMatch(/audit/i)
    expect(body.message).toMatch(/delete/i)
    expect((await get(project.id)).json()).toEqual(project)

    for (const audit of audits) {
      expectError(await del(project.id), 409, 'CONFLICT')
      expect((await t.request('DELETE', `/api/audits/${audit.id}`, { cookie })).statusCode).toBe(
        204,
      )
    }
    expect((await del(project.id)).statusCode).toBe(204)
    expectError(await get(project.id), 404, 'NOT_FOUND')
  })

  it('a malformed id → 400', async () => {
    expectValidation(await del('zzz'), ['id'])
  })
})
