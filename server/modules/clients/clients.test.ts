import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Client } from '@shared/schemas/clients'
import { clients } from '../../db/schema'
import {
  createAudit,
  createClient,
  createProject,
  expectError,
  expectIsoTimestamp,
  expectValidation,
  MISSING_ID,
  UUID,
  workspaceCounts,
} from '../../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness'

let t: TestApp
let cookie: string
let orgId: string
beforeAll(async () => {
  t = await createTestApp()
  const admin = await signedInAdmin(t)
  cookie = admin.cookie
  orgId = admin.user.company.id
})
afterAll(async () => t?.close())

const get = (id: string) => t.request('GET', `/api/clients/${id}`, { cookie })
const post = (body: unknown) => t.request('POST', '/api/clients', { cookie, body })
const patch = (id: string, body: unknown) =>
  t.request('PATCH', `/api/clients/${id}`, { cookie, body })
const del = (id: string) => t.request('DELETE', `/api/clients/${id}`, { cookie })
const list = async () => {
  const res = await t.request('GET', '/api/clients', { cookie })
  expect(res.statusCode).toBe(200)
  return res.json<Client[]>()
}

describe('POST /api/clients', () => {
  it('201 with the whole client: trimmed text, lower-case e-mail, uuid id, ISO timestamps', async () => {
    const res = await post({
      name: '  Acme Corp  ',
      email: ' Billing@Acme.EXAMPLE ',
      phone: ' +1 555 0199 ',
      address: ' 1 Main St ',
    })
    expect(res.statusCode, res.body).toBe(201)
    const client = res.json<Client>()
    expect(Object.keys(client).sort()).toEqual(
      ['address', 'createdAt', 'email', 'id', 'name', 'phone', 'updatedAt'].sort(),
    )
    expect(client).toMatchObject({
      name: 'Acme Corp',
      email: 'billing@acme.example',
      phone: '+1 555 0199',
      address: '1 Main St',
    })
    expect(client.id).toMatch(UUID)
    expectIsoTimestamp(client.createdAt)
    expectIsoTimestamp(client.updatedAt)
    // Stamped by the app's clock.
    expect(Math.abs(new Date(client.createdAt).getTime() - t.clock().getTime())).toBeLessThan(5_000)
    expect(client.updatedAt).toBe(client.createdAt)

    const read = await get(client.id)
    expect(read.statusCode).toBe(200)
    expect(read.json()).toEqual(client)
    const [row] = await t.app.db.select().from(clients).where(eq(clients.id, client.id))
    expect(row!.organizationId).toBe(orgId)
  })

  it('only the name is required; omitted, empty and blank optional text is stored as null', async () => {
    const minimal = await post({ name: 'Minimal' })
    expect(minimal.statusCode, minimal.body).toBe(201)
    expect(minimal.json()).toMatchObject({ email: null, phone: null, address: null })

    const blank = await post({ name: 'Blank', email: '', phone: '   ', address: null })
    expect(blank.statusCode, blank.body).toBe(201)
    expect(blank.json()).toMatchObject({ name: 'Blank', email: null, phone: null, address: null })
  })

  it('name is required after trimming; invalid e-mail; too long text → 400 with field paths, nothing stored', async () => {
    const before = await workspaceCounts(t, orgId)
    expectValidation(await post({}), ['name'])
    expectValidation(await post({ name: '' }), ['name'])
    expectValidation(await post({ name: '   ' }), ['name'])
    expectValidation(await post({ name: null }), ['name'])
    expectValidation(await post({ name: 42 }), ['name'])
    expectValidation(await post({ name: 'x'.repeat(201) }), ['name'])
    expectValidation(await post({ name: 'Ok', email: 'not-an-email' }), ['email'])
    expectValidation(await post({ name: 'Ok', email: 'a@' }), ['email'])
    expectValidation(await post({ name: 'Ok', email: 7 }), ['email'])
    expectValidation(await post({ name: 'Ok', phone: 'x'.repeat(51) }), ['phone'])
    expectValidation(await post({ name: 'Ok', address: 'x'.repeat(501) }), ['address'])
    expectValidation(await post({ name: '', email: 'bad' }), ['name', 'email'])
    expectValidation(await post([]), [])
    expectValidation(
      await t.request('POST', '/api/clients', {
        cookie,
        body: '"just a string"',
        headers: { 'content-type': 'application/json' },
      }),
      [],
    )
    expect(await workspaceCounts(t, orgId)).toEqual(before)
  })

  it('a name of exactly 200 characters (after trimming) is accepted', async () => {
    const res = await post({ name: ` ${'n'.repeat(200)} ` })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json<Client>().name).toBe('n'.repeat(200))
  })

  it('unknown fields (organizationId, id, timestamps, anything) → 400 naming each, nothing stored', async () => {
    const before = await workspaceCounts(t, orgId)
    for (const extra of [
      { organizationId: MISSING_ID },
      { id: MISSING_ID },
      { createdAt: '2020-01-01T00:00:00.000Z' },
      { updatedAt: '2020-01-01T00:00:00.000Z' },
      { isAdmin: true },
    ]) {
      const res = await post({ name: 'Mass assignment', ...extra })
      expectValidation(res, Object.keys(extra))
    }
    expect(await workspaceCounts(t, orgId)).toEqual(before)
  })

  it('strings that PostgreSQL cannot store (NUL) are refused, not a 500', async () => {
    const before = await workspaceCounts(t, orgId)
    expectValidation(await post({ name: 'Nul\u0000Corp' }), ['name'])
    expectValidation(await post({ name: 'Ok', address: 'a\u0000b' }), ['address'])
    expect(await workspaceCounts(t, orgId)).toEqual(before)
  })
})

describe('GET /api/clients', () => {
  it('lists the company’s clients sorted by name, ignoring case', async () => {
    const created = [
      await createClient(t, cookie, { name: 'sort-banana' }),
      await createClient(t, cookie, { name: 'Sort-Apple' }),
      await createClient(t, cookie, { name: 'sort-cherry' }),
      await createClient(t, cookie, { name: 'SORT-BLUEBERRY' }),
    ]
    const ids = new Set(created.map((c) => c.id))
    const listed = (await list()).filter((c) => ids.has(c.id))
    expect(listed.map((c) => c.name)).toEqual([
      'Sort-Apple',
      'sort-banana',
      'SORT-BLUEBERRY',
      'sort-cherry',
    ])
    // The whole list is in that order too.
    const names = (await list()).map((c) => c.name.toLowerCase())
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    expect(listed[0]).toEqual(created[1])
  })
})

describe('GET /api/clients/{id}', () => {
  it('an unknown id → 404 NOT_FOUND; a malformed id → 400 VALIDATION', async () => {
    expectError(await get(MISSING_ID), 404, 'NOT_FOUND')
    expectValidation(await get('not-a-uuid'), ['id'])
    expectValidation(await get('123'), ['id'])
  })
})

describe('PATCH /api/clients/{id}', () => {
  it('changes only the fields sent; createdAt stays, updatedAt moves on', async () => {
    const client = await createClient(t, cookie, {
      name: 'Patch me',
      email: 'a@example.com',
      phone: '1',
      address: 'Here',
    })
    t.clock.advance(60_000)
    const res = await patch(client.id, { phone: ' 555 ' })
    expect(res.statusCode, res.body).toBe(200)
    const updated = res.json<Client>()
    expect(updated).toEqual({ ...client, phone: '555', updatedAt: updated.updatedAt })
    expect(new Date(updated.updatedAt).getTime()).toBeGreaterThan(
      new Date(client.updatedAt).getTime(),
    )
    expect((await get(client.id)).json()).toEqual(updated)

    const renamed = await patch(client.id, { name: 'Patched', email: '' })
    expect(renamed.statusCode).toBe(200)
    expect(renamed.json()).toMatchObject({
      name: 'Patched',
      email: null,
      phone: '555',
      address: 'Here',
    })

    const empty = await patch(client.id, {})
    expect(empty.statusCode).toBe(200)
    expect(empty.json()).toMatchObject({
      name: 'Patched',
      email: null,
      phone: '555',
      address: 'Here',
    })
  })

  it('invalid values and unknown fields → 400 and the client is unchanged', async () => {
    const client = await createClient(t, cookie, { name: 'Keep me', email: 'keep@example.com' })
    expectValidation(await patch(client.id, { name: '   ' }), ['name'])
    expectValidation(await patch(client.id, { name: null }), ['name'])
    expectValidation(await patch(client.id, { email: 'nope' }), ['email'])
    expectValidation(await patch(client.id, { name: 'x'.repeat(201) }), ['name'])
    expectValidation(await patch(client.id, { organizationId: MISSING_ID }), ['organizationId'])
    expectValidation(await patch(client.id, { id: MISSING_ID }), ['id'])
    expectValidation(await patch(client.id, { createdAt: '2020-01-01T00:00:00.000Z' }), [
      'createdAt',
    ])
    expectValidation(await patch(client.id, { name: 'New', extra: 1 }), ['extra'])
    expectValidation(await patch(client.id, null), [])
    expect((await get(client.id)).json()).toEqual(client)
  })

  it('an unknown id → 404; a malformed id → 400', async () => {
    expectError(await patch(MISSING_ID, { name: 'Ghost' }), 404, 'NOT_FOUND')
    expectValidation(await patch('nope', { name: 'Ghost' }), ['id'])
  })
})

describe('DELETE /api/clients/{id}', () => {
  it('204, then the client is gone (GET, PATCH and DELETE → 404)', async () => {
    const client = await createClient(t, cookie)
    const res = await del(client.id)
    expect(res.statusCode).toBe(204)
    expect(res.body).toBe('')
    expectError(await get(client.id), 404, 'NOT_FOUND')
    expectError(await patch(client.id, { name: 'Back' }), 404, 'NOT_FOUND')
    expectError(await del(client.id), 404, 'NOT_FOUND')
    expect((await list()).map((c) => c.id)).not.toContain(client.id)
  })

  it('a client with projects → 409 CONFLICT saying what to do; the client stays until its projects go', async () => {
    const client = await createClient(t, cookie)
    const first = await createProject(t, cookie, { clientId: client.id })
    const second = await createProject(t, cookie, { clientId: client.id })
    await createAudit(t, cookie, { projectId: second.id })

    const res = await del(client.id)
    const body = expectError(res, 409, 'CONFLICT')
    expect(body.message).toMatch(/project/i)
    expect(body.message).toMatch(/delete/i)
    expect((await get(client.id)).json()).toEqual(client)

    expect((await t.request('DELETE', `/api/projects/${first.id}`, { cookie })).statusCode).toBe(
      204,
    )
    expectError(await del(client.id), 409, 'CONFLICT')
    expect(
      (await t.request('DELETE', `/api/audits/${(await listAuditIds(second.id))[0]}`, { cookie }))
        .statusCode,
    ).toBe(204)
    expect((await t.request('DELETE', `/api/projects/${second.id}`, { cookie })).statusCode).toBe(
      204,
    )
    expect((await del(client.id)).statusCode).toBe(204)
    expectError(await get(client.id), 404, 'NOT_FOUND')
  })

  it('a malformed id → 400', async () => {
    expectValidation(await del('x'), ['id'])
  })
})

async function listAuditIds(projectId: string) {
  const res = await t.request('GET', `/api/audits?projectId=${projectId}`, { cookie })
  expect(res.statusCode).toBe(200)
  return res.json<Array<{ id: string }>>().map((a) => a.id)
}
