import { sql } from 'drizzle-orm'
import { selectRows } from '../db/client'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiRoutes } from '@shared/api'
import { PAGE_SIZE } from '@shared/schemas/pagination'
import type { ProjectCounts } from '@shared/schemas/projects'
import type { MyRequests, RequestList } from '@shared/schemas/requests'
import {
  createAudit,
  createClient,
  createProject,
  createTemplate,
  expectValidation,
  seedRequests,
  signedInClientUser,
} from '../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../test/harness'

/**
 * Every list of the API is read a page at a time (decision 014): these walk each list with small
 * pages, following `Link: <…>; rel="next"`, and hold the pages to the whole list.
 */

let t: TestApp
let admin: string
let orgId: string
let ids: { project: string; audit: string; template: string; client: string; webhook?: string }

const SEEDED = 7

beforeAll(async () => {
  t = await createTestApp()
  const signedIn = await signedInAdmin(t)
  admin = signedIn.cookie
  orgId = signedIn.user.company.id
  const client = await createClient(t, admin, { name: 'Zeta Holdings' })
  const project = await createProject(t, admin, { clientId: client.id, name: 'Owner project' })
  const audit = await createAudit(t, admin, { projectId: project.id })
  const template = await createTemplate(t, admin, { name: 'Zeta template' })
  ids = { project: project.id, audit: audit.id, template: template.id, client: client.id }
  const db = t.app.db
  // Rows that tie on every key but the id: the id must break the tie, page after page.
  await db.execute(sql`insert into clients (organization_id, name, created_at, updated_at)
    select ${orgId}, case when g % 2 = 0 then 'Same name' else 'same NAME' end, now(), now()
    from generate_series(1, ${SEEDED}) g`)
  await db.execute(sql`insert into projects (organization_id, client_id, name, status, created_at, updated_at)
    select ${orgId}, ${client.id}, 'Seeded project ' || g,
      (array['active', 'completed', 'on_hold'])[g % 3 + 1],
      '2026-01-01T00:00:00.123456Z', now()
    from generate_series(1, ${SEEDED}) g`)
  await db.execute(sql`insert into audits (organization_id, project_id, name, status, created_at, updated_at)
    select ${orgId}, ${project.id}, 'Seeded audit ' || g, 'in_progress', '2026-01-01T00:00:00.5Z', now()
    from generate_series(1, ${SEEDED}) g`)
  await seedRequests(t, { organizationId: orgId, auditId: audit.id, count: SEEDED })
  await db.execute(sql`insert into template_categories (organization_id, name, created_at, updated_at)
    select ${orgId}, 'Category ' || (g % 2), now(), now() from generate_series(1, ${SEEDED}) g`)
  await db.execute(sql`insert into templates (organization_id, name, created_at, updated_at)
    select ${orgId}, 'Template ' || (g % 2), now(), now() from generate_series(1, ${SEEDED}) g`)
  await db.execute(sql`insert into template_items (organization_id, template_id, title, "order", created_at, updated_at)
    select ${orgId}, ${template.id}, 'Item ' || g, g % 2, '2026-01-01T00:00:00Z', now()
    from generate_series(1, ${SEEDED}) g`)
  await db.execute(sql`with person as (
      insert into people (email, password_hash, first_name, last_name, created_at, updated_at)
      select 'paged' || g || '@example.com', 'x', 'Pat', 'Paged', now(), now()
      from generate_series(1, ${SEEDED}) g
      returning id
    )
    insert into users (person_id, organization_id, role, client_id, created_at, updated_at)
    select id, ${orgId}, 'staff', null, now(), now() from person`)
  await db.execute(sql`insert into invitations (organization_id, email, role, token_hash, sent_at, expires_at, created_at, updated_at)
    select ${orgId}, 'invitee' || g || '@example.com', 'staff', md5('paged' || g || ${orgId}),
      '2026-01-01T00:00:00Z', now() + interval '7 days', now(), now()
    from generate_series(1, ${SEEDED}) g`)
  await db.execute(sql`insert into activity_events (organization_id, actor_name, action, target, created_at, updated_at)
    select ${orgId}, 'Seeder', 'organization.updated', 'Target ' || g, '2026-01-01T00:00:00Z', now()
    from generate_series(1, ${SEEDED}) g`)
  const [hook] = await selectRows<{ id: string }>(
    db,
    sql`insert into webhooks (organization_id, url, events, secret_sealed)
      values (${orgId}, 'https://example.com/hook', '{request.sent}', 'sealed') returning id`,
  )
  ids.webhook = hook!.id
  await db.execute(sql`insert into webhook_deliveries (webhook_id, organization_id, event_id, event_type, payload, created_at)
    select ${hook!.id}, ${orgId}, gen_random_uuid(), 'request.sent', '{}', '2026-01-01T00:00:00Z'
    from generate_series(1, ${SEEDED}) g`)
})
afterAll(async () => t?.close())

/** The lists, each with an address and how to read its rows from a reply. */
const lists = () =>
  [
    { path: '/api/clients' },
    { path: '/api/projects' },
    { path: `/api/audits?projectId=${ids.project}` },
    {
      path: `/api/audits/${ids.audit}/requests`,
      rows: (body: unknown) => (body as RequestList).requests,
    },
    { path: '/api/users' },
    { path: `/api/audits/${ids.audit}/team-candidates` },
    { path: '/api/invitations' },
    { path: '/api/templates' },
    { path: '/api/template-categories' },
    { path: `/api/template-items?templateId=${ids.template}` },
    { path: '/api/activity' },
    { path: `/api/webhooks/${ids.webhook}/deliveries` },
  ] as Array<{ path: string; rows?: (body: unknown) => unknown[] }>

const withQuery = (path: string, query: string) =>
  `${path}${path.includes('?') ? '&' : '?'}${query}`

const nextOf = (res: LightMyRequestResponse) => {
  const link = res.headers.link as string | undefined
  if (link === undefined) return undefined
  const match = /^<([^>]+)>; rel="next"$/.exec(link)
  expect(match, link).not.toBeNull()
  return match![1]!
}

/** Follows the pages from `url`; each page's rows. */
async function walk(
  url: string,
  rowsOf: (body: unknown) => unknown[] = (body) => body as unknown[],
  cookie = admin,
) {
  const pages: Array<Array<{ id: string }>> = []
  for (let next: string | undefined = url; next !== undefined;) {
    const res = await t.request('GET', next, { cookie })
    expect(res.statusCode, res.body).toBe(200)
    pages.push(rowsOf(res.json()) as Array<{ id: string }>)
    next = nextOf(res)
    expect(pages.length).toBeLessThan(100)
  }
  return pages
}

describe('every list, a page at a time', () => {
  it('the pages, followed by their Link, are the whole list in its order: no row twice, none left out', async () => {
    for (const { path, rows } of lists()) {
      const whole = (await walk(withQuery(path, `limit=${PAGE_SIZE.max}`), rows)).flat()
      expect(whole.length, path).toBeGreaterThanOrEqual(SEEDED)
      for (const limit of [1, 3]) {
        const pages = await walk(withQuery(path, `limit=${limit}`), rows)
        expect(
          pages.slice(0, -1).every((page) => page.length === limit),
          path,
        ).toBe(true)
        expect(pages.at(-1)!.length, path).toBeGreaterThan(0)
        expect(
          pages.flat().map((row) => row.id),
          `${path} limit=${limit}`,
        ).toEqual(whole.map((row) => row.id))
      }
    }
  })

  it('a list’s rows are the rows read one by one: the same fields, times and nulls (decision 052)', async () => {
    const lists: Array<[string, string]> = [
      ['/api/clients', '/api/clients/'],
      ['/api/projects', '/api/projects/'],
      [`/api/audits?projectId=${ids.project}`, '/api/audits/'],
      ['/api/templates', '/api/templates/'],
      ['/api/template-categories', '/api/template-categories/'],
    ]
    for (const [list, one] of lists) {
      const res = await t.request('GET', list, { cookie: admin })
      expect(res.statusCode, res.body).toBe(200)
      const rows = res.json() as Array<Record<string, unknown>>
      expect(rows.length, list).toBeGreaterThan(SEEDED - 1)
      for (const row of rows) {
        const alone = await t.request('GET', `${one}${String(row.id)}`, { cookie: admin })
        expect(alone.statusCode, alone.body).toBe(200)
        // The fields both replies carry (a list may add some, such as a project's progress).
        const detail = alone.json() as Record<string, unknown>
        const shared = Object.fromEntries(Object.entries(row).filter(([name]) => name in detail))
        expect(Object.keys(shared).length, list).toBeGreaterThanOrEqual(5)
        expect(detail, `${list}: ${String(row.id)}`).toMatchObject(shared)
      }
    }
  })

  it('without a limit a page holds 100 rows; the last page has no Link', async () => {
    await t.app.db.execute(sql`insert into clients (organization_id, name, created_at, updated_at)
      select ${orgId}, 'Bulk ' || g, now(), now() from generate_series(1, 150) g`)
    const first = await t.request('GET', '/api/clients', { cookie: admin })
    expect(first.json<unknown[]>()).toHaveLength(PAGE_SIZE.default)
    const second = await t.request('GET', nextOf(first)!, { cookie: admin })
    expect(second.statusCode).toBe(200)
    expect(nextOf(second)).toBeUndefined()
    await t.app.db.execute(sql`delete from clients where name like 'Bulk %'`)
  })

  it('the next page keeps the query: the search and the filters go on', async () => {
    const first = await t.request('GET', '/api/projects?q=seeded&status=active,on_hold&limit=2', {
      cookie: admin,
    })
    const link = nextOf(first)!
    const url = new URL(link, 'http://x')
    expect(url.pathname).toBe('/api/projects')
    expect(url.searchParams.get('q')).toBe('seeded')
    expect(url.searchParams.get('status')).toBe('active,on_hold')
    expect(url.searchParams.get('limit')).toBe('2')
    expect(url.searchParams.get('cursor')).toBeTruthy()
  })

  it('a row deleted or added between two pages moves nothing else: the next page starts after the last row seen', async () => {
    const [first, rest] = [
      await t.request('GET', '/api/activity?limit=3', { cookie: admin }),
      (await walk('/api/activity?limit=500')).flat(),
    ]
    const page = first.json<Array<{ id: string }>>()
    // The last row of page one goes, and a newer event arrives: page two is unchanged.
    await t.app.db.execute(sql`delete from activity_events where id = ${page.at(-1)!.id}`)
    await t.app.db
      .execute(sql`insert into activity_events (organization_id, actor_name, action, target, created_at, updated_at)
      values (${orgId}, 'Later', 'organization.updated', 'New', now(), now())`)
    const second = await t.request('GET', nextOf(first)!, { cookie: admin })
    expect(second.json<Array<{ id: string }>>().map((row) => row.id)).toEqual(
      rest.slice(3, 6).map((row) => row.id),
    )
  })
})

describe('bad page parameters: 400 naming the parameter, on every list', () => {
  const cursorOf = (values: unknown) => Buffer.from(JSON.stringify(values)).toString('base64url')
  const bad: Array<[string, string]> = [
    ['limit=0', 'limit'],
    [`limit=${PAGE_SIZE.max + 1}`, 'limit'],
    ['limit=-3', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=ten', 'limit'],
    ['cursor=', 'cursor'],
    ['cursor=%21%21%21', 'cursor'],
    [`cursor=${cursorOf({})}`, 'cursor'],
    [`cursor=${cursorOf([])}`, 'cursor'],
    [`cursor=${cursorOf(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'])}`, 'cursor'],
    [`cursor=${'A'.repeat(5000)}`, 'cursor'],
    ['unknown=1', 'unknown'],
  ]

  it('each list refuses each bad value, and a route that is not a list has no page parameters', async () => {
    for (const { path } of lists())
      for (const [query, field] of bad) {
        const res = await t.request('GET', withQuery(path, query), { cookie: admin })
        expectValidation(res, [field])
      }
    const paged = apiRoutes.filter((route) => route.page).map((r) => `${r.method} ${r.path}`)
    expect(paged.sort()).toEqual(
      [
        'GET /api/activity',
        'GET /api/audits',
        'GET /api/audits/:id/activity',
        'GET /api/audits/:id/requests',
        'GET /api/audits/:id/team-candidates',
        'GET /api/clients',
        'GET /api/invitations',
        'GET /api/my-requests',
        'GET /api/projects',
        'GET /api/reports/portfolio',
        'GET /api/review-queue',
        'GET /api/template-categories',
        'GET /api/template-items',
        'GET /api/templates',
        'GET /api/users',
        'GET /api/webhooks/:id/deliveries',
      ].sort(),
    )
  })

  it('a cursor with the right shape but impossible values is refused, never a 5xx', async () => {
    const cases = [
      ['/api/activity', ['2025-02-30T00:00:00.000000Z', '00000000-0000-4000-8000-000000000000']],
      ['/api/activity', ['0000-01-01T00:00:00.000000Z', '00000000-0000-4000-8000-000000000000']],
      ['/api/activity', ['2025-01-01T00:00:00.000000Z', 'not-a-uuid']],
      ['/api/clients', ['a\u0000b', '00000000-0000-4000-8000-000000000000']],
      ['/api/clients', [1, '00000000-0000-4000-8000-000000000000']],
      [
        `/api/template-items?templateId=${ids.template}`,
        ['99999999999', '2025-01-01T00:00:00.000000Z', '00000000-0000-4000-8000-000000000000'],
      ],
    ] as const
    for (const [path, values] of cases)
      expectValidation(
        await t.request('GET', withQuery(path, `cursor=${cursorOf(values)}`), { cookie: admin }),
        ['cursor'],
      )
    // A cursor of one list given to another of the same shape reads from that position: no harm.
    const page = await t.request('GET', '/api/templates?limit=1', { cookie: admin })
    const res = await t.request(
      'GET',
      withQuery(
        '/api/template-categories',
        new URL(nextOf(page)!, 'http://x').search.slice(1).replace(/^limit=1&/, ''),
      ),
      { cookie: admin },
    )
    expect(res.statusCode).toBe(200)
  })
})

describe('search and filters run on the server', () => {
  it('q finds names containing it, whatever the case; %, _ and \\ are taken literally', async () => {
    await createClient(t, admin, { name: '100% Pure_Juice\\Co' })
    await createClient(t, admin, { name: '1000 Pure Juice Co' })
    const names = async (q: string) =>
      (await t.request('GET', `/api/clients?q=${encodeURIComponent(q)}`, { cookie: admin }))
        .json<Array<{ name: string }>>()
        .map((c) => c.name)
    expect(await names('ZETA')).toEqual(['Zeta Holdings'])
    expect(await names('%')).toEqual(['100% Pure_Juice\\Co'])
    expect(await names('e_j')).toEqual(['100% Pure_Juice\\Co'])
    expect(await names('\\')).toEqual(['100% Pure_Juice\\Co'])
    expect(await names('   ')).toHaveLength((await names('')).length)
    expectValidation(
      await t.request('GET', `/api/clients?q=${'x'.repeat(201)}`, { cookie: admin }),
      ['q'],
    )
  })

  it('users are found by name or e-mail; invitations by e-mail', async () => {
    const users = await t.request('GET', '/api/users?q=paged3@', { cookie: admin })
    expect(users.json<Array<{ email: string }>>().map((u) => u.email)).toEqual([
      'paged3@example.com',
    ])
    const byName = await t.request('GET', '/api/users?q=pat%20paged', { cookie: admin })
    expect(byName.json<unknown[]>()).toHaveLength(SEEDED)
    const invitations = await t.request('GET', '/api/invitations?q=INVITEE5', { cookie: admin })
    expect(invitations.json<Array<{ email: string }>>().map((i) => i.email)).toEqual([
      'invitee5@example.com',
    ])
  })

  it('projects: status (one or several), clientId and q narrow the list; the counts follow q and clientId', async () => {
    const other = await createProject(t, admin, { name: 'Seeded elsewhere', status: 'on_hold' })
    const statuses = async (query: string) =>
      (await walk(`/api/projects?${query}`)).flat() as unknown as Array<{
        status: string
        clientId: string
        name: string
      }>
    const active = await statuses(`clientId=${ids.client}&status=active`)
    expect(active.length).toBeGreaterThan(0)
    expect(active.every((p) => p.status === 'active' && p.clientId === ids.client)).toBe(true)
    const open = await statuses('q=seeded&status=active,on_hold')
    expect(open.every((p) => p.status !== 'completed')).toBe(true)
    expect(open.map((p) => p.name)).toContain('Seeded elsewhere')

    const counts = async (query: string) =>
      (
        await t.request('GET', `/api/projects/counts?${query}`, { cookie: admin })
      ).json<ProjectCounts>()
    const mine = await counts(`clientId=${ids.client}`)
    const all = await statuses(`clientId=${ids.client}`)
    expect(mine).toEqual({
      active: all.filter((p) => p.status === 'active').length,
      completed: all.filter((p) => p.status === 'completed').length,
      onHold: all.filter((p) => p.status === 'on_hold').length,
      all: all.length,
    })
    expect((await counts('q=seeded')).all).toBe(SEEDED + 1)
    expect((await counts(`q=seeded&clientId=${other.clientId}`)).onHold).toBe(1)

    expectValidation(await t.request('GET', '/api/projects?status=open', { cookie: admin }), [
      'status',
    ])
    expectValidation(await t.request('GET', '/api/projects?clientId=nope', { cookie: admin }), [
      'clientId',
    ])
    expectValidation(
      await t.request('GET', '/api/projects/counts?status=active', { cookie: admin }),
      ['status'],
    )
  })

  it('a client user’s lists and counts stay their client’s, whatever clientId they ask for', async () => {
    const own = await createProject(t, admin, { name: 'Client’s own' })
    const clientUser = await signedInClientUser(t, orgId, own.clientId)
    const projects = await walk('/api/projects', undefined, clientUser.cookie)
    expect(projects.flat().map((p) => p.id)).toEqual([own.id])
    const elsewhere = await t.request('GET', `/api/projects?clientId=${ids.client}`, {
      cookie: clientUser.cookie,
    })
    expect(elsewhere.json()).toEqual([])
    const counts = await t.request('GET', `/api/projects/counts?clientId=${ids.client}`, {
      cookie: clientUser.cookie,
    })
    expect(counts.json<ProjectCounts>().all).toBe(0)
    // The activity trail of a client user is their own.
    const activity = await t.request('GET', '/api/activity', { cookie: clientUser.cookie })
    expect(activity.json()).toEqual([])
  })
})

describe('an audit’s requests', () => {
  it('every page carries the progress of the whole audit; numbers go on across pages', async () => {
    const pages = await walk(`/api/audits/${ids.audit}/requests?limit=2`, (body) => [body])
    const lists = pages.flat() as unknown as RequestList[]
    expect(new Set(lists.map((list) => JSON.stringify(list.progress))).size).toBe(1)
    expect(lists[0]!.progress.total).toBe(SEEDED)
    expect(lists.flatMap((list) => list.requests.map((r) => r.number))).toEqual(
      Array.from({ length: SEEDED }, (_, i) => i + 1),
    )
  })
})

describe('my requests', () => {
  it('a page at a time, grouped by audit: a group cut by the page goes on at the start of the next', async () => {
    const project = await createProject(t, admin)
    const clientUser = await signedInClientUser(t, orgId, project.clientId)
    const today = t.clock().toISOString().slice(0, 10)
    for (const [name, due] of [
      ['Later', '2999-01-01'],
      ['Overdue', '2000-01-01'],
    ] as const) {
      const audit = await createAudit(t, admin, { projectId: project.id, name })
      const requestIds: string[] = []
      for (let i = 0; i < 3; i++) {
        const res = await t.request('POST', `/api/audits/${audit.id}/requests`, {
          cookie: admin,
          body: {
            title: `${name} ${i}`,
            assigneeId: clientUser.user.id,
            dueDate: i === 1 ? due : null,
          },
        })
        requestIds.push(res.json<{ id: string }>().id)
      }
      await t.request('POST', `/api/audits/${audit.id}/send`, {
        cookie: admin,
        body: { requestIds },
      })
    }
    expect(today > '2000-01-01').toBe(true)

    const whole = (
      await t.request('GET', '/api/my-requests', { cookie: clientUser.cookie })
    ).json<MyRequests>()
    expect(whole.map((group) => group.audit.name)).toEqual(['Overdue', 'Later'])
    expect(whole[0]!.requests.map((r) => r.title)).toEqual(['Overdue 1', 'Overdue 0', 'Overdue 2'])
    expect(whole[0]!.requests[0]!.overdue).toBe(true)
    expect(whole[1]!.requests.map((r) => r.title)).toEqual(['Later 1', 'Later 0', 'Later 2'])

    const pages = await walk(
      '/api/my-requests?limit=2',
      (body) => body as MyRequests,
      clientUser.cookie,
    )
    const groups = pages as unknown as MyRequests[]
    expect(groups.map((page) => page.map((g) => `${g.audit.name}:${g.requests.length}`))).toEqual([
      ['Overdue:2'],
      ['Overdue:1', 'Later:1'],
      ['Later:2'],
    ])
    expect(groups.flat().flatMap((g) => g.requests.map((r) => r.title))).toEqual(
      whole.flatMap((g) => g.requests.map((r) => r.title)),
    )
  })
})
