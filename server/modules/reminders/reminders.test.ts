import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditRequest } from '@shared/schemas/requests'
import type { ReminderPolicy } from '@shared/schemas/reminders'
import { buildApp } from '../../app'
import { selectRows } from '../../db/client'
import {
  createAudit,
  createClient,
  createProject,
  expectError,
  expectValidation,
  MISSING_ID,
  signedInClientUser,
  signedInStaff,
} from '../../test/factories'
import { APP_URL, createTestApp, register, signedInAdmin, type TestApp } from '../../test/harness'
import { scanReminders } from './scan'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const DAY = 86_400_000
const day = (base: string, offset: number) =>
  new Date(Date.parse(`${base}T00:00:00Z`) + offset * DAY).toISOString().slice(0, 10)

/** A firm with a client user and a project for them; its policy set as given. */
async function firm(policy: Partial<ReminderPolicy> = {}, timeZone = 'UTC') {
  const admin = await signedInAdmin(t)
  const companyId = admin.user.company.id
  const project = await createProject(t, admin.cookie)
  const client = await signedInClientUser(t, companyId, project.clientId)
  const { timeZone: _tz, ...rest } = { ...defaults, ...policy }
  const put = await t.request('PUT', '/api/reminder-policy', { cookie: admin.cookie, body: rest })
  expect(put.statusCode, put.body).toBe(200)
  const tz = await t.request('PATCH', '/api/organization', {
    cookie: admin.cookie,
    body: { timeZone },
  })
  expect(tz.statusCode, tz.body).toBe(200)
  return { admin, client, project, companyId }
}

const defaults = {
  enabled: true,
  daysBefore: [3, 1],
  onDueDate: true,
  daysAfter: [1, 3, 7],
  sendHour: 0,
  escalateAfterDays: 7,
}

/**
 * Requests of one new audit, each due on the given date, sent to the client user a day before
 * the clock (`sentAgoMs`): no reminder goes out within a day of the mail that sent them.
 */
async function sentRequests(
  f: Awaited<ReturnType<typeof firm>>,
  dueDates: string[],
  sentAgoMs = DAY + 60_000,
): Promise<{ auditId: string; requests: AuditRequest[] }> {
  t.clock.advance(-sentAgoMs)
  try {
    return await createAndSend(f, dueDates)
  } finally {
    t.clock.advance(sentAgoMs)
  }
}

async function createAndSend(
  f: Awaited<ReturnType<typeof firm>>,
  dueDates: string[],
): Promise<{ auditId: string; requests: AuditRequest[] }> {
  const audit = await createAudit(t, f.admin.cookie, { projectId: f.project.id })
  const requests: AuditRequest[] = []
  for (const [index, dueDate] of dueDates.entries()) {
    const res = await t.request('POST', `/api/audits/${audit.id}/requests`, {
      cookie: f.admin.cookie,
      body: { title: `Due ${dueDate} #${index}`, assigneeId: f.client.user.id, dueDate },
    })
    expect(res.statusCode, res.body).toBe(201)
    requests.push(res.json())
  }
  const sent = await t.request('POST', `/api/audits/${audit.id}/send`, {
    cookie: f.admin.cookie,
    body: {},
  })
  expect(sent.statusCode, sent.body).toBe(200)
  return { auditId: audit.id, requests }
}

const reminders = (email: string) =>
  t.smtp.to(email).filter((mail) => mail.subject.startsWith('Reminder:'))

async function scanAt(at: string) {
  t.clock.set(new Date(at))
  const result = await scanReminders(t.app)
  await t.app.jobs.idle()
  return result
}

describe('GET and PUT /api/reminder-policy', () => {
  it('a new company has the defaults, from 09:00, in UTC; an admin changes the whole policy', async () => {
    const admin = await signedInAdmin(t)
    const read = await t.request('GET', '/api/reminder-policy', { cookie: admin.cookie })
    expect(read.statusCode, read.body).toBe(200)
    expect(read.json()).toEqual({ ...defaults, sendHour: 9, timeZone: 'UTC' })

    const put = await t.request('PUT', '/api/reminder-policy', {
      cookie: admin.cookie,
      body: {
        ...defaults,
        daysBefore: [1, 5, 5],
        daysAfter: [10, 2],
        sendHour: 9,
        escalateAfterDays: null,
      },
    })
    expect(put.statusCode, put.body).toBe(200)
    expect(put.json()).toMatchObject({
      daysBefore: [5, 1],
      daysAfter: [2, 10],
      sendHour: 9,
      escalateAfterDays: null,
    })
    const again = await t.request('GET', '/api/reminder-policy', { cookie: admin.cookie })
    expect(again.json()).toEqual(put.json())
  })

  it('a company registered from a browser in Berlin sends its reminders from 09:00 Berlin time', async () => {
    const admin = await signedInAdmin(t, { timeZone: 'Europe/Berlin' })
    const read = await t.request('GET', '/api/reminder-policy', { cookie: admin.cookie })
    expect(read.json()).toMatchObject({ sendHour: 9, timeZone: 'Europe/Berlin' })
    const { response } = await register(t, { timeZone: 'Mars/Olympus_Mons' })
    expectValidation(response, ['timeZone'])
  })

  it('bad input → 400 naming the field, and the policy stays', async () => {
    const admin = await signedInAdmin(t)
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...defaults, sendHour: 24 }, 'sendHour'],
      [{ ...defaults, sendHour: 9.5 }, 'sendHour'],
      [{ ...defaults, daysBefore: [0] }, 'daysBefore.0'],
      [{ ...defaults, daysAfter: [366] }, 'daysAfter.0'],
      [{ ...defaults, daysAfter: 'soon' }, 'daysAfter'],
      [{ ...defaults, daysBefore: Array.from({ length: 11 }, (_, i) => i + 1) }, 'daysBefore'],
      [{ ...defaults, escalateAfterDays: 0 }, 'escalateAfterDays'],
      [{ ...defaults, enabled: 'yes' }, 'enabled'],
      [{ ...defaults, extra: true }, ''],
      [{ enabled: false }, 'daysBefore'],
    ]
    for (const [body, path] of cases) {
      const res = await t.request('PUT', '/api/reminder-policy', { cookie: admin.cookie, body })
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      if (path) expectValidation(res, [path])
    }
    const read = await t.request('GET', '/api/reminder-policy', { cookie: admin.cookie })
    expect(read.json()).toEqual({ ...defaults, sendHour: 9, timeZone: 'UTC' })
  })

  it('staff read it, only admins change it, client users do neither', async () => {
    const admin = await signedInAdmin(t)
    const staff = await signedInStaff(t, admin.user.company.id)
    const client = await signedInClientUser(t, admin.user.company.id)
    expect(
      (await t.request('GET', '/api/reminder-policy', { cookie: staff.cookie })).statusCode,
    ).toBe(200)
    expectError(
      await t.request('PUT', '/api/reminder-policy', { cookie: staff.cookie, body: defaults }),
      403,
      'FORBIDDEN',
    )
    expectError(
      await t.request('GET', '/api/reminder-policy', { cookie: client.cookie }),
      403,
      'FORBIDDEN',
    )
    expectError(await t.request('GET', '/api/reminder-policy'), 401, 'UNAUTHENTICATED')
  })

  it('the time zone is an IANA name, set on the company', async () => {
    const admin = await signedInAdmin(t)
    const ok = await t.request('PATCH', '/api/organization', {
      cookie: admin.cookie,
      body: { timeZone: 'America/New_York' },
    })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json()).toMatchObject({ timeZone: 'America/New_York' })
    for (const timeZone of ['Mars/Olympus', '', 42, 'x'.repeat(500)]) {
      const bad = await t.request('PATCH', '/api/organization', {
        cookie: admin.cookie,
        body: { timeZone },
      })
      expectValidation(bad, ['timeZone'])
    }
    const policy = await t.request('GET', '/api/reminder-policy', { cookie: admin.cookie })
    expect(policy.json()).toMatchObject({ timeZone: 'America/New_York' })
  })
})

describe('the reminder scan', () => {
  it('reminds at each point of the policy, one mail a day with everything due, then the next point', async () => {
    const today = '2031-05-12'
    t.clock.set(new Date(`${today}T08:00:00Z`))
    const f = await firm()
    // Points: 3 and 1 days before, on the day, 1, 3 and 7 after; 2 days before is none of them.
    await sentRequests(f, [day(today, 3), day(today, 2), day(today, 1), today, day(today, -1)])
    const email = f.client.user.email

    await scanAt(`${today}T08:05:00Z`)
    expect(reminders(email)).toHaveLength(1)
    const mail = reminders(email)[0]!
    expect(mail.subject).toBe('Reminder: 1 request overdue, 3 coming due')
    expect(mail.body).toContain(`overdue by 1 day (due ${'May 11, 2031'})`)
    expect(mail.body).toContain('due today (May 12, 2031)')
    expect(mail.body).toContain('due in 1 day (May 13, 2031)')
    expect(mail.body).toContain('due in 3 days (May 15, 2031)')
    expect(mail.body).not.toContain('May 14, 2031')
    expect(mail.body).toMatch(new RegExp(`${APP_URL}/requests/[0-9a-f-]{36}`))
    // Overdue first.
    expect(mail.body.indexOf('overdue by 1 day')).toBeLessThan(mail.body.indexOf('due today'))
    expect(mail.raw).toMatch(/^List-Unsubscribe:\s+<http:\/\/app\.test\/api\/unsubscribe\?token=/m)
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m)
    // Account mails have none: they cannot be turned off.
    const accountMails = t.smtp.to(f.admin.account.email)
    expect(accountMails[0]!.subject).toBe('Verify your email address')
    expect(accountMails[0]!.raw).not.toMatch(/^List-Unsubscribe/m)

    // The same day again: nothing more.
    await scanAt(`${today}T15:00:00Z`)
    expect(reminders(email)).toHaveLength(1)

    // The next day: the one due in 2 days reaches "1 day before", the others move on or wait.
    await scanAt(`${day(today, 1)}T08:00:00Z`)
    expect(reminders(email)).toHaveLength(2)
    const next = reminders(email)[1]!
    expect(next.body).toContain('due in 1 day (May 14, 2031)')
    expect(next.body).toContain('due today (May 13, 2031)')
    expect(next.body).toContain('overdue by 1 day (due May 12, 2031)')
    expect(next.body).not.toContain('May 11, 2031')
    expect(next.body).not.toContain('May 15, 2031')
  })

  it('from the send hour in the company’s time zone, across the change to summer time', async () => {
    // Europe/Berlin moves from UTC+1 to UTC+2 at 01:00 UTC on 2031-03-30.
    const dueDay = '2031-03-30'
    t.clock.set(new Date('2031-03-29T07:00:00Z'))
    const f = await firm({ sendHour: 9 }, 'Europe/Berlin')
    await sentRequests(f, [day(dueDay, 1), dueDay])
    const email = f.client.user.email

    await scanAt('2031-03-29T07:59:00Z') // 08:59 in Berlin (UTC+1)
    expect(reminders(email)).toHaveLength(0)
    await scanAt('2031-03-29T08:00:00Z') // 09:00
    expect(reminders(email)).toHaveLength(1)
    expect(reminders(email)[0]!.body).toContain('due in 1 day (Mar 30, 2031)')

    await scanAt('2031-03-30T06:59:00Z') // 08:59 in Berlin (UTC+2 now)
    expect(reminders(email)).toHaveLength(1)
    await scanAt('2031-03-30T07:00:00Z') // 09:00
    expect(reminders(email)).toHaveLength(2)
    expect(reminders(email)[1]!.body).toContain('due today (Mar 30, 2031)')
    expect(reminders(email)[1]!.body).toContain('due in 1 day (Mar 31, 2031)')
  })

  it('the local day decides: 23:30 in New York is the next day in UTC', async () => {
    t.clock.set(new Date('2031-07-01T12:00:00Z'))
    const f = await firm({ daysBefore: [], onDueDate: true, daysAfter: [] }, 'America/New_York')
    await sentRequests(f, ['2031-07-02'])
    await scanAt('2031-07-02T03:30:00Z') // 23:30 on July 1 in New York
    expect(reminders(f.client.user.email)).toHaveLength(0)
    await scanAt('2031-07-02T04:00:00Z') // 00:00 on July 2
    expect(reminders(f.client.user.email)).toHaveLength(1)
  })

  it('nothing within a day of the mail that sent the requests; then what is overdue, and the points since', async () => {
    t.clock.set(new Date('2031-09-10T10:00:00Z'))
    const f = await firm({ escalateAfterDays: 3 })
    const escalations = () =>
      t.smtp.to(f.admin.account.email).filter((mail) => mail.subject.includes('long overdue'))
    await sentRequests(f, ['2031-09-05', '2031-09-14'], 0)
    await t.app.jobs.idle()
    const [sentMail] = t.smtp
      .to(f.client.user.email)
      .filter((mail) => mail.subject.includes('new requests'))
    expect(sentMail!.body).toContain('(due Sep 5, 2031, already overdue)')
    expect(sentMail!.body).toContain('(due Sep 14, 2031)')
    expect(sentMail!.body).toContain('1 of them is already overdue: please start with that one.')
    // 57 seconds later, and at the end of the day: the send mail said it all, to everyone.
    await scanAt('2031-09-10T10:00:57Z')
    await scanAt('2031-09-10T23:59:00Z')
    expect(reminders(f.client.user.email)).toHaveLength(0)
    expect(escalations()).toHaveLength(0)
    // A day after the send mail: the overdue one; the other's "3 days before" (Sep 11) is reached.
    await scanAt('2031-09-11T10:01:00Z')
    const [mail, ...more] = reminders(f.client.user.email)
    expect(more).toHaveLength(0)
    expect(mail!.body).toContain('overdue by 6 days')
    expect(mail!.body).toContain('due in 3 days (Sep 14, 2031)')
    expect(escalations()).toHaveLength(1)
  })

  it('nothing while the policy is off, the request or its audit is paused, or it is answered', async () => {
    const today = '2031-10-01'
    t.clock.set(new Date(`${today}T09:00:00Z`))
    const f = await firm({ enabled: false })
    const { auditId, requests } = await sentRequests(f, [today, today])
    const email = f.client.user.email
    await scanAt(`${today}T09:01:00Z`)
    expect(reminders(email)).toHaveLength(0)

    await t.request('PUT', '/api/reminder-policy', { cookie: f.admin.cookie, body: defaults })
    const pauseAudit = await t.request('PATCH', `/api/audits/${auditId}`, {
      cookie: f.admin.cookie,
      body: { remindersPaused: true },
    })
    expect(pauseAudit.json()).toMatchObject({ remindersPaused: true })
    await scanAt(`${today}T09:02:00Z`)
    expect(reminders(email)).toHaveLength(0)

    await t.request('PATCH', `/api/audits/${auditId}`, {
      cookie: f.admin.cookie,
      body: { remindersPaused: false },
    })
    const pauseRequest = await t.request('PATCH', `/api/requests/${requests[0]!.id}`, {
      cookie: f.admin.cookie,
      body: { remindersPaused: true },
    })
    expect(pauseRequest.statusCode, pauseRequest.body).toBe(200)
    expect(pauseRequest.json()).toMatchObject({ remindersPaused: true, whoseMove: 'client' })
    await scanAt(`${today}T09:03:00Z`)
    expect(reminders(email)).toHaveLength(1)
    expect(reminders(email)[0]!.body).toContain(requests[1]!.title)
    expect(reminders(email)[0]!.body).not.toContain(requests[0]!.title)
  })

  it('nothing of a request the client has put to the firm, until the firm answers', async () => {
    const today = '2031-10-06'
    t.clock.set(new Date(`${today}T09:00:00Z`))
    const f = await firm()
    const { requests } = await sentRequests(f, [today, today])
    const [proposed, asked] = requests as [AuditRequest, AuditRequest]
    const email = f.client.user.email
    const put = (path: string, body: unknown, cookie = f.client.cookie) =>
      t.request('POST', path, { cookie, body })
    expect(
      (await put(`/api/requests/${proposed.id}/propose-not-applicable`, { reason: 'None' }))
        .statusCode,
    ).toBe(200)
    expect((await put(`/api/requests/${asked.id}/ask`, { question: 'Which?' })).statusCode).toBe(
      200,
    )
    await scanAt(`${today}T09:01:00Z`)
    expect(reminders(email)).toHaveLength(0)

    // The firm answers the question: the next day's reminder names it, not the proposal.
    await put(`/api/requests/${asked.id}/comments`, { body: 'The 2030 one' }, f.admin.cookie)
    await scanAt('2031-10-07T09:01:00Z')
    expect(reminders(email)).toHaveLength(1)
    expect(reminders(email)[0]!.body).toContain(asked.title)
    expect(reminders(email)[0]!.body).not.toContain(proposed.title)
  })

  it('two instances scanning at the same moment send one mail per recipient', async () => {
    const today = '2031-11-03'
    t.clock.set(new Date(`${today}T09:00:00Z`))
    const f = await firm()
    await sentRequests(f, [today, day(today, -1), day(today, 1)])
    const other = await buildApp({
      config: t.config,
      database: t.app.database,
      clock: t.clock,
      periodicJobs: false,
      logStream: { write: () => {} },
    })
    await other.ready()
    try {
      const results = await Promise.all([
        scanReminders(t.app),
        scanReminders(other),
        scanReminders(t.app),
      ])
      expect(results.reduce((sum, r) => sum + r.reminded, 0)).toBeGreaterThanOrEqual(1)
      await t.app.jobs.idle()
      expect(reminders(f.client.user.email)).toHaveLength(1)
    } finally {
      await other.close()
    }
  })

  it('a scan that fails half-way sends nothing and claims nothing; the next sends it once', async () => {
    const today = '2031-11-20'
    t.clock.set(new Date(`${today}T09:00:00Z`))
    const f = await firm()
    await sentRequests(f, [today])
    const send = t.app.mailer.send
    t.app.mailer.send = async () => {
      throw new Error('the process died here')
    }
    try {
      await expect(scanReminders(t.app)).rejects.toThrow('the process died here')
    } finally {
      t.app.mailer.send = send
    }
    const claimed = await selectRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from scheduled_mails where user_id = ${f.client.user.id}`,
    )
    expect(claimed[0]!.n).toBe(0)
    await scanAt(`${today}T09:10:00Z`)
    await scanAt(`${today}T09:20:00Z`)
    expect(reminders(f.client.user.email)).toHaveLength(1)
  })

  it('a client user moved to another client hears nothing more of the old client’s requests', async () => {
    // 2033-05-09 is a Monday: the day of the client's digest too.
    const today = '2033-05-09'
    t.clock.set(new Date(`${today}T08:00:00Z`))
    const f = await firm()
    await sentRequests(f, [today])
    const otherClient = await createClient(t, f.admin.cookie)
    const move = async (clientId: string) => {
      const res = await t.request('PATCH', `/api/users/${f.client.user.id}`, {
        cookie: f.admin.cookie,
        headers: { origin: APP_URL },
        body: { role: 'client', clientId },
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    await move(otherClient.id)
    await scanAt(`${today}T09:00:00Z`)
    expect(reminders(f.client.user.email)).toHaveLength(0)
    expect(
      t.smtp.to(f.client.user.email).filter((mail) => mail.subject.startsWith('Your week')),
    ).toHaveLength(0)
    // Back with the request's client: reminded at the next point.
    await move(f.project.clientId)
    await scanAt(`${day(today, 1)}T09:00:00Z`)
    expect(reminders(f.client.user.email)).toHaveLength(1)
  })

  it('escalates a long-overdue request to the audit’s lead, once', async () => {
    const today = '2031-12-15'
    t.clock.set(new Date(`${today}T09:00:00Z`))
    const f = await firm({ escalateAfterDays: 7 })
    const { requests } = await sentRequests(f, [day(today, -7), day(today, -6)])
    await scanAt(`${today}T09:01:00Z`)
    const lead = t.smtp.to(f.admin.account.email).filter((m) => m.subject.includes('long overdue'))
    expect(lead).toHaveLength(1)
    expect(lead[0]!.subject).toBe('1 request long overdue on your audits')
    expect(lead[0]!.body).toContain(requests[0]!.title)
    expect(lead[0]!.body).toContain('assigned to Clara Client')
    expect(lead[0]!.body).not.toContain(requests[1]!.title)
    await scanAt(`${day(today, 1)}T09:01:00Z`)
    const after = t.smtp.to(f.admin.account.email).filter((m) => m.subject.includes('long overdue'))
    expect(after).toHaveLength(2)
    expect(after[1]!.body).toContain(requests[1]!.title)
    expect(after[1]!.body).not.toContain(requests[0]!.title)
  })

  it('a new due date starts the series again', async () => {
    const today = '2032-01-10'
    t.clock.set(new Date(`${today}T09:00:00Z`))
    const f = await firm()
    const { requests } = await sentRequests(f, [today])
    await scanAt(`${today}T09:01:00Z`)
    const [row] = await selectRows<{ stage: number | null }>(
      t.app.db,
      sql`select reminder_stage as stage from audit_requests where id = ${requests[0]!.id}`,
    )
    expect(row!.stage).toBe(0)
    await t.request('PATCH', `/api/requests/${requests[0]!.id}`, {
      cookie: f.admin.cookie,
      body: { dueDate: day(today, 3) },
    })
    const [reset] = await selectRows<{ stage: number | null }>(
      t.app.db,
      sql`select reminder_stage as stage from audit_requests where id = ${requests[0]!.id}`,
    )
    expect(reset!.stage).toBeNull()
  })
})

describe('one-click unsubscribe', () => {
  it('the mail’s List-Unsubscribe address turns reminders off without sign-in, from any site', async () => {
    const today = '2032-02-02'
    t.clock.set(new Date(`${today}T09:00:00Z`))
    const f = await firm()
    await sentRequests(f, [today])
    await scanAt(`${today}T09:01:00Z`)
    const [mail] = reminders(f.client.user.email)
    const address = /^List-Unsubscribe:\s+<([^>]+)>/m.exec(mail!.raw)![1]!
    const url = address.replace(APP_URL, '')
    // The token exactly: one with a part more is not ours.
    expectError(await t.app.inject({ method: 'POST', url: `${url}.x` }), 400, 'INVALID_TOKEN')
    expectError(await t.app.inject({ method: 'POST', url: `${url}%2Ex` }), 400, 'INVALID_TOKEN')

    // Opened in a browser (or by a mail scanner): nothing changes, the page asks.
    const opened = await t.app.inject({ method: 'GET', url })
    expect(opened.statusCode).toBe(303)
    expect(opened.headers.location).toBe(url.replace('/api/unsubscribe', '/unsubscribe'))
    expect(
      (await t.request('GET', '/api/notification-preferences', { cookie: f.client.cookie })).json(),
    ).toMatchObject({ reminders: { email: true } })

    const res = await t.app.inject({
      method: 'POST',
      url,
      payload: 'List-Unsubscribe=One-Click',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example.net',
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().message).toContain('You will no longer receive these e-mails')
    const prefs = await t.request('GET', '/api/notification-preferences', {
      cookie: f.client.cookie,
    })
    expect(prefs.json()).toMatchObject({ reminders: { email: false, inApp: true } })

    // Twice is fine; the next day's point sends nothing.
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(200)
    await sentRequests(f, [day(today, 1)])
    await scanAt(`${day(today, 1)}T09:01:00Z`)
    expect(reminders(f.client.user.email)).toHaveLength(1)
  })

  it('a forged or mangled token → 400 and nothing changes', async () => {
    const admin = await signedInAdmin(t)
    for (const token of [
      'x',
      `${admin.user.id}.reminders.forged`,
      `${admin.user.id}.nonsense.abc`,
      `${MISSING_ID}.reminders.${'A'.repeat(43)}`,
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/unsubscribe?token=${encodeURIComponent(token)}`,
      })
      expectError(res, 400, 'INVALID_TOKEN')
    }
    expectValidation(await t.app.inject({ method: 'POST', url: '/api/unsubscribe' }), ['token'])
    const prefs = await t.request('GET', '/api/notification-preferences', { cookie: admin.cookie })
    expect(prefs.json()).toMatchObject({ reminders: { email: true } })
  })
})

describe('Remind now', () => {
  it('mails the assignee their open requests of the audit, then not again within the hour (429 with when)', async () => {
    t.clock.set(new Date('2032-03-01T10:00:00Z'))
    const f = await firm()
    const { auditId, requests } = await sentRequests(f, ['2032-02-20', '2032-03-10'])
    const email = f.client.user.email
    const before = t.smtp.to(email).length

    const res = await t.request('POST', `/api/requests/${requests[0]!.id}/remind`, {
      cookie: f.admin.cookie,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({
      reminded: [{ id: f.client.user.id, name: 'Clara Client' }],
      notYet: [],
    })
    const mails = t.smtp.to(email).slice(before)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toMatch(/^.+: .+ reminds you of 2 open requests for Audit .+ \(.+\)$/)
    expect(mails[0]!.body).toContain('overdue by 10 days (due Feb 20, 2032)')
    expect(mails[0]!.body).toContain('due in 9 days (Mar 10, 2032)')

    const again = await t.request('POST', `/api/audits/${auditId}/remind`, {
      cookie: f.admin.cookie,
    })
    expectError(again, 429, 'RATE_LIMITED')
    expect(again.json().message).toContain('Clara Client was reminded less than an hour ago')
    expect(again.json().message).toContain('Mar 1, 2032, 11:00 AM (UTC)')
    expect(Number(again.headers['retry-after'])).toBe(3600)
    expect(t.smtp.to(email).slice(before)).toHaveLength(1)

    t.clock.advance(60 * 60 * 1000 + 1000)
    const later = await t.request('POST', `/api/audits/${auditId}/remind`, {
      cookie: f.admin.cookie,
    })
    expect(later.statusCode, later.body).toBe(200)
    expect(t.smtp.to(email).slice(before)).toHaveLength(2)
  })

  it('an audit reminds each assignee once and says who is not due yet', async () => {
    t.clock.set(new Date('2032-04-01T10:00:00Z'))
    const f = await firm()
    const second = await signedInClientUser(t, f.companyId, f.project.clientId)
    const audit = await createAudit(t, f.admin.cookie, { projectId: f.project.id })
    for (const assigneeId of [f.client.user.id, second.user.id, second.user.id])
      await t.request('POST', `/api/audits/${audit.id}/requests`, {
        cookie: f.admin.cookie,
        body: { title: 'Ledger', assigneeId },
      })
    await t.request('POST', `/api/audits/${audit.id}/send`, { cookie: f.admin.cookie, body: {} })
    const first = await t.request('POST', `/api/audits/${audit.id}/remind`, {
      cookie: f.admin.cookie,
    })
    expect(first.json().reminded).toHaveLength(2)
    expect(
      t.smtp.to(second.user.email).filter((m) => m.subject.includes('2 open requests')),
    ).toHaveLength(1)
  })

  it('refuses what cannot be reminded: drafts, another company’s ids, client users', async () => {
    const f = await firm()
    const other = await signedInAdmin(t)
    const audit = await createAudit(t, f.admin.cookie, { projectId: f.project.id })
    const draft = await t.request('POST', `/api/audits/${audit.id}/requests`, {
      cookie: f.admin.cookie,
      body: { title: 'Draft', assigneeId: f.client.user.id },
    })
    const id = draft.json<AuditRequest>().id
    expectError(
      await t.request('POST', `/api/requests/${id}/remind`, { cookie: f.admin.cookie }),
      409,
      'CONFLICT',
    )
    expectError(
      await t.request('POST', `/api/audits/${audit.id}/remind`, { cookie: f.admin.cookie }),
      409,
      'CONFLICT',
    )
    expectError(
      await t.request('POST', `/api/requests/${id}/remind`, { cookie: other.cookie }),
      404,
      'NOT_FOUND',
    )
    expectError(
      await t.request('POST', `/api/audits/${audit.id}/remind`, { cookie: other.cookie }),
      404,
      'NOT_FOUND',
    )
    expectError(
      await t.request('POST', `/api/requests/${id}/remind`, { cookie: f.client.cookie }),
      403,
      'FORBIDDEN',
    )
    expectError(
      await t.request('POST', `/api/requests/not-an-id/remind`, { cookie: f.admin.cookie }),
      400,
      'VALIDATION',
    )
  })
})

describe('notification preferences', () => {
  it('everything on by default; a change keeps the rest; bad input → 400', async () => {
    const admin = await signedInAdmin(t)
    const read = await t.request('GET', '/api/notification-preferences', { cookie: admin.cookie })
    expect(read.json()).toMatchObject({
      submitted: { inApp: true, email: true },
      digest: { inApp: true, email: true },
    })
    const patch = await t.request('PATCH', '/api/notification-preferences', {
      cookie: admin.cookie,
      body: { submitted: { email: false }, digest: { email: false, inApp: false } },
    })
    expect(patch.statusCode, patch.body).toBe(200)
    expect(patch.json()).toMatchObject({
      submitted: { inApp: true, email: false },
      digest: { inApp: false, email: false },
      comment: { inApp: true, email: true },
    })
    for (const body of [
      { nonsense: {} },
      { submitted: { email: 'no' } },
      { submitted: { sms: true } },
      [],
    ]) {
      const res = await t.request('PATCH', '/api/notification-preferences', {
        cookie: admin.cookie,
        body,
      })
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
    }
    const after = await t.request('GET', '/api/notification-preferences', { cookie: admin.cookie })
    expect(after.json()).toEqual(patch.json())
    expectError(await t.request('GET', '/api/notification-preferences'), 401, 'UNAUTHENTICATED')
  })
})

describe('digests', () => {
  const digests = (email: string, prefix: string) =>
    t.smtp.to(email).filter((mail) => mail.subject.startsWith(prefix))

  it('client users: on Mondays, their open requests, once; off in their settings', async () => {
    // 2032-05-10 is a Monday.
    t.clock.set(new Date('2032-05-08T09:00:00Z'))
    const f = await firm({ enabled: false })
    const muted = await signedInClientUser(t, f.companyId, f.project.clientId)
    const audit = await createAudit(t, f.admin.cookie, { projectId: f.project.id })
    for (const [title, assigneeId] of [
      ['Ledger', f.client.user.id],
      ['Payroll', f.client.user.id],
      ['Leases', muted.user.id],
    ] as const)
      await t.request('POST', `/api/audits/${audit.id}/requests`, {
        cookie: f.admin.cookie,
        body: { title, assigneeId, dueDate: '2032-05-20' },
      })
    await t.request('POST', `/api/audits/${audit.id}/send`, { cookie: f.admin.cookie, body: {} })
    await t.request('PATCH', '/api/notification-preferences', {
      cookie: muted.cookie,
      body: { digest: { email: false } },
    })

    await scanAt('2032-05-09T09:00:00Z') // Sunday
    expect(digests(f.client.user.email, 'Your week')).toHaveLength(0)
    await scanAt('2032-05-10T09:00:00Z')
    await scanAt('2032-05-10T12:00:00Z')
    const [mail, ...more] = digests(f.client.user.email, 'Your week')
    expect(more).toHaveLength(0)
    expect(mail!.subject).toBe('Your week: 2 open requests')
    expect(mail!.body).toContain('Ledger: due in 10 days (May 20, 2032)')
    expect(mail!.raw).toMatch(/^List-Unsubscribe:\s+<http:\/\/app\.test\/api\/unsubscribe/m)
    expect(digests(muted.user.email, 'Your week')).toHaveLength(0)
    await scanAt('2032-05-11T09:00:00Z')
    expect(digests(f.client.user.email, 'Your week')).toHaveLength(1)
  })

  it('the firm’s people: every day, the answers waiting for review on their audits', async () => {
    t.clock.set(new Date('2032-06-01T09:00:00Z'))
    const f = await firm()
    const offTeam = await signedInStaff(t, f.companyId)
    const { requests } = await sentRequests(f, ['2032-06-30'])
    const submitted = await t.request('POST', `/api/requests/${requests[0]!.id}/submit`, {
      cookie: f.client.cookie,
      body: { response: 'Attached' },
    })
    expect(submitted.statusCode, submitted.body).toBe(200)
    await scanAt('2032-06-01T09:05:00Z')
    const [mail] = digests(f.admin.account.email, '1 answer waiting for your review')
    expect(mail!.body).toContain(requests[0]!.title)
    expect(t.smtp.to(offTeam.user.email)).toHaveLength(0)
    await scanAt('2032-06-02T09:05:00Z')
    expect(digests(f.admin.account.email, '1 answer waiting')).toHaveLength(2)
  })
})

describe('the company’s date format', () => {
  it('day-first: the sent mail, the reminder, the escalation and both digests give dates day first', async () => {
    // 2033-01-10 is a Monday: the client's weekly digest goes out with the day's reminders.
    t.clock.set(new Date('2033-01-10T08:00:00Z'))
    const f = await firm({ escalateAfterDays: 1 })
    const switched = await t.request('PATCH', '/api/organization', {
      cookie: f.admin.cookie,
      body: { dateFormat: 'day-first' },
    })
    expect(switched.statusCode, switched.body).toBe(200)
    const { requests } = await sentRequests(f, ['2033-01-08', '2033-01-20', '2033-01-25'])
    const submitted = await t.request('POST', `/api/requests/${requests[2]!.id}/submit`, {
      cookie: f.client.cookie,
      body: { response: 'Attached' },
    })
    expect(submitted.statusCode, submitted.body).toBe(200)
    await t.app.jobs.idle()
    const client = f.client.user.email
    const admin = f.admin.account.email
    const [sent] = t.smtp.to(client).filter((mail) => mail.subject.includes('new requests'))
    expect(sent!.body).toContain('(due 8 Jan 2033, already overdue)')
    expect(sent!.body).toContain('(due 20 Jan 2033)')

    await scanAt('2033-01-10T09:00:00Z')
    const [reminder] = reminders(client)
    expect(reminder!.body).toContain('overdue by 2 days (due 8 Jan 2033)')
    const [escalation] = t.smtp.to(admin).filter((mail) => mail.subject.includes('long overdue'))
    expect(escalation!.body).toContain('overdue by 2 days (due 8 Jan 2033)')
    const [weekly] = t.smtp.to(client).filter((mail) => mail.subject.startsWith('Your week'))
    expect(weekly!.body).toContain('overdue by 2 days (due 8 Jan 2033)')
    expect(weekly!.body).toContain('due in 10 days (20 Jan 2033)')
    const [review] = t.smtp.to(admin).filter((mail) => mail.subject.includes('for your review'))
    expect(review!.body).toContain('due in 15 days (25 Jan 2033)')
    for (const mail of [sent, reminder, escalation, weekly, review])
      expect(mail!.body).not.toMatch(/Jan \d{1,2}, 2033/)
  })
})
