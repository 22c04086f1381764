import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMPANY_SIZES, INDUSTRIES } from '@shared/constants'
import type { CurrentUser } from '@shared/schemas/auth'
import type { Dashboard } from '@shared/schemas/dashboard'
import type { Organization } from '@shared/schemas/organization'
import { organizations } from '../../db/schema'
import {
  expectError,
  expectIsoTimestamp,
  expectValidation,
  MISSING_ID,
  signedInClientUser,
} from '../../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness'

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
      ['createdAt', 'id', 'industry', 'name', 'phone', 'size', 'timeZone', 'updatedAt'].sort(),
    )
    expect(company).toMatchObject({
      timeZone: 'UTC',
      id: a.user.company.id,
      name: a.account.companyName,
      industry: a.account.companyIndustry,
      size: a.account.companySize,
      phone: a.account.companyPhone,
    })
    expectIsoTimestamp(company.createdAt)
    expect((await read(b.cookie)).id).toBe(b.user.company.id)
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
