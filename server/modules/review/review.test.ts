import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditRequest, ReviewItem } from '@shared/schemas/requests'
import {
  createAudit,
  createProject,
  expectError,
  expectValidation,
  signedInClientUser,
  signedInStaff,
} from '../../test/factories'
import { APP_URL, createTestApp, signedInAdmin, type TestApp } from '../../test/harness'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const headers = { origin: APP_URL }

async function post(cookie: string, url: string, body?: unknown) {
  const res = await t.request('POST', url, { cookie, headers, body })
  expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300)
  return res
}

const queue = (cookie: string, query = '') =>
  t.request('GET', `/api/review-queue${query}`, { cookie })

async function titles(cookie: string, query = '') {
  const res = await queue(cookie, query)
  expect(res.statusCode, res.body).toBe(200)
  return res.json<ReviewItem[]>().map((item) => item.title)
}

/**
 * A firm with two clients' audits (its admin leads both), a staff member on the second audit's
 * team only, and requests answered one after the other.
 */
async function scene() {
  const admin = await signedInAdmin(t)
  const orgId = admin.user.company.id
  const staff = await signedInStaff(t, orgId)
  const projectX = await createProject(t, admin.cookie, { name: 'Project X' })
  const projectY = await createProject(t, admin.cookie, { name: 'Project Y' })
  const clientX = await signedInClientUser(t, orgId, projectX.clientId)
  const clientY = await signedInClientUser(t, orgId, projectY.clientId)
  const auditX = await createAudit(t, admin.cookie, { projectId: projectX.id, name: 'Audit X' })
  const auditY = await createAudit(t, admin.cookie, { projectId: projectY.id, name: 'Audit Y' })
  await t
    .request('PUT', `/api/audits/${auditY.id}/team`, {
      cookie: admin.cookie,
      headers,
      body: { leadId: admin.user.id, memberIds: [staff.user.id] },
    })
    .then((res) => expect(res.statusCode, res.body).toBe(200))
  const add = async (auditId: string, title: string, assigneeId: string) =>
    (
      await post(admin.cookie, `/api/audits/${auditId}/requests`, { title, assigneeId })
    ).json<AuditRequest>()
  const requests = {
    x1: await add(auditX.id, 'X first', clientX.user.id),
    y1: await add(auditY.id, 'Y first', clientY.user.id),
    x2: await add(auditX.id, 'X second', clientX.user.id),
    xOpen: await add(auditX.id, 'X not answered', clientX.user.id),
  }
  await post(admin.cookie, `/api/audits/${auditX.id}/send`, {})
  await post(admin.cookie, `/api/audits/${auditY.id}/send`, {})
  const answer = async (who: { cookie: string }, request: AuditRequest) => {
    t.clock.advance(1000)
    await post(who.cookie, `/api/requests/${request.id}/submit`, { response: 'Here' })
  }
  await answer(clientX, requests.x1)
  await answer(clientY, requests.y1)
  await answer(clientX, requests.x2)
  return { admin, staff, clientX, auditX, auditY, projectY, requests, answer }
}

describe('GET /api/review-queue', () => {
  it('the caller’s audits first, then the oldest answer first; nothing not submitted', async () => {
    const s = await scene()
    // The admin leads both audits: oldest first.
    expect(await titles(s.admin.cookie)).toEqual(['X first', 'Y first', 'X second'])
    // The staff member is on the team of audit Y only: its answer first.
    expect(await titles(s.staff.cookie)).toEqual(['Y first', 'X first', 'X second'])
    const [first] = (await queue(s.staff.cookie)).json<ReviewItem[]>()
    expect(first).toMatchObject({
      id: s.requests.y1.id,
      number: 1,
      auditId: s.auditY.id,
      auditName: 'Audit Y',
      clientId: s.projectY.clientId,
      assigneeName: 'Clara Client',
      onMyAudit: true,
    })
    expect(Date.parse(first!.submittedAt)).not.toBeNaN()
  })

  it('narrowed by audit or client; a page at a time', async () => {
    const s = await scene()
    expect(await titles(s.admin.cookie, `?auditId=${s.auditX.id}`)).toEqual(['X first', 'X second'])
    expect(await titles(s.admin.cookie, `?clientId=${s.projectY.clientId}`)).toEqual(['Y first'])
    const seen: string[] = []
    let url: string | undefined = '/api/review-queue?limit=1'
    while (url) {
      const res = await t.request('GET', url, { cookie: s.staff.cookie })
      expect(res.statusCode, res.body).toBe(200)
      seen.push(...res.json<ReviewItem[]>().map((item) => item.title))
      url = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1]?.replace(APP_URL, '')
    }
    expect(seen).toEqual(['Y first', 'X first', 'X second'])
  })

  it('a decision takes a request out; an answer given again comes back as the newest', async () => {
    const s = await scene()
    await post(s.admin.cookie, `/api/requests/${s.requests.x1.id}/return`, { reason: 'Page 2' })
    await post(s.admin.cookie, `/api/requests/${s.requests.y1.id}/accept`)
    expect(await titles(s.admin.cookie)).toEqual(['X second'])
    await s.answer(s.clientX, s.requests.x1)
    expect(await titles(s.admin.cookie)).toEqual(['X second', 'X first'])
    // Reopened: back in the queue.
    await post(s.admin.cookie, `/api/requests/${s.requests.y1.id}/reopen`)
    expect(await titles(s.admin.cookie)).toContain('Y first')
  })

  it('the firm only; another company’s ids find nothing; bad queries → 400', async () => {
    const s = await scene()
    const other = await signedInAdmin(t)
    expect(await titles(other.cookie)).toEqual([])
    expect(await titles(other.cookie, `?auditId=${s.auditX.id}`)).toEqual([])
    expectError(await queue(s.clientX.cookie), 403, 'FORBIDDEN')
    expectError(await t.request('GET', '/api/review-queue'), 401, 'UNAUTHENTICATED')
    expectValidation(await queue(s.admin.cookie, '?auditId=abc'), ['auditId'])
    expectValidation(await queue(s.admin.cookie, '?clientId=1'), ['clientId'])
    expectValidation(await queue(s.admin.cookie, '?limit=0'), ['limit'])
    expectValidation(await queue(s.admin.cookie, '?cursor=bm9wZQ'), ['cursor'])
    expectValidation(await queue(s.admin.cookie, '?status=submitted'), ['status'])
  })
})
