import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditListItem } from '@shared/schemas/audits'
import type { ProjectListItem } from '@shared/schemas/projects'
import {
  createAudit,
  createClient,
  createProject,
  seedRequests,
  signedInClientUser,
} from '../../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness'

// The progress on the cards of the project and audit lists: accepted of all but the
// not-applicable requests, of those the caller may see (the audience rule).

let t: TestApp
let admin: string
let clientUser: string
let engagement: { id: string }
let idle: { id: string }
let other: { id: string }
let first: { id: string }
let second: { id: string }

/** Gives the requests a status as the workflow would have left them. */
async function setStatus(ids: string[], status: 'accepted' | 'not_applicable') {
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )
  await t.app.db.execute(
    status === 'accepted'
      ? sql`update audit_requests set status = 'accepted', submitted_at = now(), accepted_at = now() where id in (${list})`
      : sql`update audit_requests set status = 'not_applicable', not_applicable_reason = 'Not used' where id in (${list})`,
  )
}

beforeAll(async () => {
  t = await createTestApp()
  const signedIn = await signedInAdmin(t)
  admin = signedIn.cookie
  const organizationId = signedIn.user.company.id
  const client = await createClient(t, admin, { name: 'Acme Ltd' })
  engagement = await createProject(t, admin, { name: 'Engagement', clientId: client.id })
  idle = await createProject(t, admin, { name: 'Idle', clientId: client.id })
  other = await createProject(t, admin, { name: 'Another client’s' })
  clientUser = (await signedInClientUser(t, organizationId, client.id)).cookie

  // The first audit: two drafts; three sent, one of them accepted, one set aside (not applicable)
  // after it was sent; and a draft set aside, which its client never saw.
  first = await createAudit(t, admin, { projectId: engagement.id, name: 'First' })
  const [draftSetAside] = await seedRequests(t, { organizationId, auditId: first.id, count: 3 })
  const [accepted, , setAside] = await seedRequests(t, {
    organizationId,
    auditId: first.id,
    count: 3,
    sent: true,
  })
  await setStatus([accepted!], 'accepted')
  await setStatus([setAside!, draftSetAside!], 'not_applicable')

  // The second audit: one sent request, accepted.
  second = await createAudit(t, admin, { projectId: engagement.id, name: 'Second' })
  await setStatus(
    await seedRequests(t, { organizationId, auditId: second.id, count: 1, sent: true }),
    'accepted',
  )

  // Another client's project, with requests of its own.
  const elsewhere = await createAudit(t, admin, { projectId: other.id })
  await seedRequests(t, { organizationId, auditId: elsewhere.id, count: 4, sent: true })
})
afterAll(async () => t?.close())

const progressById = (items: { id: string; progress: unknown }[]) =>
  Object.fromEntries(items.map((item) => [item.id, item.progress]))

async function list<T>(cookie: string, url: string) {
  const res = await t.request('GET', url, { cookie })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<T[]>()
}

describe('GET /api/audits: each audit with its progress', () => {
  it('the firm counts every request but the not-applicable ones, drafts included', async () => {
    const audits = await list<AuditListItem>(admin, `/api/audits?projectId=${engagement.id}`)
    expect(progressById(audits)).toEqual({
      [first.id]: { accepted: 1, total: 4 },
      [second.id]: { accepted: 1, total: 1 },
    })
  })

  it('a client user counts only the requests sent to them: no drafts', async () => {
    const audits = await list<AuditListItem>(clientUser, `/api/audits?projectId=${engagement.id}`)
    expect(progressById(audits)).toEqual({
      [first.id]: { accepted: 1, total: 2 },
      [second.id]: { accepted: 1, total: 1 },
    })
  })

  it('a page counts its own audits, and an audit without requests has nothing of nothing', async () => {
    const empty = await createAudit(t, admin, { projectId: idle.id, name: 'Empty' })
    const audits = await list<AuditListItem>(admin, `/api/audits?projectId=${idle.id}`)
    expect(progressById(audits)).toEqual({ [empty.id]: { accepted: 0, total: 0 } })

    const res = await t.request('GET', `/api/audits?projectId=${engagement.id}&limit=1`, {
      cookie: admin,
    })
    const [newest] = res.json<AuditListItem[]>()
    expect(newest).toMatchObject({ id: second.id, progress: { accepted: 1, total: 1 } })
  })
})

describe('GET /api/projects: each project with the progress of all its audits', () => {
  it('the firm counts the requests of every audit of the project', async () => {
    const projects = await list<ProjectListItem>(admin, '/api/projects')
    expect(progressById(projects)).toMatchObject({
      [engagement.id]: { accepted: 2, total: 5 },
      [idle.id]: { accepted: 0, total: 0 },
      [other.id]: { accepted: 0, total: 4 },
    })
  })

  it('a client user sees their client’s projects, counting the sent requests only', async () => {
    const projects = await list<ProjectListItem>(clientUser, '/api/projects')
    expect(progressById(projects)).toEqual({
      [engagement.id]: { accepted: 2, total: 3 },
      [idle.id]: { accepted: 0, total: 0 },
    })
  })

  it('the filters narrow the list, not the counts of a project', async () => {
    const projects = await list<ProjectListItem>(admin, '/api/projects?q=engage&status=active')
    expect(projects.map((project) => [project.name, project.progress])).toEqual([
      ['Engagement', { accepted: 2, total: 5 }],
    ])
  })
})
