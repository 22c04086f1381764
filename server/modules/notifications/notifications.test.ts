import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Notification, NotificationPage } from '@shared/schemas/reminders'
import type { AuditRequest } from '@shared/schemas/requests'
import {
  createAudit,
  createProject,
  expectError,
  expectValidation,
  invitedUser,
  signedInClientUser,
  signedInStaff,
  uploadFiles,
} from '../../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness'
import { sendEventMail } from './event-mail'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ env: { EVENT_MAIL_DELAY_SECONDS: '0' } })
})
afterAll(async () => {
  await t?.close()
})

/** A firm (its admin leads the audits it creates), a client user, and one sent request. */
async function scene() {
  const admin = await signedInAdmin(t)
  const project = await createProject(t, admin.cookie)
  const client = await signedInClientUser(t, admin.user.company.id, project.clientId)
  const audit = await createAudit(t, admin.cookie, { projectId: project.id })
  const created = await t.request('POST', `/api/audits/${audit.id}/requests`, {
    cookie: admin.cookie,
    body: { title: 'Bank statements', assigneeId: client.user.id, responseRequired: true },
  })
  const request = created.json<AuditRequest>()
  await t.request('POST', `/api/audits/${audit.id}/send`, { cookie: admin.cookie, body: {} })
  return { admin, client, audit, request, project }
}

const bell = async (cookie: string, query = '') => {
  const res = await t.request('GET', `/api/notifications${query}`, { cookie })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<NotificationPage>()
}

const submit = (cookie: string, id: string, response = 'Here they are') =>
  t.request('POST', `/api/requests/${id}/submit`, { cookie, body: { response } })

const eventMails = (email: string) =>
  t.smtp
    .to(email)
    .filter((mail) => !/^(Verify|Reset|Reminder|.*invited you|.*new request)/.test(mail.subject))

describe('what the bell shows', () => {
  it('a submission tells the audit’s lead (not the client who did it), by bell and mail', async () => {
    const s = await scene()
    expect((await submit(s.client.cookie, s.request.id)).statusCode).toBe(200)
    const lead = await bell(s.admin.cookie)
    expect(lead.unreadCount).toBe(1)
    expect(lead.items[0]).toMatchObject({
      kind: 'submitted',
      title: 'Clara Client submitted #1 Bank statements for review',
      url: `/requests/${s.request.id}`,
      readAt: null,
    })
    expect((await bell(s.client.cookie)).items).toHaveLength(0)
    const [mail] = eventMails(s.admin.account.email)
    expect(mail!.subject).toBe('Clara Client submitted #1 Bank statements for review')
    expect(mail!.body).toContain(`http://app.test/requests/${s.request.id}`)
    expect(mail!.body).toMatch(/\(\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M \(UTC\)\)/)
  })

  it('a return tells the assignee, with its reason; an acceptance too (bell only)', async () => {
    const s = await scene()
    await submit(s.client.cookie, s.request.id)
    const returned = await t.request('POST', `/api/requests/${s.request.id}/return`, {
      cookie: s.admin.cookie,
      body: { reason: 'Page 3 is missing' },
    })
    expect(returned.statusCode, returned.body).toBe(200)
    const client = await bell(s.client.cookie)
    expect(client.items[0]).toMatchObject({ kind: 'returned', body: 'Page 3 is missing' })
    const [mail] = eventMails(s.client.user.email)
    expect(mail!.body).toContain('Page 3 is missing')

    await submit(s.client.cookie, s.request.id)
    await t.request('POST', `/api/requests/${s.request.id}/accept`, { cookie: s.admin.cookie })
    expect((await bell(s.client.cookie)).items[0]).toMatchObject({ kind: 'accepted' })
  })

  it('comments reach the other side and those taking part; internal notes never a client user', async () => {
    const s = await scene()
    const staff = await signedInStaff(t, s.admin.user.company.id)
    const colleague = await signedInClientUser(t, s.admin.user.company.id, s.project.clientId)
    const comment = (cookie: string, body: string, internal = false) =>
      t.request('POST', `/api/requests/${s.request.id}/comments`, {
        cookie,
        body: { body, internal },
      })
    expect((await comment(s.client.cookie, 'Which year?')).statusCode).toBe(201)
    expect((await bell(s.admin.cookie)).items[0]).toMatchObject({
      kind: 'comment',
      title: 'Clara Client wrote a comment on #1 Bank statements',
      body: 'Which year?',
    })
    expect((await comment(s.admin.cookie, 'Secret: we suspect fraud', true)).statusCode).toBe(201)
    expect((await comment(staff.cookie, 'Agreed, internally', true)).statusCode).toBe(201)
    const clientItems = (await bell(s.client.cookie)).items
    expect(clientItems.map((item) => item.body).join(' ')).not.toContain('fraud')
    expect(clientItems.map((item) => item.body).join(' ')).not.toContain('internally')
    // The lead heard of the staff member's note.
    expect((await bell(s.admin.cookie)).items[0]).toMatchObject({
      title: 'Sam Staff wrote an internal note on #1 Bank statements',
    })
    expect(
      eventMails(s.client.user.email)
        .map((mail) => mail.body)
        .join(' '),
    ).not.toContain('fraud')
    // A reply from the firm reaches the assignee; a colleague who never took part hears nothing.
    await comment(s.admin.cookie, '2025, please')
    expect((await bell(s.client.cookie)).items[0]).toMatchObject({ body: '2025, please' })
    expect((await bell(colleague.cookie)).items).toHaveLength(0)
  })

  it('@mentions: of the firm’s people on the audit and one’s own colleagues; nobody else', async () => {
    const s = await scene()
    const offTeam = await signedInStaff(t, s.admin.user.company.id)
    const colleague = await signedInClientUser(t, s.admin.user.company.id, s.project.clientId)
    const stranger = await signedInClientUser(t, s.admin.user.company.id)
    const other = await signedInAdmin(t, { firstName: 'Ada', lastName: 'Lovelace' })
    const body = `@Ada Lovelace and @Clara Client and @Sam Staff, please look`
    const res = await t.request('POST', `/api/requests/${s.request.id}/comments`, {
      cookie: s.client.cookie,
      body: { body, internal: false },
    })
    expect(res.statusCode, res.body).toBe(201)
    // The lead (Ada Lovelace, on the audit) as a mention; the colleague (also Clara Client) too.
    expect((await bell(s.admin.cookie)).items[0]).toMatchObject({ kind: 'mention' })
    expect((await bell(colleague.cookie)).items[0]).toMatchObject({
      kind: 'mention',
      title: 'Clara Client mentioned you on #1 Bank statements',
    })
    // Not on the audit, another client, another company: nothing.
    expect((await bell(offTeam.cookie)).items).toHaveLength(0)
    expect((await bell(stranger.cookie)).items).toHaveLength(0)
    expect((await bell(other.cookie)).items).toHaveLength(0)

    // The firm mentions the firm's people, on the audit or not.
    await t.request('POST', `/api/requests/${s.request.id}/comments`, {
      cookie: s.admin.cookie,
      body: { body: 'Over to you @sam staff.', internal: true },
    })
    expect((await bell(offTeam.cookie)).items[0]).toMatchObject({ kind: 'mention' })
  })

  it('an accepted invitation tells who sent it', async () => {
    const admin = await signedInAdmin(t)
    await invitedUser(t, admin.cookie, { role: 'staff' })
    expect((await bell(admin.cookie)).items[0]).toMatchObject({
      kind: 'invitation_accepted',
      title: 'Ivy Invitee accepted your invitation and joined as a staff member',
      url: '/admin',
    })
  })
})

describe('reading the bell', () => {
  it('pages newest first; marks some or all read; others’ ids change nothing', async () => {
    const s = await scene()
    for (let i = 0; i < 5; i++)
      await t.request('POST', `/api/requests/${s.request.id}/comments`, {
        cookie: s.client.cookie,
        body: { body: `Comment ${i}`, internal: false },
      })
    const first = await bell(s.admin.cookie, '?limit=2')
    expect(first.items.map((item) => item.body)).toEqual(['Comment 4', 'Comment 3'])
    expect(first.unreadCount).toBe(5)
    const second = await bell(s.admin.cookie, `?limit=2&cursor=${first.nextCursor}`)
    expect(second.items.map((item) => item.body)).toEqual(['Comment 2', 'Comment 1'])
    const last = await bell(s.admin.cookie, `?limit=2&cursor=${second.nextCursor}`)
    expect(last.items.map((item) => item.body)).toEqual(['Comment 0'])
    expect(last.nextCursor).toBeNull()

    const someoneElse = await signedInAdmin(t)
    const theirs = await t.request('POST', '/api/notifications/read', {
      cookie: someoneElse.cookie,
      body: { ids: first.items.map((item) => item.id) },
    })
    expect(theirs.json()).toEqual({ unreadCount: 0 })
    expect((await bell(s.admin.cookie)).unreadCount).toBe(5)

    const some = await t.request('POST', '/api/notifications/read', {
      cookie: s.admin.cookie,
      body: { ids: first.items.map((item) => item.id) },
    })
    expect(some.json()).toEqual({ unreadCount: 3 })
    const after = await bell(s.admin.cookie)
    expect(after.items.filter((item: Notification) => item.readAt !== null)).toHaveLength(2)
    const all = await t.request('POST', '/api/notifications/read', {
      cookie: s.admin.cookie,
      body: {},
    })
    expect(all.json()).toEqual({ unreadCount: 0 })
  })

  it('bad input → 400; no session → 401', async () => {
    const admin = await signedInAdmin(t)
    expectValidation(
      await t.request('GET', '/api/notifications?limit=0', { cookie: admin.cookie }),
      ['limit'],
    )
    expectValidation(
      await t.request('GET', '/api/notifications?limit=abc', { cookie: admin.cookie }),
      ['limit'],
    )
    expectValidation(
      await t.request('GET', '/api/notifications?sort=up', { cookie: admin.cookie }),
      ['sort'],
    )
    const bad = await t.request('GET', '/api/notifications?cursor=garbage', {
      cookie: admin.cookie,
    })
    expect(bad.statusCode).toBe(400)
    for (const body of [{ ids: ['nope'] }, { ids: 'all' }, { ids: [], extra: 1 }])
      expect(
        (await t.request('POST', '/api/notifications/read', { cookie: admin.cookie, body }))
          .statusCode,
      ).toBe(400)
    expectError(await t.request('GET', '/api/notifications'), 401, 'UNAUTHENTICATED')
  })

  it('follows the user’s preferences: off in the app, off by e-mail', async () => {
    const s = await scene()
    await t.request('PATCH', '/api/notification-preferences', {
      cookie: s.admin.cookie,
      body: { submitted: { inApp: false, email: false }, comment: { email: false } },
    })
    await submit(s.client.cookie, s.request.id)
    await t.request('POST', `/api/requests/${s.request.id}/comments`, {
      cookie: s.client.cookie,
      body: { body: 'Done', internal: false },
    })
    const items = (await bell(s.admin.cookie)).items
    expect(items.map((item) => item.kind)).toEqual(['comment'])
    expect(eventMails(s.admin.account.email)).toHaveLength(0)
  })
})

describe('event mails', () => {
  it('at most one per recipient per ten minutes; what happens meanwhile goes in the next', async () => {
    const s = await scene()
    const email = s.client.user.email
    const comment = (body: string) =>
      t.request('POST', `/api/requests/${s.request.id}/comments`, {
        cookie: s.admin.cookie,
        body: { body, internal: false },
      })
    await comment('First question')
    await expect.poll(() => eventMails(email).length).toBe(1)
    await comment('Second question')
    await comment('Third question')
    await t.app.jobs.idle()
    expect(eventMails(email)).toHaveLength(1)

    // Ten minutes on (the job queued itself for then): both in one mail.
    t.clock.advance(10 * 60 * 1000 + 1000)
    expect(await sendEventMail(t.app, s.client.user.id)).toBe('sent')
    await t.app.jobs.idle()
    const mails = eventMails(email)
    expect(mails).toHaveLength(2)
    expect(mails[1]!.subject).toBe('2 updates on your requests')
    expect(mails[1]!.body).toContain('Second question')
    expect(mails[1]!.body).toContain('Third question')
    expect(mails[1]!.body).not.toContain('First question')
    expect(await sendEventMail(t.app, s.client.user.id)).toBe('later')
  })

  it('each event’s time reads in the company’s date order (day-first after the switch)', async () => {
    const s = await scene()
    const switched = await t.request('PATCH', '/api/organization', {
      cookie: s.admin.cookie,
      body: { dateFormat: 'day-first' },
    })
    expect(switched.statusCode, switched.body).toBe(200)
    await t.request('POST', `/api/requests/${s.request.id}/comments`, {
      cookie: s.admin.cookie,
      body: { body: 'Which account?', internal: false },
    })
    await expect.poll(() => eventMails(s.client.user.email).length).toBe(1)
    const [mail] = eventMails(s.client.user.email)
    // The capture decodes the text byte by byte: the curly quotes stay out of the match.
    expect(mail!.body).toMatch(
      /comment on .+ \(\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2}\s[AP]M \(UTC\)\): .+Which account\?/,
    )
  })

  it('an upload by the client changes nothing for the bell', async () => {
    const s = await scene()
    const before = (await bell(s.admin.cookie)).items.length
    await uploadFiles(t, s.client.cookie, s.request.id, [
      { name: 'a.pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n'), type: 'application/pdf' },
    ])
    expect((await bell(s.admin.cookie)).items).toHaveLength(before)
  })
})
