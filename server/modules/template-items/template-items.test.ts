import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Template, TemplateItem } from '@shared/schemas/templates'
import { templateItems } from '../../db/schema'
import {
  createItem,
  createTemplate,
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
let template: Template
beforeAll(async () => {
  t = await createTestApp()
  const admin = await signedInAdmin(t)
  cookie = admin.cookie
  orgId = admin.user.company.id
  template = await createTemplate(t, cookie, { name: 'Items host' })
})
afterAll(async () => t?.close())

const post = (body: unknown) => t.request('POST', '/api/template-items', { cookie, body })
const patch = (id: string, body: unknown) =>
  t.request('PATCH', `/api/template-items/${id}`, { cookie, body })
const del = (id: string) => t.request('DELETE', `/api/template-items/${id}`, { cookie })
const listOf = (templateId: string) =>
  t.request('GET', `/api/template-items?templateId=${templateId}`, { cookie })
const items = async (templateId: string) => {
  const res = await listOf(templateId)
  expect(res.statusCode, res.body).toBe(200)
  return res.json<TemplateItem[]>()
}
const row = async (id: string) =>
  (await t.app.db.select().from(templateItems).where(eq(templateItems.id, id)))[0]

describe('POST /api/template-items', () => {
  it('201 with the whole item: flags false and no description by default, ISO timestamps', async () => {
    const host = await createTemplate(t, cookie)
    const res = await post({ title: '  Bank statements ', templateId: host.id })
    expect(res.statusCode, res.body).toBe(201)
    const item = res.json<TemplateItem>()
    expect(Object.keys(item).sort()).toEqual(
      [
        'answerType',
        'choices',
        'createdAt',
        'description',
        'dueDaysBefore',
        'id',
        'order',
        'reference',
        'requiresDocument',
        'requiresResponse',
        'section',
        'templateId',
        'title',
        'updatedAt',
      ].sort(),
    )
    expect(item).toMatchObject({
      title: 'Bank statements',
      templateId: host.id,
      description: null,
      requiresDocument: false,
      requiresResponse: false,
      dueDaysBefore: null,
      order: 0,
    })
    expect(item.id).toMatch(UUID)
    expectIsoTimestamp(item.createdAt)
    expectIsoTimestamp(item.updatedAt)
    expect(await items(host.id)).toEqual([item])
    expect((await row(item.id))!.organizationId).toBe(orgId)
  })

  it('keeps the flags, description and order sent', async () => {
    const res = await post({
      title: 'Signed letter',
      templateId: template.id,
      description: ' Scan ',
      requiresDocument: true,
      requiresResponse: true,
      order: 7,
    })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({
      description: 'Scan',
      requiresDocument: true,
      requiresResponse: true,
      order: 7,
    })
  })

  it('without an order the item goes last: the template’s current item count', async () => {
    const host = await createTemplate(t, cookie)
    const orders: number[] = []
    for (let i = 0; i < 3; i++)
      orders.push((await createItem(t, cookie, { templateId: host.id })).order)
    expect(orders).toEqual([0, 1, 2])
    await createItem(t, cookie, { templateId: host.id, order: 50 })
    expect((await createItem(t, cookie, { templateId: host.id })).order).toBe(4)
    // Other templates' items do not count.
    const fresh = await createTemplate(t, cookie)
    expect((await createItem(t, cookie, { templateId: fresh.id })).order).toBe(0)
    // An explicit 0 is kept (not treated as missing).
    expect((await createItem(t, cookie, { templateId: host.id, order: 0 })).order).toBe(0)
  })

  it('order must be a whole number ≥ 0: -1, 1.5, "3", null, huge → 400 on order, nothing stored', async () => {
    const before = await workspaceCounts(t, orgId)
    for (const order of [-1, 1.5, '3', null, true, 1e9, '']) {
      expectValidation(await post({ title: 'Bad order', templateId: template.id, order }), [
        'order',
      ])
    }
    expect(await workspaceCounts(t, orgId)).toEqual(before)
  })

  it('other invalid bodies → 400 with field paths, nothing stored', async () => {
    const before = await workspaceCounts(t, orgId)
    expectValidation(await post({ templateId: template.id }), ['title'])
    expectValidation(await post({ title: '  ', templateId: template.id }), ['title'])
    expectValidation(await post({ title: 'x'.repeat(201), templateId: template.id }), ['title'])
    expectValidation(await post({ title: 'No template' }), ['templateId'])
    expectValidation(await post({ title: 'Bad template', templateId: 'tpl' }), ['templateId'])
    expectValidation(await post({ title: 'Gone template', templateId: MISSING_ID }), ['templateId'])
    expectValidation(
      await post({ title: 'Flag', templateId: template.id, requiresDocument: 'yes' }),
      ['requiresDocument'],
    )
    expectValidation(await post({ title: 'Flag', templateId: template.id, requiresResponse: 1 }), [
      'requiresResponse',
    ])
    expectValidation(
      await post({ title: 'D', templateId: template.id, description: 'x'.repeat(5001) }),
      ['description'],
    )
    for (const extra of [
      { organizationId: MISSING_ID },
      { id: MISSING_ID },
      { createdAt: '2020-01-01T00:00:00.000Z' },
      { name: 'title is the field' },
    ]) {
      expectValidation(
        await post({ title: 'Mass', templateId: template.id, ...extra }),
        Object.keys(extra),
      )
    }
    expect(await workspaceCounts(t, orgId)).toEqual(before)
  })
})

describe('GET /api/template-items?templateId=', () => {
  it('lists that template’s items by order, then by creation', async () => {
    const host = await createTemplate(t, cookie)
    const other = await createTemplate(t, cookie)
    const make = async (title: string, order: number) => {
      t.clock.advance(1_000)
      return createItem(t, cookie, { templateId: host.id, title, order })
    }
    await make('c', 2)
    await make('a1', 0)
    await make('b', 1)
    await make('a2', 0)
    await make('z', 10)
    await createItem(t, cookie, { templateId: other.id, order: 0 })
    expect((await items(host.id)).map((i) => i.title)).toEqual(['a1', 'a2', 'b', 'c', 'z'])
    expect(await items(other.id)).toHaveLength(1)
    expect(await items((await createTemplate(t, cookie)).id)).toEqual([])
  })

  it('templateId is required and must be a uuid (400); an unknown template → 404', async () => {
    expectValidation(await t.request('GET', '/api/template-items', { cookie }), ['templateId'])
    expectValidation(await listOf(''), ['templateId'])
    expectValidation(await listOf('x'), ['templateId'])
    expectError(await listOf(MISSING_ID), 404, 'NOT_FOUND')
  })
})

describe('PATCH /api/template-items/{id}', () => {
  it('changes only the fields sent', async () => {
    const item = await createItem(t, cookie, {
      templateId: template.id,
      title: 'Partial',
      description: 'Keep',
      order: 3,
    })
    t.clock.advance(60_000)
    const res = await patch(item.id, { requiresDocument: true })
    expect(res.statusCode, res.body).toBe(200)
    const updated = res.json<TemplateItem>()
    expect(updated).toEqual({ ...item, requiresDocument: true, updatedAt: updated.updatedAt })
    expect(updated.updatedAt > item.updatedAt).toBe(true)

    expect((await patch(item.id, { order: 0, title: 'Moved' })).json()).toMatchObject({
      order: 0,
      title: 'Moved',
      description: 'Keep',
      requiresDocument: true,
      requiresResponse: false,
    })
    expect(
      (await patch(item.id, { description: '', requiresDocument: false })).json(),
    ).toMatchObject({ description: null, requiresDocument: false, order: 0 })
  })

  it('invalid values, templateId (not movable) and unknown fields → 400, the item unchanged', async () => {
    const item = await createItem(t, cookie, { templateId: template.id, order: 2 })
    const elsewhere = await createTemplate(t, cookie)
    const before = await row(item.id)
    expectValidation(await patch(item.id, { title: '' }), ['title'])
    for (const order of [-1, 1.5, '3', null]) {
      expectValidation(await patch(item.id, { order }), ['order'])
    }
    expectValidation(await patch(item.id, { requiresResponse: 'no' }), ['requiresResponse'])
    expectValidation(await patch(item.id, { templateId: elsewhere.id }), ['templateId'])
    expectValidation(await patch(item.id, { organizationId: MISSING_ID }), ['organizationId'])
    expectValidation(await patch(item.id, { id: MISSING_ID }), ['id'])
    expect(await row(item.id)).toEqual(before)
  })

  it('an unknown id → 404; a malformed id → 400', async () => {
    expectError(await patch(MISSING_ID, { title: 'Ghost' }), 404, 'NOT_FOUND')
    expectValidation(await patch('nope', { title: 'Ghost' }), ['id'])
  })
})

describe('DELETE /api/template-items/{id}', () => {
  it('204, then the item is gone', async () => {
    const host = await createTemplate(t, cookie)
    const [first, second] = [
      await createItem(t, cookie, { templateId: host.id }),
      await createItem(t, cookie, { templateId: host.id }),
    ]
    const res = await del(first!.id)
    expect(res.statusCode).toBe(204)
    expect(res.body).toBe('')
    expect(await row(first!.id)).toBeUndefined()
    expect((await items(host.id)).map((i) => i.id)).toEqual([second!.id])
    expectError(await patch(first!.id, { title: 'Back' }), 404, 'NOT_FOUND')
    expectError(await del(first!.id), 404, 'NOT_FOUND')
  })

  it('a malformed id → 400', async () => {
    expectValidation(await del('nope'), ['id'])
  })
})
