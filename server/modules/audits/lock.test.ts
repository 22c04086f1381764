import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiRoutes } from '@shared/api'
import { AUDIT_LOCKED_MESSAGE } from '@shared/schemas/audits'
import { selectRows } from '../../db/client'
import {
  createAudit,
  createTemplate,
  expectError,
  signedInClientUser,
  signedInStaff,
  uploadFiles,
} from '../../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness'
import { multipartBody } from '../../test/multipart'

/**
 * Completing an audit locks it: every route that changes the audit, its requests, their answers,
 * files and discussion answers 409 naming the lock, and changes nothing, until an admin reopens
 * it. The routes are taken from the API's own table, so a new one cannot escape.
 */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

type Who = 'admin' | 'client'
interface Call {
  who: Who
  /** Which of the audit's things the route's :id is. */
  id: 'audit' | 'draft' | 'sent' | 'submitted' | 'accepted' | 'proposed' | 'file'
  body?: unknown
  upload?: boolean
}

/** Every mutation of the audit domain, with a body it would otherwise accept. */
const CALLS: Record<string, Call> = {
  'PATCH /api/audits/:id': { who: 'admin', id: 'audit', body: { name: 'Renamed' } },
  'DELETE /api/audits/:id': { who: 'admin', id: 'audit' },
  'PUT /api/audits/:id/team': { who: 'admin', id: 'audit', body: { leadId: null, memberIds: [] } },
  'POST /api/audits/:id/requests': { who: 'admin', id: 'audit', body: { title: 'One more' } },
  'POST /api/audits/:id/requests/bulk': {
    who: 'admin',
    id: 'audit',
    body: { action: 'delete', requestIds: ['$draft'] },
  },
  'PATCH /api/audits/:id/requests': {
    who: 'admin',
    id: 'audit',
    body: { requestIds: ['$draft'], dueDate: '2031-01-31' },
  },
  'POST /api/audits/:id/requests/from-template': {
    who: 'admin',
    id: 'audit',
    body: { templateId: '$template' },
  },
  'POST /api/audits/:id/send': { who: 'admin', id: 'audit', body: {} },
  'POST /api/audits/:id/remind': { who: 'admin', id: 'audit' },
  'PATCH /api/requests/:id': { who: 'admin', id: 'draft', body: { title: 'Retitled' } },
  'POST /api/requests/:id/move': { who: 'admin', id: 'draft', body: { position: 0 } },
  'POST /api/audits/:id/sections/move': {
    who: 'admin',
    id: 'audit',
    body: { section: 'Cash', before: null },
  },
  'DELETE /api/requests/:id': { who: 'admin', id: 'draft' },
  'POST /api/requests/:id/submit': { who: 'client', id: 'sent', body: { response: 'Here' } },
  'PUT /api/requests/:id/answer-draft': { who: 'client', id: 'sent', body: { response: 'Hm' } },
  'POST /api/requests/:id/files': { who: 'client', id: 'sent', upload: true },
  'POST /api/audits/:id/import/preview': { who: 'admin', id: 'audit', upload: true },
  'POST /api/audits/:id/import': { who: 'admin', id: 'audit', upload: true },
  'DELETE /api/files/:id': { who: 'client', id: 'file' },
  'POST /api/requests/:id/ask': { who: 'client', id: 'sent', body: { question: 'Which year?' } },
  'POST /api/requests/:id/propose-not-applicable': {
    who: 'client',
    id: 'sent',
    body: { reason: 'Not held' },
  },
  'POST /api/requests/:id/accept': { who: 'admin', id: 'submitted' },
  'POST /api/requests/:id/return': { who: 'admin', id: 'submitted', body: { reason: 'Again' } },
  'POST /api/requests/:id/reopen': { who: 'admin', id: 'accepted' },
  'POST /api/requests/:id/not-applicable': {
    who: 'admin',
    id: 'sent',
    body: { reason: 'Not needed' },
  },
  'POST /api/requests/:id/proposal/accept': { who: 'admin', id: 'proposed' },
  'POST /api/requests/:id/proposal/decline': {
    who: 'admin',
    id: 'proposed',
    body: { reason: 'Needed' },
  },
  'POST /api/requests/:id/comments': { who: 'client', id: 'sent', body: { body: 'Hello' } },
  'POST /api/requests/:id/remind': { who: 'admin', id: 'sent' },
}

/** Routes that change the audit domain but are not refused by the lock, and why. */
const NOT_LOCKED: Record<string, string> = {
  'POST /api/audits/:id/complete': 'completing it again is refused as a change (tested below)',
  'POST /api/audits/:id/reopen': 'what unlocks it',
  'POST /api/audits/:id/roll-forward':
    'next period’s audit starts from a finished one (roll-forward.test.ts)',
  'POST /api/audits/:id/roll-forward/preview': 'writes nothing',
}

describe('a completed audit', () => {
  it('every mutation route of the audit domain is listed here', () => {
    const mutations = apiRoutes
      .filter((route) => route.method !== 'GET')
      .filter((route) => /^\/api\/(audits|requests|files)\/:id(\/|$)/.test(route.path))
      .map((route) => `${route.method} ${route.path}`)
      .filter((route) => !(route in NOT_LOCKED))
    expect(mutations.sort()).toEqual(Object.keys(CALLS).sort())
  })

  it('refuses every change with 409 naming the lock, changes nothing, and an admin reopens it', async () => {
    const admin = await signedInAdmin(t)
    const orgId = admin.user.company.id
    const staff = await signedInStaff(t, orgId)
    const audit = await createAudit(t, admin.cookie)
    const client = await signedInClientUser(t, orgId, audit.client.id)
    const cookies: Record<Who, string> = { admin: admin.cookie, client: client.cookie }
    const template = await createTemplate(t, admin.cookie)
    const call = (who: Who, method: string, url: string, body?: unknown) =>
      t.request(method as 'POST', url, { cookie: cookies[who], body })
    const create = async (title: string) => {
      const res = await call('admin', 'POST', `/api/audits/${audit.id}/requests`, {
        title,
        assigneeId: client.user.id,
        dueDate: '2030-01-31',
      })
      expect(res.statusCode, res.body).toBe(201)
      return res.json<{ id: string }>().id
    }
    const ids = {
      audit: audit.id,
      draft: await create('Draft'),
      sent: await create('Sent'),
      submitted: await create('Submitted'),
      accepted: await create('Accepted'),
      proposed: await create('Proposed'),
      file: '',
    }
    const send = await call('admin', 'POST', `/api/audits/${audit.id}/send`, {
      requestIds: [ids.sent, ids.submitted, ids.accepted, ids.proposed],
    })
    expect(send.statusCode, send.body).toBe(200)
    for (const id of [ids.submitted, ids.accepted])
      expect((await call('client', 'POST', `/api/requests/${id}/submit`, {})).statusCode).toBe(200)
    expect((await call('admin', 'POST', `/api/requests/${ids.accepted}/accept`)).statusCode).toBe(
      200,
    )
    const proposed = await call(
      'client',
      'POST',
      `/api/requests/${ids.proposed}/propose-not-applicable`,
      {
        reason: 'Not held',
      },
    )
    expect(proposed.statusCode, proposed.body).toBe(200)
    const uploaded = await uploadFiles(t, client.cookie, ids.sent, [
      { name: 'notes.txt', data: Buffer.from('notes\n') },
    ])
    expect(uploaded.statusCode, uploaded.body).toBe(201)
    ids.file = uploaded.json<Array<{ id: string }>>()[0]!.id

    // Staff complete it; completing it again is refused as a change.
    const completed = await call('admin', 'POST', `/api/audits/${audit.id}/complete`)
    expect(completed.statusCode, completed.body).toBe(200)
    expect(completed.json()).toMatchObject({
      status: 'completed',
      allowedActions: ['export', 'reopen', 'roll_forward'],
    })
    expectError(await call('admin', 'POST', `/api/audits/${audit.id}/complete`), 409, 'CONFLICT')

    const snapshot = async () =>
      selectRows(
        t.app.db,
        sql`select r.id, r.status, r.title, r.due_date, r.updated_at, r.client_ask,
              (select count(*)::int from request_comments c where c.request_id = r.id) as comments,
              (select count(*)::int from request_files f where f.request_id = r.id) as files,
              (select count(*)::int from answer_drafts d where d.request_id = r.id) as drafts
            from audit_requests r where r.audit_id = ${audit.id} order by r.number`,
      )
    const before = await snapshot()
    const answers: string[] = []
    for (const [route, spec] of Object.entries(CALLS)) {
      const [method, path] = route.split(' ') as [string, string]
      const url = path.replace(':id', ids[spec.id])
      const body = JSON.parse(
        JSON.stringify(spec.body ?? {})
          .replaceAll('"$draft"', JSON.stringify(ids.draft))
          .replaceAll('"$template"', JSON.stringify(template.id)),
      ) as unknown
      const res = spec.upload
        ? await t.request('POST', url, {
            cookie: cookies[spec.who],
            ...(({ payload, contentType }) => ({
              body: payload,
              headers: { 'content-type': contentType },
            }))(multipartBody([{ name: 'more.txt', data: Buffer.from('more\n') }])),
          })
        : await call(spec.who, method, url, spec.body === undefined ? undefined : body)
      const message = res.statusCode === 409 ? res.json<{ message: string }>().message : ''
      answers.push(
        `${route}: ${res.statusCode} ${message === AUDIT_LOCKED_MESSAGE ? 'locked' : message || res.body.slice(0, 120)}`,
      )
    }
    expect(answers).toEqual(Object.keys(CALLS).map((route) => `${route}: 409 locked`))
    expect(await snapshot()).toEqual(before)

    // What the requests say they allow, and what stays: reading, exports and reports.
    const request = await call('admin', 'GET', `/api/requests/${ids.sent}`)
    expect(request.json()).toMatchObject({ allowedActions: [] })
    expect((await call('admin', 'GET', `/api/audits/${audit.id}/export.csv`)).statusCode).toBe(200)
    expect((await call('admin', 'GET', `/api/audits/${audit.id}/report`)).statusCode).toBe(200)
    expect((await call('client', 'GET', `/api/audits/${audit.id}/report.pdf`)).statusCode).toBe(200)

    // Only an admin reopens it; then changes go through again. Both are in the trail.
    const staffCall = await t.request('POST', `/api/audits/${audit.id}/reopen`, {
      cookie: staff.cookie,
    })
    expectError(staffCall, 403, 'FORBIDDEN')
    const reopened = await call('admin', 'POST', `/api/audits/${audit.id}/reopen`)
    expect(reopened.json()).toMatchObject({ status: 'in_progress' })
    expectError(await call('admin', 'POST', `/api/audits/${audit.id}/reopen`), 409, 'CONFLICT')
    const comment = await call('client', 'POST', `/api/requests/${ids.sent}/comments`, {
      body: 'Back to work',
    })
    expect(comment.statusCode, comment.body).toBe(201)
    const trail = await selectRows<{ action: string }>(
      t.app.db,
      sql`select action from activity_events where organization_id = ${orgId}
          and action in ('audit.completed', 'audit.reopened') order by created_at, action`,
    )
    expect(trail.map((row) => row.action)).toEqual(['audit.completed', 'audit.reopened'])
  })

  it('completed through the edit form (status), it is locked all the same', async () => {
    const admin = await signedInAdmin(t)
    const audit = await createAudit(t, admin.cookie)
    const patched = await t.request('PATCH', `/api/audits/${audit.id}`, {
      cookie: admin.cookie,
      body: { status: 'completed' },
    })
    expect(patched.json()).toMatchObject({ status: 'completed' })
    const res = await t.request('POST', `/api/audits/${audit.id}/requests`, {
      cookie: admin.cookie,
      body: { title: 'Late addition' },
    })
    expectError(res, 409, 'CONFLICT')
    expect(res.json()).toMatchObject({ message: AUDIT_LOCKED_MESSAGE })
    const client = await signedInClientUser(t, admin.user.company.id, audit.client.id)
    expectError(
      await t.request('POST', `/api/audits/${audit.id}/complete`, { cookie: client.cookie }),
      403,
      'FORBIDDEN',
    )
  })
})
