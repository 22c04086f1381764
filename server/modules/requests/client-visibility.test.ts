import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  REQUEST_STATUSES,
  type AuditRequest,
  type RequestFile,
  type RequestStatus,
} from '@shared/schemas/requests'
import { auditRequests } from '../../db/schema'
import { createAudit, createProject, signedInClientUser, uploadFiles } from '../../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness'

/**
 * A client user sees a request only if it was sent to them (`sent_at` set), whatever its status
 * since: every status × sent / never sent, through every route a client user can reach.
 */

interface Case {
  status: RequestStatus
  sent: boolean
  request: AuditRequest
  fileId: string
}

let t: TestApp
let admin: string
let member: Awaited<ReturnType<typeof signedInClientUser>>
let auditId: string
const cases: Case[] = []

const name = (c: Pick<Case, 'status' | 'sent'>) => `${c.status}, ${c.sent ? 'sent' : 'never sent'}`

beforeAll(async () => {
  t = await createTestApp()
  const owner = await signedInAdmin(t)
  admin = owner.cookie
  const project = await createProject(t, admin)
  member = await signedInClientUser(t, owner.user.company.id, project.clientId)
  auditId = (await createAudit(t, admin, { projectId: project.id })).id
  for (const status of REQUEST_STATUSES) {
    for (const sent of [true, false]) {
      const created = await t.request('POST', `/api/audits/${auditId}/requests`, {
        cookie: admin,
        body: { title: `Request (${name({ status, sent })})`, assigneeId: member.user.id },
      })
      const request = created.json<AuditRequest>()
      await t.request('POST', `/api/audits/${auditId}/send`, {
        cookie: admin,
        body: { requestIds: [request.id] },
      })
      const uploaded = await uploadFiles(t, member.cookie, request.id, [
        { name: 'answer.txt', data: Buffer.from(`answer to ${request.title}\n`) },
      ])
      expect(uploaded.statusCode, uploaded.body).toBe(201)
      // Then moved to the case's state, as if it had got there (a draft marked not applicable
      // before it was ever sent is the case the review found).
      await t.app.db
        .update(auditRequests)
        .set({
          status,
          sentAt: sent ? t.clock() : null,
          notApplicableReason: status === 'not_applicable' ? 'Not needed this year' : null,
        })
        .where(eq(auditRequests.id, request.id))
      cases.push({ status, sent, request, fileId: uploaded.json<RequestFile[]>()[0]!.id })
    }
  }
})
afterAll(async () => {
  await t?.close()
})

describe('a client user sees exactly the requests that were sent, whatever their status', () => {
  it('in the audit’s list, and its progress counts only those', async () => {
    const res = await t.request('GET', `/api/audits/${auditId}/requests`, { cookie: member.cookie })
    expect(res.statusCode).toBe(200)
    const body = res.json<{ progress: { total: number }; requests: AuditRequest[] }>()
    const seen = new Set(body.requests.map((r) => r.id))
    for (const c of cases) expect(seen.has(c.request.id), name(c)).toBe(c.sent)
    expect(body.progress.total).toBe(
      cases.filter((c) => c.sent && c.status !== 'not_applicable').length,
    )
    // Staff see every one of them.
    const staff = await t.request('GET', `/api/audits/${auditId}/requests`, { cookie: admin })
    expect(staff.json<{ requests: AuditRequest[] }>().requests).toHaveLength(cases.length)
  })

  it('in My requests', async () => {
    const res = await t.request('GET', '/api/my-requests', { cookie: member.cookie })
    const seen = new Set(
      res.json<Array<{ requests: AuditRequest[] }>>().flatMap((g) => g.requests.map((r) => r.id)),
    )
    for (const c of cases) expect(seen.has(c.request.id), name(c)).toBe(c.sent)
  })

  it.each(REQUEST_STATUSES.flatMap((status) => [true, false].map((sent) => ({ status, sent }))))(
    'one by one: %o',
    async ({ status, sent }) => {
      const c = cases.find((x) => x.status === status && x.sent === sent)!
      const id = c.request.id
      const asMember = (method: 'GET' | 'POST', url: string, body?: unknown) =>
        t.request(method, url, { cookie: member.cookie, body })
      const detail = await asMember('GET', `/api/requests/${id}`)
      const comments = await asMember('GET', `/api/requests/${id}/comments`)
      const comment = await asMember('POST', `/api/requests/${id}/comments`, { body: 'Hello' })
      const download = await asMember('GET', `/api/files/${c.fileId}`)
      if (sent) {
        expect(detail.statusCode, name(c)).toBe(200)
        expect(detail.json<AuditRequest>().title).toBe(c.request.title)
        expect(comments.statusCode, name(c)).toBe(200)
        expect(comment.statusCode, name(c)).toBe(201)
        expect(download.statusCode, name(c)).toBe(200)
        return
      }
      for (const res of [detail, comments, comment, download]) {
        expect(res.statusCode, `${name(c)}: ${res.body}`).toBe(404)
        // Not a word of it: title, description or reason.
        expect(res.body).not.toContain(c.request.title)
        expect(res.body).not.toContain('Not needed this year')
      }
      const refused = [
        await asMember('POST', `/api/requests/${id}/submit`, { response: 'Here it is' }),
        await uploadFiles(t, member.cookie, id, [
          { name: 'more.txt', data: Buffer.from('more\n') },
        ]),
        await t.request('DELETE', `/api/files/${c.fileId}`, { cookie: member.cookie }),
      ]
      for (const res of refused) expect(res.statusCode, `${name(c)}: ${res.body}`).toBe(404)
      // Staff still reach it.
      expect((await t.request('GET', `/api/requests/${id}`, { cookie: admin })).statusCode).toBe(
        200,
      )
    },
  )
})
