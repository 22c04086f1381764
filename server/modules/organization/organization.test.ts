import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMPANY_SIZES, INDUSTRIES } from '@shared/constants'
import type { CurrentUser } from '@shared/schemas/auth'
import type { Dashboard } from '@shared/schemas/dashboard'
import type { Organization } from '@shared/schemas/organization'
import { organizations } from '../../db/schema'
import {
  createAudit,
  createProject,
  expectError,
  expectIsoTimestamp,
  expectValidation,
  MISSING_ID,
  signedInClientUser,
} from '../../test/factories'
import {
  createTestApp,
  newAccount,
  signedInAdmin,
  solveCaptcha,
  type TestApp,
} from '../../test/harness'

let t: TestApp
let a: Awaited<ReturnType<typeof signedInAdmin>>
let b: Awaited<ReturnType<typeof signedInAdmin>>
beforeAll(async () => {
  t = await createTestApp()
  a = await signedInAdmin(t)
  b = await signedInAdmin(t)
})
afterAll(async () => t?.close())

const get = (cookie?: string) => t.request('GET', '/api/organization', { cookie })
const patchAs = (cookie: string | undefined, body: unknown) =>
  t.request('PATCH', '/api/organization', { cookie, body })
const patch = (body: unknown) => patchAs(a.cookie, body)
const read = async (cookie = a.cookie) => {
  const res = await get(cookie)
  expect(res.statusCode, res.body).toBe(200)
  return res.json<Organization>()
}

describe('GET /api/organization', () => {
  it('the caller’s company as registered', async () => {
    const company = await read()
    expect(Object.keys(company).sort()).toEqual(
      [
        'createdAt',
        'dateFormat',
        'id',
        'industry',
        'name',
        'phone',
        'size',
        'timeZone',
        'updatedAt',
      ].sort(),
    )
    expect(company).toMatchObject({
      timeZone: 'UTC',
      dateFormat: 'month-first',
      id: a.user.company.id,
      name: a.account.companyName,
      industry: a.account.companyIndustry,
      size: a.account.companySize,
      phone: a.account.companyPhone,
    })
    expectIsoTimestamp(company.createdAt)
    expect((await read(b.cookie)).id).toBe(b.user.company.id)
  })

  it('a company registered from a day-first browser starts day first', async () => {
    const dayFirst = await signedInAdmin(t, { dateFormat: 'day-first', timeZone: 'Europe/London' })
    expect(await read(dayFirst.cookie)).toMatchObject({
      dateFormat: 'day-first',
      timeZone: 'Europe/London',
    })
    const refused = await t.request('POST', '/api/auth/register', {
      body: { ...newAccount(), dateFormat: 'year-first', captchaToken: await solveCaptcha(t) },
    })
    expectValidation(refused, ['dateFormat'])
  })
})

describe('PATCH /api/organization', () => {
  it('changes only the fields sent; the header’s company name follows at once; B is untouched', async () => {
    const before = await read()
    const theirs = await read(b.cookie)
    t.clock.advance(60_000)
    const res = await patch({ name: '  Renamed Audit LLP ', phone: ' +44 20 7946 0000 ' })
    expect(res.statusCode, res.body).toBe(200)
    const updated = res.json<Organization>()
    expect(updated).toEqual({
      ...before,
      name: 'Renamed Audit LLP',
      phone: '+44 20 7946 0000',
      updatedAt: updated.updatedAt,
    })
    expect(new Date(updated.updatedAt).getTime()).toBeGreaterThan(
      new Date(before.updatedAt).getTime(),
    )
    expect(await read()).toEqual(updated)
    const me = await t.request('GET', '/api/auth/me', { cookie: a.cookie })
    expect(me.json<CurrentUser>().company.name).toBe('Renamed Audit LLP')

    for (const industry of INDUSTRIES) {
      expect((await patch({ industry })).json<Organization>().industry).toBe(industry)
    }
    for (const size of COMPANY_SIZES) {
      expect((await patch({ size })).json<Organization>().size).toBe(size)
    }
    expect(await read(b.cookie)).toEqual(theirs)
  })

  it('an empty body changes nothing and records nothing', async () => {
    const before = await read()
    const events = (
      await t.request('GET', '/api/dashboard', { cookie: a.cookie })
    ).json<Dashboard>().recentActivity
    const res = await patch({})
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual(before)
    expect(
      (await t.request('GET', '/api/dashboard', { cookie: a.cookie })).json<Dashboard>()
        .recentActivity,
    ).toEqual(events)
  })

  it('records the change in the activity log', async () => {
    await patch({ name: 'Logged Name Ltd' })
    const [event] = (
      await t.request('GET', '/api/dashboard', { cookie: a.cookie })
    ).json<Dashboard>().recentActivity
    expect(event).toMatchObject({
      actor: 'Ada Lovelace',
      action: 'organization.updated',
      target: 'Logged Name Ltd',
    })
  })

  it('bad values and unknown fields → 400 naming the field; nothing changes', async () => {
    const before = await read()
    expectValidation(await patch({ name: '' }), ['name'])
    expectValidation(await patch({ name: '   ' }), ['name'])
    expectValidation(await patch({ name: null }), ['name'])
    expectValidation(await patch({ name: 42 }), ['name'])
    expectValidation(await patch({ name: 'x'.repeat(201) }), ['name'])
    expectValidation(await patch({ name: 'Nul\u0000Co' }), ['name'])
    expectValidation(await patch({ phone: '' }), ['phone'])
    expectValidation(await patch({ phone: 'x'.repeat(51) }), ['phone'])
    expectValidation(await patch({ industry: 'Finance' }), ['industry'])
    expectValidation(await patch({ industry: 'technology' }), ['industry'])
    expectValidation(await patch({ size: '10' }), ['size'])
    expectValidation(await patch({ size: null }), ['size'])
    for (const extra of [
      { id: MISSING_ID },
      { createdAt: '2020-01-01T00:00:00.000Z' },
      { companyName: 'Registration field' },
      { plan: 'enterprise' },
    ]) {
      expectValidation(await patch({ name: 'Fine', ...extra }), Object.keys(extra))
    }
    expectValidation(await patch([]), [])
    expectValidation(
      await t.request('PATCH', '/api/organization', {
        cookie: a.cookie,
        body: '"text"',
        headers: { 'content-type': 'application/json' },
      }),
      [],
    )
    expect(await read()).toEqual(before)
    const [row] = await t.app.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, a.user.company.id))
    expect(row!.name).toBe(before.name)
  })
})

describe('roles', () => {
  it('a client-role user → 403 on GET and PATCH (checked before the body); the company is unchanged', async () => {
    const before = await read()
    const member = await signedInClientUser(t, a.user.company.id)
    expectError(await get(member.cookie), 403, 'FORBIDDEN')
    expectError(await patchAs(member.cookie, { name: 'By a client' }), 403, 'FORBIDDEN')
    expectError(await patchAs(member.cookie, { name: '' }), 403, 'FORBIDDEN')
    expect(await read()).toEqual(before)
  })

  it('no session → 401', async () => {
    for (const cookie of [undefined, 'session=forged']) {
      expectError(await get(cookie), 401, 'UNAUTHENTICATED')
      expectError(await patchAs(cookie, { name: 'Anon' }), 401, 'UNAUTHENTICATED')
    }
  })
})

describe('the date format', () => {
  const me = async (cookie: string) => {
    const res = await t.request('GET', '/api/auth/me', { cookie })
    expect(res.statusCode, res.body).toBe(200)
    return res.json<CurrentUser>()
  }

  it('month-first until an admin switches it; it persists, /api/auth/me follows; other companies keep theirs', async () => {
    const c = await signedInAdmin(t)
    const member = await signedInClientUser(t, c.user.company.id)
    expect((await read(c.cookie)).dateFormat).toBe('month-first')
    expect((await me(c.cookie)).company.dateFormat).toBe('month-first')

    const before = await read(c.cookie)
    t.clock.advance(60_000)
    const res = await patchAs(c.cookie, { dateFormat: 'day-first' })
    expect(res.statusCode, res.body).toBe(200)
    const updated = res.json<Organization>()
    expect(updated).toEqual({ ...before, dateFormat: 'day-first', updatedAt: updated.updatedAt })
    expect(await read(c.cookie)).toEqual(updated)
    const [row] = await t.app.db
      .select({ dateFormat: organizations.dateFormat })
      .from(organizations)
      .where(eq(organizations.id, c.user.company.id))
    expect(row!.dateFormat).toBe('day-first')
    // Everyone of the company reads it (the interface's dates follow it), not only its admins.
    expect((await me(c.cookie)).company).toEqual({
      id: c.user.company.id,
      name: before.name,
      dateFormat: 'day-first',
    })
    expect((await me(member.cookie)).company.dateFormat).toBe('day-first')
    expect((await me(a.cookie)).company.dateFormat).toBe('month-first')
    expect((await read(b.cookie)).dateFormat).toBe('month-first')

    // Alongside other fields, and back.
    const both = await patchAs(c.cookie, { timeZone: 'Europe/Berlin', dateFormat: 'month-first' })
    expect(both.json<Organization>()).toMatchObject({
      timeZone: 'Europe/Berlin',
      dateFormat: 'month-first',
    })
    expect((await me(c.cookie)).company.dateFormat).toBe('month-first')
  })

  it('anything but month-first or day-first, or an unknown field → 400 naming it; nothing changes', async () => {
    const c = await signedInAdmin(t)
    expect((await patchAs(c.cookie, { dateFormat: 'day-first' })).statusCode).toBe(200)
    const before = await read(c.cookie)
    const wrong = [42, null, true, ['day-first'], { order: 'day-first' }] as unknown[]
    const unknown = ['dd/mm/yyyy', 'DD MMM YYYY', 'Day-First', ' month-first', 'day first', '']
    for (const dateFormat of [...wrong, ...unknown]) {
      const body = expectValidation(await patchAs(c.cookie, { dateFormat }), ['dateFormat'])
      expect(body.errors).toEqual([
        { path: 'dateFormat', message: 'Choose month first or day first' },
      ])
    }
    // A bad value fails the whole change: the name sent with it is not saved either.
    expectValidation(await patchAs(c.cookie, { name: 'Half Saved LLP', dateFormat: 'ymd' }), [
      'dateFormat',
    ])
    for (const extra of [{ format: 'day-first' }, { date_format: 'month-first' }]) {
      expectValidation(
        await patchAs(c.cookie, { dateFormat: 'month-first', ...extra }),
        Object.keys(extra),
      )
    }
    expect(await read(c.cookie)).toEqual(before)
    expect((await me(c.cookie)).company.dateFormat).toBe('day-first')
    // The database refuses other values too, whatever writes them.
    await expect(
      t.app.db
        .update(organizations)
        .set({ dateFormat: 'ymd' as never })
        .where(eq(organizations.id, c.user.company.id)),
    ).rejects.toThrow()
    expect(await read(c.cookie)).toEqual(before)
  })

  it('mails follow it: the new-requests mail and Remind now give due dates day first after the switch', async () => {
    const c = await signedInAdmin(t)
    const project = await createProject(t, c.cookie)
    const client = await signedInClientUser(t, c.user.company.id, project.clientId)
    const email = client.user.email
    const sendRequest = async (title: string) => {
      const audit = await createAudit(t, c.cookie, { projectId: project.id })
      const created = await t.request('POST', `/api/audits/${audit.id}/requests`, {
        cookie: c.cookie,
        body: { title, assigneeId: client.user.id, dueDate: '2031-11-29' },
      })
      expect(created.statusCode, created.body).toBe(201)
      const seen = t.smtp.to(email).length
      const sent = await t.request('POST', `/api/audits/${audit.id}/send`, {
        cookie: c.cookie,
        body: {},
      })
      expect(sent.statusCode, sent.body).toBe(200)
      return { auditId: audit.id, mail: await t.smtp.waitFor(email, seen) }
    }

    const before = await sendRequest('Bank statements')
    expect(before.mail.body).toContain('Bank statements (due Nov 29, 2031)')

    expect((await patchAs(c.cookie, { dateFormat: 'day-first' })).statusCode).toBe(200)
    const after = await sendRequest('Payroll')
    expect(after.mail.body).toContain('Payroll (due 29 Nov 2031)')
    expect(after.mail.body).not.toContain('Nov 29, 2031')

    const seen = t.smtp.to(email).length
    const reminded = await t.request('POST', `/api/audits/${after.auditId}/remind`, {
      cookie: c.cookie,
    })
    expect(reminded.statusCode, reminded.body).toBe(200)
    const reminder = await t.smtp.waitFor(email, seen)
    expect(reminder.subject).toContain('reminds you of 1 open request')
    expect(reminder.body).toMatch(/Payroll: due in \d+ days \(29 Nov 2031\)/)
    // Once an hour: the 429 says from when, in the company's order (and time zone).
    const again = await t.request('POST', `/api/audits/${after.auditId}/remind`, {
      cookie: c.cookie,
    })
    expectError(again, 429, 'RATE_LIMITED')
    expect(again.json<{ message: string }>().message).toMatch(
      /from \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2}\s[AP]M \(UTC\)\.$/,
    )
  })
})
