import ExcelJS from 'exceljs'
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Portfolio, PortfolioAudit } from '@shared/schemas/reports'
import type { RequestStatus } from '@shared/schemas/requests'
import {
  createAudit,
  createClient,
  createProject,
  expectError,
  seedRequests,
  signedInClientUser,
  signedInStaff,
} from '../../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness'

/**
 * The portfolio, recomputed here from scripted requests independently of the server's SQL (and of
 * the triggers that keep each audit's standing), in a firm west of UTC at a moment when its day is
 * not yet UTC's.
 */

const TIME_ZONE = 'America/New_York'
/** 03:30 UTC on 20 November: still the 19th in New York. */
const NOW = new Date('2026-11-20T03:30:00Z')
const TODAY = '2026-11-19'
const DAY = 86_400_000

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})
afterEach(() => {
  t.clock.set(new Date())
})

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY
const dayOffset = (days: number) =>
  new Date((dayNumber(TODAY) + days) * DAY).toISOString().slice(0, 10)
const nyDay = (at: Date) => at.toLocaleDateString('sv-SE', { timeZone: TIME_ZONE })

/** A request as the test writes it. */
interface Script {
  status: RequestStatus
  /** Days before NOW it was sent (null: never). */
  sentDaysAgo: number | null
  /** Due date as days from today (null: none). */
  due: number | null
  asked?: boolean
  assignee?: number | null
}

async function writeRequests(
  orgId: string,
  auditId: string,
  assignees: string[],
  script: Script[],
) {
  const ids = await seedRequests(t, { organizationId: orgId, auditId, count: script.length })
  await t.app.db.transaction(async (tx) => {
    for (const [i, request] of script.entries()) {
      const sentAt =
        request.sentDaysAgo === null
          ? null
          : new Date(NOW.getTime() - request.sentDaysAgo * DAY).toISOString()
      await tx.execute(sql`update audit_requests set
        status = ${request.status}, sent_at = ${sentAt}::timestamptz,
        due_date = ${request.due === null ? null : dayOffset(request.due)}::date,
        client_ask = ${request.asked ? 'question' : null},
        client_ask_text = ${request.asked ? 'Which year?' : null},
        client_ask_at = ${request.asked ? sentAt : null}::timestamptz,
        not_applicable_reason = ${request.status === 'not_applicable' ? 'Not held' : null},
        assignee_user_id = ${request.assignee == null ? null : assignees[request.assignee]!}::uuid
        where id = ${ids[i]!}`)
    }
  })
  return ids
}

/** Where an audit stands as shared/schemas/reports.ts defines it, from its script alone. */
function expectedRow(script: Script[], quietDays: number, completed = false) {
  const count = (...statuses: RequestStatus[]) =>
    script.filter((request) => statuses.includes(request.status)).length
  const awaiting = script.filter(
    (request) => (request.status === 'sent' || request.status === 'returned') && !request.asked,
  )
  const lates = awaiting.flatMap((request) =>
    request.due !== null && request.due < 0 ? [-request.due] : [],
  )
  const upcoming = awaiting
    .flatMap((request) => (request.due !== null && request.due >= 0 ? [request.due] : []))
    .sort((a, b) => a - b)
  const sentDays = script.flatMap((request) =>
    request.sentDaysAgo === null ? [] : [request.sentDaysAgo],
  )
  const sent = count('sent', 'submitted', 'accepted', 'returned', 'not_applicable')
  const open = count('sent', 'submitted', 'returned')
  const stage = completed ? 'completed' : sent === 0 ? 'not_sent' : open === 0 ? 'done' : 'open'
  const firstSent = sentDays.length > 0 ? Math.max(...sentDays) : null
  const quiet =
    firstSent === null
      ? null
      : dayNumber(TODAY) - dayNumber(nyDay(new Date(NOW.getTime() - firstSent * DAY)))
  return {
    requests: script.length,
    progress: { done: count('accepted', 'not_applicable'), sent },
    open,
    awaitingReview: count('submitted'),
    overdue: lates.length,
    mostDaysLate: lates.length > 0 ? Math.max(...lates) : 0,
    nextDueDate: upcoming.length > 0 ? dayOffset(upcoming[0]!) : null,
    stage,
    quietDays: quiet,
    slipping:
      stage === 'open' &&
      (lates.length > 0 || (count('sent', 'returned') > 0 && quiet !== null && quiet >= quietDays)),
    lates,
  }
}

const portfolio = async (cookie: string, query = '') => {
  const res = await t.request('GET', `/api/reports/portfolio${query}`, { cookie })
  expect(res.statusCode, res.body).toBe(200)
  return { body: res.json<Portfolio>(), link: res.headers.link as string | undefined }
}

/** Every page of the portfolio, following its links. */
async function allPages(cookie: string, query: string) {
  const rows: PortfolioAudit[] = []
  let path: string | undefined = `/api/reports/portfolio${query}`
  while (path) {
    const res = await t.request('GET', path, { cookie })
    expect(res.statusCode, res.body).toBe(200)
    rows.push(...res.json<Portfolio>().audits)
    const link = res.headers.link as string | undefined
    path = link ? /<([^>]+)>/.exec(link)![1]!.replace(/^https?:\/\/[^/]+/, '') : undefined
  }
  return rows
}

function random(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let r = Math.imul(a ^ (a >>> 15), 1 | a)
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r
    return ((r ^ (r >>> 14)) >>> 0) / 4_294_967_296
  }
}

describe('GET /api/reports/portfolio', () => {
  it('gives each audit and the sums the requests make, in the firm’s time zone', async () => {
    const admin = await signedInAdmin(t, { timeZone: TIME_ZONE })
    const orgId = admin.user.company.id
    const client = await createClient(t, admin.cookie, { name: 'Acme Holdings' })
    const project = await createProject(t, admin.cookie, { clientId: client.id })
    const contacts = await Promise.all(
      [0, 1].map(async () => (await signedInClientUser(t, orgId, client.id)).user.id),
    )
    const next = random(7)
    const statuses: RequestStatus[] = [
      'draft',
      'sent',
      'sent',
      'submitted',
      'returned',
      'accepted',
      'not_applicable',
    ]
    const scripts: Script[][] = []
    for (let a = 0; a < 6; a++)
      scripts.push(
        Array.from({ length: 12 }, () => {
          const status = statuses[Math.floor(next() * statuses.length)]!
          return {
            status,
            sentDaysAgo: status === 'draft' ? null : Math.floor(next() * 40),
            due: next() < 0.2 ? null : Math.floor(next() * 80) - 40,
            asked: status === 'sent' && next() < 0.2,
            assignee: next() < 0.3 ? null : Math.floor(next() * 2),
          }
        }),
      )
    // An audit never sent, one all done, one overdue on one contact (14 of 15, two weeks late).
    scripts.push([
      { status: 'draft', sentDaysAgo: null, due: -20 },
      { status: 'draft', sentDaysAgo: null, due: 3 },
    ])
    scripts.push([
      { status: 'accepted', sentDaysAgo: 30, due: -5 },
      { status: 'not_applicable', sentDaysAgo: 30, due: null },
    ])
    scripts.push([
      ...Array.from({ length: 14 }, () => ({
        status: 'sent' as const,
        sentDaysAgo: 30,
        due: -14,
        assignee: 1,
      })),
      { status: 'accepted', sentDaysAgo: 30, due: -14, assignee: 0 },
    ])
    const auditIds: string[] = []
    for (const [i, script] of scripts.entries()) {
      const audit = await createAudit(t, admin.cookie, {
        projectId: project.id,
        name: `Audit ${String(i).padStart(2, '0')}`,
      })
      auditIds.push(audit.id)
      await writeRequests(orgId, audit.id, contacts, script)
    }
    // Another firm's audits are never counted.
    const other = await signedInAdmin(t)
    const theirs = await createAudit(t, other.cookie)
    await seedRequests(t, {
      organizationId: other.user.company.id,
      auditId: theirs.id,
      count: 3,
      sent: true,
    })

    t.clock.set(NOW)
    const { body } = await portfolio(admin.cookie, '?sort=audit&limit=500')
    expect(body.today).toBe(TODAY)
    expect(body.timeZone).toBe(TIME_ZONE)
    expect(body.audits.map((row) => row.id)).toEqual(auditIds)
    const wants = scripts.map((script) => expectedRow(script, 14))
    for (const [i, row] of body.audits.entries()) {
      const { lates: _lates, ...want } = wants[i]!
      expect(row, `audit ${i}`).toMatchObject(want)
      expect(row.client).toEqual({ id: client.id, name: 'Acme Holdings' })
      expect(row.project.id).toBe(project.id)
    }
    // The 14 overdue requests on one contact: slipping, held by that contact.
    const held = body.audits.at(-1)!
    expect(held).toMatchObject({ slipping: true, overdue: 14, mostDaysLate: 14 })
    expect(held.holder).toEqual({ id: contacts[1], name: expect.any(String), open: 14 })
    expect(body.audits.at(-3)).toMatchObject({ stage: 'not_sent', slipping: false, open: 0 })
    expect(body.audits.at(-2)).toMatchObject({ stage: 'done', slipping: false, overdue: 0 })

    const lates = wants.flatMap((want) => want.lates)
    const sum = (pick: (want: (typeof wants)[number]) => number) =>
      wants.reduce((total, want) => total + pick(want), 0)
    const all = scripts.flat()
    expect(body.totals).toEqual({
      audits: scripts.length,
      slipping: wants.filter((want) => want.slipping).length,
      byStage: {
        not_sent: wants.filter((want) => want.stage === 'not_sent').length,
        open: wants.filter((want) => want.stage === 'open').length,
        done: wants.filter((want) => want.stage === 'done').length,
        completed: 0,
      },
      byStatus: Object.fromEntries(
        statuses.map((status) => [
          status,
          all.filter((request) => request.status === status).length,
        ]),
      ),
      progress: {
        done: sum((want) => want.progress.done),
        sent: sum((want) => want.progress.sent),
      },
      overdue: {
        total: lates.length,
        aging: [
          { key: 'week', count: lates.filter((d) => d <= 7).length },
          { key: 'month', count: lates.filter((d) => d >= 8 && d <= 30).length },
          { key: 'older', count: lates.filter((d) => d > 30).length },
        ],
      },
    })

    // Every order pages through every audit once, in that order.
    const keyOf: Record<string, (row: PortfolioAudit) => number | string> = {
      overdue: (row) => row.mostDaysLate,
      progress: (row) =>
        row.progress.sent === 0 ? -1 : Math.trunc((row.progress.done * 1000) / row.progress.sent),
      quiet: (row) => row.quietDays ?? -1,
    }
    for (const [field, keyFn] of Object.entries(keyOf))
      for (const descending of [false, true]) {
        const rows = await allPages(admin.cookie, `?sort=${descending ? '-' : ''}${field}&limit=2`)
        expect(new Set(rows.map((row) => row.id)).size).toBe(scripts.length)
        const keys = rows.map(keyFn)
        const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
        expect(keys).toEqual(descending ? sorted.reverse() : sorted)
      }
    const byNextDue = await allPages(admin.cookie, '?sort=nextDue&limit=3')
    const dues = byNextDue.map((row) => row.nextDueDate)
    const dated = dues.filter((due) => due !== null)
    expect(dues.slice(0, dated.length)).toEqual([...dated].sort())
    expect(dues.slice(dated.length).every((due) => due === null)).toBe(true)
  })

  it('filters by client, lead, project status, stage, slipping and name, and sums only those', async () => {
    const admin = await signedInAdmin(t)
    const orgId = admin.user.company.id
    const staff = await signedInStaff(t, orgId)
    const north = await createClient(t, admin.cookie, { name: 'North Ltd' })
    const south = await createClient(t, admin.cookie, { name: 'South Ltd' })
    const active = await createProject(t, admin.cookie, { clientId: north.id, name: 'FY26' })
    const onHold = await createProject(t, admin.cookie, {
      clientId: south.id,
      name: 'FY25',
      status: 'on_hold',
    })
    const late = await createAudit(t, admin.cookie, { projectId: active.id, name: 'Late one' })
    const calm = await createAudit(t, admin.cookie, { projectId: onHold.id, name: 'Calm one' })
    const unsent = await createAudit(t, admin.cookie, {
      projectId: active.id,
      name: 'Not sent one',
    })
    await writeRequests(orgId, late.id, [], [{ status: 'sent', sentDaysAgo: 3, due: -2 }])
    await writeRequests(orgId, calm.id, [], [{ status: 'sent', sentDaysAgo: 3, due: 10 }])
    await writeRequests(orgId, unsent.id, [], [{ status: 'draft', sentDaysAgo: null, due: -2 }])
    const team = await t.request('PUT', `/api/audits/${calm.id}/team`, {
      cookie: admin.cookie,
      body: { leadId: staff.user.id, memberIds: [] },
    })
    expect(team.statusCode, team.body).toBe(200)
    t.clock.set(NOW)

    const names = async (query: string) => {
      const { body } = await portfolio(admin.cookie, query)
      return { names: body.audits.map((row) => row.name).sort(), totals: body.totals }
    }
    expect((await names(`?clientId=${north.id}`)).names).toEqual(['Late one', 'Not sent one'])
    expect((await names(`?leadId=${staff.user.id}`)).names).toEqual(['Calm one'])
    expect((await names('?projectStatus=on_hold')).names).toEqual(['Calm one'])
    expect((await names('?stage=not_sent')).names).toEqual(['Not sent one'])
    expect((await names('?stage=open,not_sent')).names).toHaveLength(3)
    const slipping = await names('?slipping=true')
    expect(slipping.names).toEqual(['Late one'])
    expect(slipping.totals).toMatchObject({ audits: 1, slipping: 1, overdue: { total: 1 } })
    expect((await names('?slipping=false')).names).toEqual(['Calm one', 'Not sent one'])
    expect((await names('?q=south')).names).toEqual(['Calm one'])
    expect((await names('?q=fy26')).names).toEqual(['Late one', 'Not sent one'])
    expect((await names('?q=%25')).names).toEqual([])
    // Quiet for 3 days: slipping once the filter's quiet days are 3 or fewer.
    expect((await names('?slipping=true&quietDays=3')).names).toEqual(['Calm one', 'Late one'])
  })

  it('keeps each audit’s standing as its requests change through the API', async () => {
    const admin = await signedInAdmin(t)
    const orgId = admin.user.company.id
    const audit = await createAudit(t, admin.cookie)
    const contact = await signedInClientUser(t, orgId, audit.client.id)
    const ids = await seedRequests(t, {
      organizationId: orgId,
      auditId: audit.id,
      count: 4,
      assigneeId: contact.user.id,
    })
    const row = async () =>
      (await portfolio(admin.cookie, `?clientId=${audit.client.id}`)).body.audits[0]!
    expect(await row()).toMatchObject({ stage: 'not_sent', requests: 4, quietDays: null })

    t.clock.set(new Date(Date.now() - 20 * DAY))
    const send = await t.request('POST', `/api/audits/${audit.id}/send`, {
      cookie: admin.cookie,
      body: { requestIds: ids.slice(0, 3) },
    })
    expect(send.statusCode, send.body).toBe(200)
    t.clock.set(new Date())
    expect(await row()).toMatchObject({
      stage: 'open',
      open: 3,
      progress: { done: 0, sent: 3 },
      quietDays: 20,
      slipping: true,
      lastClientActivityAt: null,
    })

    // The client writes: active today, no longer quiet.
    const comment = await t.request('POST', `/api/requests/${ids[0]}/comments`, {
      cookie: contact.cookie,
      body: { body: 'Working on it' },
    })
    expect(comment.statusCode, comment.body).toBe(201)
    expect(await row()).toMatchObject({ quietDays: 0, slipping: false })
    expect((await row()).lastClientActivityAt).not.toBeNull()

    // Due dates set and changed: overdue and days late follow; a question the client asks takes
    // its request off the client's list until the firm answers.
    const { today } = (await portfolio(admin.cookie, `?clientId=${audit.client.id}`)).body
    const dayFrom = (days: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10)
    for (const [id, days] of [
      [ids[0], -10],
      [ids[2], 5],
    ] as const) {
      const due = await t.request('PATCH', `/api/requests/${id}`, {
        cookie: admin.cookie,
        body: { dueDate: dayFrom(days) },
      })
      expect(due.statusCode, due.body).toBe(200)
    }
    expect(await row()).toMatchObject({
      overdue: 1,
      mostDaysLate: 10,
      nextDueDate: dayFrom(5),
      slipping: true,
    })
    const ask = await t.request('POST', `/api/requests/${ids[0]}/ask`, {
      cookie: contact.cookie,
      body: { question: 'Which year?' },
    })
    expect(ask.statusCode, ask.body).toBe(200)
    expect(await row()).toMatchObject({ overdue: 0, mostDaysLate: 0, slipping: false })

    const del = await t.request('DELETE', `/api/requests/${ids[3]}`, { cookie: admin.cookie })
    expect(del.statusCode, del.body).toBe(204)
    const na = await t.request('POST', `/api/requests/${ids[1]}/not-applicable`, {
      cookie: admin.cookie,
      body: { reason: 'Not held' },
    })
    expect(na.statusCode, na.body).toBe(200)
    expect(await row()).toMatchObject({ requests: 3, open: 2, progress: { done: 1, sent: 3 } })

    // The standings equal a count of the requests themselves, for every audit of the database.
    const drift = await t.app.db.execute(sql`select s.audit_id from audit_standings s
      left join (select audit_id, count(*) filter (where status = 'draft') draft,
          count(*) filter (where status = 'sent') sent, count(*) filter (where status = 'submitted') submitted,
          count(*) filter (where status = 'accepted') accepted, count(*) filter (where status = 'returned') returned,
          count(*) filter (where status = 'not_applicable') not_applicable
        from audit_requests group by audit_id) r on r.audit_id = s.audit_id
      where (s.draft, s.sent, s.submitted, s.accepted, s.returned, s.not_applicable)
        is distinct from (coalesce(r.draft, 0), coalesce(r.sent, 0), coalesce(r.submitted, 0),
          coalesce(r.accepted, 0), coalesce(r.returned, 0), coalesce(r.not_applicable, 0))`)
    expect((drift as unknown as { rows: unknown[] }).rows).toEqual([])
    const dueDrift = await t.app.db.execute(sql`select s.audit_id from audit_standings s
      left join (select audit_id, min(due_date) as due from audit_requests
        where status in ('sent', 'returned') and client_ask is null group by audit_id) r
        on r.audit_id = s.audit_id
      where s.awaiting_due_from is distinct from r.due`)
    expect((dueDrift as unknown as { rows: unknown[] }).rows).toEqual([])

    // Completed: its own stage, never slipping.
    const complete = await t.request('POST', `/api/audits/${audit.id}/complete`, {
      cookie: admin.cookie,
    })
    expect(complete.statusCode, complete.body).toBe(200)
    expect(await row()).toMatchObject({ stage: 'completed', slipping: false })
  })

  it('is the firm’s, and refuses what it does not understand', async () => {
    const admin = await signedInAdmin(t)
    const orgId = admin.user.company.id
    const audit = await createAudit(t, admin.cookie)
    const staff = await signedInStaff(t, orgId)
    expect(
      (await t.request('GET', '/api/reports/portfolio', { cookie: staff.cookie })).statusCode,
    ).toBe(200)
    const client = await signedInClientUser(t, orgId, audit.client.id)
    for (const path of [
      '/api/reports/portfolio',
      '/api/reports/portfolio.xlsx',
      '/api/reports/portfolio.csv',
    ])
      expectError(await t.request('GET', path, { cookie: client.cookie }), 403, 'FORBIDDEN')
    expectError(await t.request('GET', '/api/reports/portfolio'), 401, 'UNAUTHENTICATED')
    for (const query of [
      '?sort=name',
      '?stage=late',
      '?slipping=yes',
      '?quietDays=0',
      `?quietDays=${10_000}`,
      '?clientId=not-an-id',
      '?cursor=garbage',
      '?limit=0',
      '?color=red',
      `?q=${'x'.repeat(300)}`,
    ])
      expectError(
        await t.request('GET', `/api/reports/portfolio${query}`, { cookie: admin.cookie }),
        400,
        'VALIDATION',
      )
    // Another firm's client filters to nothing.
    const other = await signedInAdmin(t)
    const { body } = await portfolio(other.cookie, `?clientId=${audit.client.id}`)
    expect(body.audits).toEqual([])
    expect(body.totals.audits).toBe(0)
    // A firm without audits sums to zeros, not to nothing.
    const empty = (await portfolio(other.cookie, '')).body.totals
    expect(empty).toMatchObject({ audits: 0, overdue: { total: 0 } })
    expect(empty.overdue.aging.map((bucket) => bucket.count)).toEqual([0, 0, 0])
  })
})

describe('GET /api/reports/portfolio.xlsx and .csv', () => {
  it('writes every audit the filter matches, with typed cells and a summary', async () => {
    const admin = await signedInAdmin(t)
    const orgId = admin.user.company.id
    const client = await createClient(t, admin.cookie, { name: '=Formula & Co' })
    const project = await createProject(t, admin.cookie, { clientId: client.id })
    for (let i = 0; i < 3; i++) {
      const audit = await createAudit(t, admin.cookie, { projectId: project.id, name: `Year ${i}` })
      await writeRequests(
        orgId,
        audit.id,
        [],
        [
          { status: 'sent', sentDaysAgo: 5, due: i === 0 ? -3 : 4 },
          { status: 'accepted', sentDaysAgo: 5, due: null },
        ],
      )
    }
    const elsewhere = await createAudit(t, admin.cookie, { name: 'Elsewhere' })
    t.clock.set(NOW)

    const xlsx = await t.request(
      'GET',
      `/api/reports/portfolio.xlsx?clientId=${client.id}&sort=audit`,
      {
        cookie: admin.cookie,
      },
    )
    expect(xlsx.statusCode, xlsx.body).toBe(200)
    expect(xlsx.headers['content-type']).toContain('spreadsheetml')
    expect(xlsx.headers['content-disposition']).toMatch(/portfolio-\d{4}-\d{2}-\d{2}\.xlsx/)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer)
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Summary', 'Audits'])
    const sheet = workbook.getWorksheet('Audits')!
    expect(sheet.rowCount).toBe(4)
    const header = (sheet.getRow(1).values as unknown[]).slice(1)
    const cell = (row: number, name: string) =>
      sheet.getRow(row).getCell(header.indexOf(name) + 1).value
    expect(cell(2, 'Audit')).toBe('Year 0')
    expect(cell(2, 'Client')).toBe('=Formula & Co')
    expect(cell(2, 'Slipping')).toBe('Yes')
    expect(cell(2, 'Overdue')).toBe(1)
    expect(cell(3, 'Next due date')).toBeInstanceOf(Date)
    expect((cell(3, 'Next due date') as Date).toISOString().slice(0, 10)).toBe(dayOffset(4))
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 })
    const summary = workbook.getWorksheet('Summary')!
    const summaryValues = new Map(
      summary
        .getRows(1, summary.rowCount)!
        .map((row) => [row.getCell(1).value, row.getCell(2).value]),
    )
    expect(summaryValues.get('Audits')).toBe(3)
    expect(summaryValues.get('Overdue requests')).toBe(1)

    const csv = await t.request(
      'GET',
      `/api/reports/portfolio.csv?clientId=${client.id}&sort=-audit`,
      {
        cookie: admin.cookie,
      },
    )
    expect(csv.statusCode, csv.body).toBe(200)
    expect(csv.headers['content-type']).toContain('text/csv')
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(lines).toHaveLength(4)
    expect(lines[0]).toMatch(/^Client,Project,Project status,Audit,Lead,Stage,Slipping/)
    expect(lines[1]).toContain('Year 2')
    // A name a spreadsheet would run as a formula is written as text.
    expect(lines[1]!.startsWith("'=Formula & Co")).toBe(true)
    expect(csv.body).not.toContain(elsewhere.name)
  })
})
