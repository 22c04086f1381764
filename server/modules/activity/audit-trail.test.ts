import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiRoutes } from '@shared/api'
import type { ActivityAction, AuditActivity, FieldChange } from '@shared/schemas/dashboard'
import { DOMAIN_EVENT_TYPES, domainEventDto, isDomainEventType } from '@shared/schemas/events'
import { selectRows } from '../../db/client'
import {
  createAudit,
  createItem,
  createTemplate,
  expectError,
  signedInClientUser,
  uploadFiles,
} from '../../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness'
import { multipartBody } from '../../test/multipart'

/**
 * The trail: every change of the request domain is recorded once, in the change's transaction,
 * with who, what, when and what changed. The routes are taken from the API's own table, so a new
 * one cannot escape: it must say here which events it writes.
 */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

type Who = 'admin' | 'client'
type Target =
  | 'audit'
  | 'draft'
  | 'secondDraft'
  | 'sent'
  | 'submitted'
  | 'accepted'
  | 'proposed'
  | 'file'
  | 'completed'
interface Call {
  who: Who
  id: Target
  body?: unknown
  upload?: boolean
  /** What an upload sends (a text file by default). */
  file?: { name: string; data: Buffer }
  /** The trail's events the call writes, in any order. */
  events: ActivityAction[]
}

/** Every mutation of the audit domain, with the events it writes. */
const CALLS: Record<string, Call> = {
  'PATCH /api/audits/:id': {
    who: 'admin',
    id: 'audit',
    body: { name: 'Renamed' },
    events: ['audit.updated'],
  },
  'DELETE /api/audits/:id': { who: 'admin', id: 'audit', events: ['audit.deleted'] },
  'PUT /api/audits/:id/team': {
    who: 'admin',
    id: 'audit',
    body: { leadId: null, memberIds: [] },
    events: ['audit.team_changed'],
  },
  'POST /api/audits/:id/complete': { who: 'admin', id: 'audit', events: ['audit.completed'] },
  'POST /api/audits/:id/reopen': { who: 'admin', id: 'completed', events: ['audit.reopened'] },
  'POST /api/audits/:id/roll-forward/preview': {
    who: 'admin',
    id: 'audit',
    body: { projectId: '$project', name: 'Next year' },
    events: [],
  },
  'POST /api/audits/:id/roll-forward': {
    who: 'admin',
    id: 'audit',
    body: { projectId: '$project', name: 'Next year' },
    // The new audit, and a draft for each of the two requests of the audit's fixture.
    events: ['audit.created', 'request.created', 'request.created'],
  },
  'POST /api/audits/:id/requests': {
    who: 'admin',
    id: 'audit',
    body: { title: 'One more' },
    events: ['request.created'],
  },
  'POST /api/audits/:id/requests/bulk': {
    who: 'admin',
    id: 'audit',
    body: { action: 'delete', requestIds: ['$draft'] },
    events: ['request.deleted'],
  },
  'PATCH /api/audits/:id/requests': {
    who: 'admin',
    id: 'audit',
    body: { requestIds: ['$draft'], dueDate: '2031-01-31' },
    events: ['request.updated'],
  },
  'POST /api/audits/:id/requests/from-template': {
    who: 'admin',
    id: 'audit',
    body: { templateId: '$template' },
    events: ['request.created', 'request.created'],
  },
  'POST /api/audits/:id/send': {
    who: 'admin',
    id: 'audit',
    body: { requestIds: ['$draft'] },
    events: ['request.sent'],
  },
  'POST /api/audits/:id/remind': { who: 'admin', id: 'audit', events: [] },
  'PATCH /api/requests/:id': {
    who: 'admin',
    id: 'draft',
    body: { title: 'Retitled', dueDate: '2031-02-28' },
    events: ['request.updated'],
  },
  'POST /api/requests/:id/move': {
    who: 'admin',
    id: 'secondDraft',
    body: { position: 0 },
    events: ['request.moved'],
  },
  'POST /api/audits/:id/sections/move': {
    who: 'admin',
    id: 'audit',
    // The draft is the fixture's one request of its section: it goes after the sent one.
    body: { section: '1 Drafts', before: null },
    events: ['request.moved'],
  },
  'DELETE /api/requests/:id': { who: 'admin', id: 'draft', events: ['request.deleted'] },
  'POST /api/requests/:id/submit': {
    who: 'client',
    id: 'sent',
    body: { response: 'Here' },
    events: ['request.submitted'],
  },
  'PUT /api/requests/:id/answer-draft': {
    who: 'client',
    id: 'sent',
    body: { response: 'Hm' },
    events: [],
  },
  'POST /api/requests/:id/files': {
    who: 'client',
    id: 'sent',
    upload: true,
    events: ['request.files_added'],
  },
  'DELETE /api/files/:id': { who: 'client', id: 'file', events: ['request.file_removed'] },
  'POST /api/audits/:id/import/preview': {
    who: 'admin',
    id: 'audit',
    upload: true,
    file: { name: 'list.csv', data: Buffer.from('Number,Title\n1,Retitled by import\n,New\n') },
    events: [],
  },
  'POST /api/audits/:id/import': {
    who: 'admin',
    id: 'audit',
    upload: true,
    file: { name: 'list.csv', data: Buffer.from('Number,Title\n1,Retitled by import\n,New\n') },
    events: ['request.updated', 'request.created'],
  },
  'POST /api/requests/:id/ask': {
    who: 'client',
    id: 'sent',
    body: { question: 'Which year?' },
    events: ['request.question_asked'],
  },
  'POST /api/requests/:id/propose-not-applicable': {
    who: 'client',
    id: 'sent',
    body: { reason: 'Not held' },
    events: ['request.not_applicable_proposed'],
  },
  'POST /api/requests/:id/accept': { who: 'admin', id: 'submitted', events: ['request.accepted'] },
  'POST /api/requests/:id/return': {
    who: 'admin',
    id: 'submitted',
    body: { reason: 'Again' },
    events: ['request.returned'],
  },
  'POST /api/requests/:id/reopen': { who: 'admin', id: 'accepted', events: ['request.reopened'] },
  'POST /api/requests/:id/not-applicable': {
    who: 'admin',
    id: 'sent',
    body: { reason: 'Not needed' },
    events: ['request.not_applicable'],
  },
  'POST /api/requests/:id/proposal/accept': {
    who: 'admin',
    id: 'proposed',
    events: ['request.proposal_accepted'],
  },
  'POST /api/requests/:id/proposal/decline': {
    who: 'admin',
    id: 'proposed',
    body: { reason: 'Needed' },
    events: ['request.proposal_declined'],
  },
  'POST /api/requests/:id/comments': {
    who: 'client',
    id: 'sent',
    body: { body: 'Hello' },
    events: ['request.commented'],
  },
  'POST /api/requests/:id/remind': { who: 'admin', id: 'sent', events: [] },
}

type Firm = Awaited<ReturnType<typeof firm>>

/** A firm, its client user (of the client of its first audit) and a template of two items. */
async function firm() {
  const admin = await signedInAdmin(t)
  const orgId = admin.user.company.id
  const first = await createAudit(t, admin.cookie)
  const client = await signedInClientUser(t, orgId, first.client.id)
  const cookies: Record<Who, string> = { admin: admin.cookie, client: client.cookie }
  const template = await createTemplate(t, admin.cookie)
  for (let i = 0; i < 2; i++) await createItem(t, admin.cookie, { templateId: template.id })
  const call = (who: Who, method: string, url: string, body?: unknown) =>
    t.request(method as 'POST', url, { cookie: cookies[who], body })
  return { admin, client, orgId, projectId: first.project.id, template, cookies, call }
}

/** A new audit of the firm's client with the requests `needs` names, in their states. */
async function fixture(
  f: Firm,
  needs: Target[] = ['draft', 'secondDraft', 'sent', 'submitted', 'accepted', 'proposed', 'file'],
) {
  const { admin, client, call } = f
  const audit = await createAudit(t, admin.cookie, { projectId: f.projectId })
  const create = async (title: string, section: string | null = null) => {
    const res = await call('admin', 'POST', `/api/audits/${audit.id}/requests`, {
      title,
      section,
      assigneeId: client.user.id,
      dueDate: '2030-01-31',
    })
    expect(res.statusCode, res.body).toBe(201)
    return res.json<{ id: string }>().id
  }
  const need = (target: Target) => needs.includes(target)
  const ids: Record<Target, string> = {
    audit: audit.id,
    completed: audit.id,
    draft:
      need('draft') || need('secondDraft') || need('audit')
        ? await create('Draft', '1 Drafts')
        : '',
    secondDraft: need('secondDraft') ? await create('Second draft') : '',
    sent: need('sent') || need('file') || need('audit') ? await create('Sent') : '',
    submitted: need('submitted') ? await create('Submitted') : '',
    accepted: need('accepted') ? await create('Accepted') : '',
    proposed: need('proposed') ? await create('Proposed') : '',
    file: '',
  }
  const toSend = [ids.sent, ids.submitted, ids.accepted, ids.proposed].filter(Boolean)
  if (toSend.length > 0) {
    const send = await call('admin', 'POST', `/api/audits/${audit.id}/send`, { requestIds: toSend })
    expect(send.statusCode, send.body).toBe(200)
  }
  for (const id of [ids.submitted, ids.accepted].filter(Boolean))
    expect((await call('client', 'POST', `/api/requests/${id}/submit`, {})).statusCode).toBe(200)
  if (ids.accepted)
    expect((await call('admin', 'POST', `/api/requests/${ids.accepted}/accept`)).statusCode).toBe(
      200,
    )
  if (ids.proposed) {
    const proposed = await call(
      'client',
      'POST',
      `/api/requests/${ids.proposed}/propose-not-applicable`,
      {
        reason: 'Not held',
      },
    )
    expect(proposed.statusCode, proposed.body).toBe(200)
  }
  if (need('file')) {
    const uploaded = await uploadFiles(t, client.cookie, ids.sent, [
      { name: 'notes.txt', data: Buffer.from('notes\n') },
    ])
    expect(uploaded.statusCode, uploaded.body).toBe(201)
    ids.file = uploaded.json<Array<{ id: string }>>()[0]!.id
  }
  if (need('completed'))
    expect((await call('admin', 'POST', `/api/audits/${audit.id}/complete`)).statusCode).toBe(200)
  return { audit, ids }
}

/** The company's events as domain events (shared/schemas/events.ts) would carry them. */
const eventsOf = async (orgId: string) =>
  (
    await selectRows<{
      id: string
      action: ActivityAction
      actor_user_id: string | null
      actor_name: string
      audit_id: string | null
      request_id: string | null
      target: string
      detail: string | null
      changes: FieldChange[] | null
      created_at: Date | string
    }>(
      t.app.db,
      sql`select id, action, actor_user_id, actor_name, audit_id, request_id, target, detail,
                 changes, created_at
          from activity_events where organization_id = ${orgId}`,
    )
  ).map((row) => ({
    id: row.id,
    action: row.action,
    event: {
      id: row.id,
      type: row.action,
      occurredAt: new Date(row.created_at).toISOString(),
      actor: { id: row.actor_user_id, name: row.actor_name },
      auditId: row.audit_id,
      requestId: row.request_id,
      target: row.target,
      detail: row.detail,
      changes: row.changes ?? [],
    },
  }))

describe('the trail', () => {
  it('every mutation route of the audit domain says here which events it writes', () => {
    const mutations = apiRoutes
      .filter((route) => route.method !== 'GET')
      .filter((route) => /^\/api\/(audits|requests|files)\/:id(\/|$)/.test(route.path))
      .map((route) => `${route.method} ${route.path}`)
    expect(mutations.sort()).toEqual(Object.keys(CALLS).sort())
  })

  it('each route writes exactly its events, once, and a refused call writes none', async () => {
    const answers: string[] = []
    const wanted: string[] = []
    const shared = await firm()
    for (const [route, spec] of Object.entries(CALLS)) {
      // A contact is reminded at most once an hour: each reminder has a firm of its own.
      const f = route.endsWith('/remind') ? await firm() : shared
      const { orgId, template, cookies, call } = f
      const { ids } = await fixture(f, [spec.id])
      const [method, routePath] = route.split(' ') as [string, string]
      const url = routePath.replace(':id', ids[spec.id])
      const body = JSON.parse(
        JSON.stringify(spec.body ?? {})
          .replaceAll('"$draft"', JSON.stringify(ids.draft))
          .replaceAll('"$template"', JSON.stringify(template.id))
          .replaceAll('"$project"', JSON.stringify(f.projectId)),
      ) as unknown
      const before = new Set((await eventsOf(orgId)).map((event) => event.id))
      const send = () =>
        spec.upload
          ? t.request('POST', url, {
              cookie: cookies[spec.who],
              ...(({ payload, contentType }) => ({
                body: payload,
                headers: { 'content-type': contentType },
              }))(multipartBody([spec.file ?? { name: 'more.txt', data: Buffer.from('more\n') }])),
            })
          : call(spec.who, method, url, spec.body === undefined ? undefined : body)
      const res = await send()
      const writtenEvents = (await eventsOf(orgId)).filter((event) => !before.has(event.id))
      // Each carries what its type says it does (a reason, changes from what to what), nothing else.
      for (const { event } of writtenEvents) {
        const parsed = domainEventDto.safeParse(event)
        expect(parsed.error?.issues, `${route}: ${JSON.stringify(event)}`).toBeUndefined()
      }
      const written = writtenEvents.map((event) => event.action).sort()
      answers.push(
        `${route}: ${res.statusCode < 300 ? 'ok' : res.body.slice(0, 100)} ${written.join(',')}`,
      )
      wanted.push(`${route}: ok ${[...spec.events].sort().join(',')}`)
      // The same call again is refused or changes nothing new, and writes nothing a second time
      // (reminders and idempotent edits aside).
      if (
        res.statusCode < 300 &&
        method !== 'PUT' &&
        !route.endsWith('/remind') &&
        spec.events.length > 0
      ) {
        const again = new Set((await eventsOf(orgId)).map((event) => event.id))
        const second = await send()
        const more = (await eventsOf(orgId)).filter((event) => !again.has(event.id))
        if (second.statusCode >= 400) expect(more, `${route} refused`).toEqual([])
      }
    }
    expect(answers).toEqual(wanted)
    // A fixture and two calls for each of 33 routes: about 25 s alone on the embedded
    // database, past the default 30 s on a loaded machine.
  }, 120_000)

  it('GET /api/audits/{id}/activity: newest first, what changed from what to what, deleted requests kept', async () => {
    const f = await firm()
    const { admin, client, call } = f
    const { audit, ids } = await fixture(f, ['draft', 'sent'])
    const patched = await call('admin', 'PATCH', `/api/requests/${ids.draft}`, {
      title: 'Bank statements',
      dueDate: '2030-03-31',
      assigneeId: null,
      remindersPaused: true,
    })
    expect(patched.statusCode, patched.body).toBe(200)
    const note = await call('admin', 'POST', `/api/requests/${ids.sent}/comments`, {
      body: 'Check the totals',
      internal: true,
    })
    expect(note.statusCode, note.body).toBe(201)
    const comment = await call('client', 'POST', `/api/requests/${ids.sent}/comments`, {
      body: 'Attached soon',
    })
    expect(comment.statusCode, comment.body).toBe(201)
    expect((await call('admin', 'DELETE', `/api/requests/${ids.draft}`)).statusCode).toBe(204)
    const renamed = await call('admin', 'PATCH', `/api/audits/${audit.id}`, {
      name: 'Year end',
      status: 'in_review',
    })
    expect(renamed.statusCode, renamed.body).toBe(200)

    const res = await call('admin', 'GET', `/api/audits/${audit.id}/activity?limit=500`)
    expect(res.statusCode, res.body).toBe(200)
    const trail = res.json<AuditActivity[]>()
    // The audit's own changes are in its trail, under its new name.
    expect(trail[0]).toMatchObject({
      action: 'audit.updated',
      target: 'Year end',
      requestId: null,
      changes: [
        { field: 'name', from: audit.name, to: 'Year end' },
        { field: 'status', from: 'In Progress', to: 'In Review' },
      ],
    })
    expect(trail[1]).toMatchObject({
      action: 'request.deleted',
      target: '#1 Bank statements',
      actor: expect.any(String),
      requestId: null,
    })
    const update = trail.find((event) => event.action === 'request.updated')!
    expect(update.changes).toEqual(
      expect.arrayContaining([
        { field: 'title', from: 'Draft', to: 'Bank statements' },
        { field: 'dueDate', from: '2030-01-31', to: '2030-03-31' },
        { field: 'assignee', from: expect.any(String), to: null },
        { field: 'reminders', from: 'On', to: 'Paused' },
      ]),
    )
    // The deleted request's events stay in its audit's trail.
    const deleted = trail.filter((event) => event.target.startsWith('#1 '))
    expect(deleted.map((event) => event.action)).toEqual([
      'request.deleted',
      'request.updated',
      'request.created',
    ])
    expect(deleted.every((event) => event.requestId === null)).toBe(true)
    expect(trail.some((event) => event.action === 'request.noted')).toBe(true)
    const times = trail.map((event) => event.createdAt)
    expect(times).toEqual([...times].sort().reverse())

    // Narrowed to a person, or a kind.
    const mine = await call(
      'admin',
      'GET',
      `/api/audits/${audit.id}/activity?actorId=${client.user.id}`,
    )
    expect(new Set(mine.json<AuditActivity[]>().map((event) => event.actor)).size).toBe(1)
    expect(mine.json<AuditActivity[]>().length).toBeGreaterThan(0)
    const planning = await call('admin', 'GET', `/api/audits/${audit.id}/activity?kind=planning`)
    expect(
      [...new Set(planning.json<AuditActivity[]>().map((event) => event.action))].sort(),
    ).toEqual(['request.created', 'request.deleted', 'request.updated'])

    // Pages follow each other without a gap.
    const pages: AuditActivity[] = []
    let next: string | undefined = `/api/audits/${audit.id}/activity?limit=3`
    while (next) {
      const page = await call('admin', 'GET', next)
      pages.push(...page.json<AuditActivity[]>())
      const link = page.headers.link as string | undefined
      next = link ? /<([^>]+)>/.exec(link)![1]!.replace(/^https?:\/\/[^/]+/, '') : undefined
    }
    expect(pages.map((event) => event.id)).toEqual(trail.map((event) => event.id))

    // The CSV: oldest first, the changes spelled out.
    const csv = await call('admin', 'GET', `/api/audits/${audit.id}/activity.csv`)
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-disposition']).toContain('activity.csv')
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(lines[0]).toBe('When,Who,What,About,Changes,Detail')
    expect(lines).toHaveLength(trail.length + 1)
    expect(lines.at(-1)).toContain('changed the audit,Year end,Name: ')
    expect(lines.at(-2)).toContain('deleted the request')
    expect(csv.body).toContain('Due date: 2030-01-31 → 2030-03-31')

    // The client's view of a request's history leaves out the firm's internal notes.
    const history = async (cookie: string) =>
      (await t.request('GET', `/api/requests/${ids.sent}`, { cookie }))
        .json<{ history: Array<{ action: string }> }>()
        .history.map((event) => event.action)
    expect(await history(admin.cookie)).toContain('request.noted')
    expect(await history(client.cookie)).not.toContain('request.noted')
    expect(await history(client.cookie)).toContain('request.sent')
  })

  it('is the firm’s, and refuses what it does not understand', async () => {
    const f = await firm()
    const { client, call } = f
    const { audit } = await fixture(f, [])
    expectError(
      await t.request('GET', `/api/audits/${audit.id}/activity`, { cookie: client.cookie }),
      403,
      'FORBIDDEN',
    )
    expectError(
      await t.request('GET', `/api/audits/${audit.id}/activity.csv`, { cookie: client.cookie }),
      403,
      'FORBIDDEN',
    )
    const other = await signedInAdmin(t)
    expectError(
      await t.request('GET', `/api/audits/${audit.id}/activity`, { cookie: other.cookie }),
      404,
      'NOT_FOUND',
    )
    for (const query of ['?kind=everything', '?actorId=nobody', '?limit=0', '?cursor=x', '?x=1'])
      expectError(
        await call('admin', 'GET', `/api/audits/${audit.id}/activity${query}`),
        400,
        'VALIDATION',
      )
  })

  it('is append-only: no module of the app updates or deletes its rows', async () => {
    const root = path.resolve(__dirname, '../..')
    const offenders: string[] = []
    async function walk(dir: string) {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name)
        if (entry.isDirectory()) {
          if (entry.name !== 'migrations' && entry.name !== 'node_modules') await walk(full)
        } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
          const text = await readFile(full, 'utf8')
          if (
            /\.(update|delete)\(\s*activityEvents\b/.test(text) ||
            /(update|delete\s+from)\s+"?activity_events"?/i.test(text)
          )
            offenders.push(path.relative(root, full))
        }
      }
    }
    await walk(root)
    expect(offenders).toEqual([])
  })

  it('every domain event written here, by the routes and their fixtures, carries what its type says', async () => {
    const all = await selectRows<{ organization_id: string }>(
      t.app.db,
      sql`select distinct organization_id from activity_events`,
    )
    const events = (await Promise.all(all.map((row) => eventsOf(row.organization_id)))).flat()
    const seen = new Set<string>()
    for (const { action, event } of events) {
      if (!isDomainEventType(action)) continue
      seen.add(action)
      const parsed = domainEventDto.safeParse(event)
      expect(parsed.error?.issues, JSON.stringify(event)).toBeUndefined()
    }
    // The file's calls and fixtures reach nearly every type (not the internal note or a rewording).
    expect(seen.size).toBeGreaterThanOrEqual(DOMAIN_EVENT_TYPES.length - 3)
  })
})
