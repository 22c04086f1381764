import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditRequest } from '@shared/schemas/requests'
import {
  createAudit,
  createClient,
  createProject,
  expectError,
  signedInClientUser,
} from '../../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness'

/**
 * What was sent to a client's users stays with that client: a project whose requests were sent
 * cannot change client (409 naming why); a project of drafts only can, and its drafts follow.
 */

let t: TestApp
let admin: string
let orgId: string
beforeAll(async () => {
  t = await createTestApp()
  const owner = await signedInAdmin(t)
  admin = owner.cookie
  orgId = owner.user.company.id
})
afterAll(async () => {
  await t?.close()
})

async function projectWithRequest(options: { send: boolean }) {
  const project = await createProject(t, admin)
  const member = await signedInClientUser(t, orgId, project.clientId)
  const audit = await createAudit(t, admin, { projectId: project.id })
  const created = await t.request('POST', `/api/audits/${audit.id}/requests`, {
    cookie: admin,
    body: { title: 'Bank statements', assigneeId: member.user.id },
  })
  const request = created.json<AuditRequest>()
  if (options.send)
    expect(
      (await t.request('POST', `/api/audits/${audit.id}/send`, { cookie: admin, body: {} }))
        .statusCode,
    ).toBe(200)
  return { project, member, audit, request }
}

const patchProject = (id: string, body: Record<string, unknown>) =>
  t.request('PATCH', `/api/projects/${id}`, { cookie: admin, body })

describe('changing a project’s client', () => {
  it('is refused once a request was sent, naming why; the client users keep seeing it', async () => {
    const { project, member, request } = await projectWithRequest({ send: true })
    const other = await createClient(t, admin)
    const body = expectError(
      await patchProject(project.id, { clientId: other.id }),
      409,
      'CONFLICT',
    )
    expect(body.message).toContain('Requests of this project were sent to')
    expect(body.message).toContain('Create a new project for the other client')
    const after = await t.request('GET', `/api/projects/${project.id}`, { cookie: admin })
    expect(after.json()).toMatchObject({ clientId: project.clientId })
    const seen = await t.request('GET', `/api/requests/${request.id}`, { cookie: member.cookie })
    expect(seen.statusCode).toBe(200)
  })

  it('a request sent then marked not applicable still counts as sent', async () => {
    const { project, request } = await projectWithRequest({ send: true })
    await t.request('POST', `/api/requests/${request.id}/not-applicable`, {
      cookie: admin,
      body: { reason: 'Dormant account' },
    })
    const other = await createClient(t, admin)
    expectError(await patchProject(project.id, { clientId: other.id }), 409, 'CONFLICT')
  })

  it('other fields, and the same client, still change', async () => {
    const { project } = await projectWithRequest({ send: true })
    const res = await patchProject(project.id, {
      name: 'Renamed',
      status: 'on_hold',
      clientId: project.clientId,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ name: 'Renamed', status: 'on_hold' })
  })

  it('a project of drafts only moves, and its drafts lose the old client’s assignee', async () => {
    const { project, member, request } = await projectWithRequest({ send: false })
    const other = await createClient(t, admin)
    const res = await patchProject(project.id, { clientId: other.id })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ clientId: other.id, clientName: other.name })
    const draft = await t.request('GET', `/api/requests/${request.id}`, { cookie: admin })
    expect(draft.json()).toMatchObject({ assigneeId: null, status: 'draft' })
    // The old client's user sees nothing of it.
    const gone = await t.request('GET', `/api/projects/${project.id}`, { cookie: member.cookie })
    expect(gone.statusCode).toBe(404)
  })

  it('a send and a change of client at the same moment: never a request sent to one client in another client’s project', async () => {
    for (let round = 0; round < 5; round++) {
      const { project, member, audit } = await projectWithRequest({ send: false })
      const other = await createClient(t, admin)
      const [sent, moved] = await Promise.all([
        t.request('POST', `/api/audits/${audit.id}/send`, { cookie: admin, body: {} }),
        patchProject(project.id, { clientId: other.id }),
      ])
      const after = (
        await t.request('GET', `/api/projects/${project.id}`, { cookie: admin })
      ).json<{
        clientId: string
      }>()
      const requests = (
        await t.request('GET', `/api/audits/${audit.id}/requests`, { cookie: admin })
      ).json<{ requests: AuditRequest[] }>().requests
      if (requests.some((r) => r.sentAt !== null)) {
        expect(sent.statusCode).toBe(200)
        expect(moved.statusCode).toBe(409)
        expect(after.clientId).toBe(project.clientId)
        expect(requests.every((r) => r.assigneeId === member.user.id)).toBe(true)
      } else {
        expect(moved.statusCode).toBe(200)
        expect(after.clientId).toBe(other.id)
        expect(sent.statusCode).toBeGreaterThanOrEqual(400)
      }
    }
  })
})
