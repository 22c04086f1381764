import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Category, Template } from '@shared/schemas/templates'
import { templateItems, templates } from '../../db/schema'
import {
  createCategory,
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
let category: Category
beforeAll(async () => {
  t = await createTestApp()
  const admin = await signedInAdmin(t)
  cookie = admin.cookie
  orgId = admin.user.company.id
  category = await createCategory(t, cookie, { name: 'Financial' })
})
afterAll(async () => t?.close())

const get = (id: string) => t.request('GET', `/api/templates/${id}`, { cookie })
const post = (body: unknown) => t.request('POST', '/api/templates', { cookie, body })
const patch = (id: string, body: unknown) =>
  t.request('PATCH', `/api/templates/${id}`, { cookie, body })
const del = (id: string) => t.request('DELETE', `/api/templates/${id}`, { cookie })
const list = async () => {
  const res = await t.request('GET', '/api/templates', { cookie })
  expect(res.statusCode).toBe(200)
  return res.json<Template[]>()
}

describe('POST /api/templates', () => {
  it('201 with the whole template: no category, no items, ISO timestamps', async () => {
    const res = await post({ name: '  SOC 2 checklist ', description: ' Controls ' })
    expect(res.statusCode, res.body).toBe(201)
    const template = res.json<Template>()
    expect(Object.keys(template).sort()).toEqual(
      [
        'categoryId',
        'categoryName',
        'createdAt',
        'description',
        'id',
        'itemCount',
        'name',
        'updatedAt',
      ].sort(),
    )
    expect(template).toMatchObject({
      name: 'SOC 2 checklist',
      description: 'Controls',
      categoryId: null,
      categoryName: null,
      itemCount: 0,
    })
    expect(template.id).toMatch(UUID)
    expectIsoTimestamp(template.createdAt)
    expectIsoTimestamp(template.updatedAt)
    expect((await get(template.id)).json()).toEqual(template)
  })

  it('with a category of the company: categoryId and categoryName; categoryId null is fine', async () => {
    const res = await post({ name: 'Categorised', categoryId: category.id })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({ categoryId: category.id, categoryName: 'Financial' })
    const none = await post({ name: 'Uncategorised', categoryId: null, description: '' })
    expect(none.statusCode).toBe(201)
    expect(none.json()).toMatchObject({ categoryId: null, categoryName: null, description: null })
  })

  it('invalid bodies → 400 with field paths, nothing stored', async () => {
    const before = await workspaceCounts(t, orgId)
    expectValidation(await post({}), ['name'])
    expectValidation(await post({ name: '   ' }), ['name'])
    expectValidation(await post({ name: 'x'.repeat(201) }), ['name'])
    expectValidation(await post({ name: 'D', description: 'x'.repeat(5001) }), ['description'])
    expectValidation(await post({ name: 'C', categoryId: 'not-a-uuid' }), ['categoryId'])
    expectValidation(await post({ name: 'C', categoryId: 12 }), ['categoryId'])
    expectValidation(await post({ name: 'C', categoryId: MISSING_ID }), ['categoryId'])
    for (const extra of [
      { organizationId: MISSING_ID },
      { id: MISSING_ID },
      { createdAt: '2020-01-01T00:00:00.000Z' },
      { itemCount: 3 },
      { categoryName: 'Spoofed' },
    ]) {
      expectValidation(await post({ name: 'Mass', ...extra }), Object.keys(extra))
    }
    expect(await workspaceCounts(t, orgId)).toEqual(before)
  })
})

describe('GET /api/templates', () => {
  it('lists the company’s templates sorted by name ignoring case, with item counts', async () => {
    const created = [
      await createTemplate(t, cookie, { name: 'order-zeta' }),
      await createTemplate(t, cookie, { name: 'ORDER-ALPHA', categoryId: category.id }),
      await createTemplate(t, cookie, { name: 'Order-beta' }),
    ]
    await createItem(t, cookie, { templateId: created[1]!.id })
    await createItem(t, cookie, { templateId: created[1]!.id })
    const ids = new Set(created.map((c) => c.id))
    const listed = (await list()).filter((c) => ids.has(c.id))
    expect(listed.map((c) => [c.name, c.itemCount, c.categoryName])).toEqual([
      ['ORDER-ALPHA', 2, 'Financial'],
      ['Order-beta', 0, null],
      ['order-zeta', 0, null],
    ])
    const names = (await list()).map((c) => c.name.toLowerCase())
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
  })
})

describe('GET /api/templates/{id}', () => {
  it('itemCount follows items being added and removed', async () => {
    const template = await createTemplate(t, cookie)
    const items = [
      await createItem(t, cookie, { templateId: template.id }),
      await createItem(t, cookie, { templateId: template.id }),
      await createItem(t, cookie, { templateId: template.id }),
    ]
    expect((await get(template.id)).json()).toMatchObject({ itemCount: 3 })
    await t.request('DELETE', `/api/template-items/${items[0]!.id}`, { cookie })
    expect((await get(template.id)).json()).toMatchObject({ itemCount: 2 })
  })

  it('an unknown id → 404; a malformed id → 400', async () => {
    expectError(await get(MISSING_ID), 404, 'NOT_FOUND')
    expectValidation(await get('nope'), ['id'])
  })
})

describe('PATCH /api/templates/{id}', () => {
  it('changes only the fields sent; setting and clearing the category', async () => {
    const template = await createTemplate(t, cookie, { name: 'Partial', description: 'Keep' })
    t.clock.advance(60_000)
    const res = await patch(template.id, { categoryId: category.id })
    expect(res.statusCode, res.body).toBe(200)
    const updated = res.json<Template>()
    expect(updated).toEqual({
      ...template,
      categoryId: category.id,
      categoryName: 'Financial',
      updatedAt: updated.updatedAt,
    })
    expect(updated.updatedAt > template.updatedAt).toBe(true)
    expect((await get(template.id)).json()).toEqual(updated)

    expect((await patch(template.id, { name: 'Renamed' })).json()).toMatchObject({
      name: 'Renamed',
      description: 'Keep',
      categoryId: category.id,
    })
    expect((await patch(template.id, { categoryId: null, description: '' })).json()).toMatchObject({
      name: 'Renamed',
      description: null,
      categoryId: null,
      categoryName: null,
    })
  })

  it('invalid values, unknown fields or a category not the company’s → 400, the template unchanged', async () => {
    const template = await createTemplate(t, cookie, { categoryId: category.id })
    expectValidation(await patch(template.id, { name: ' ' }), ['name'])
    expectValidation(await patch(template.id, { categoryId: 'x' }), ['categoryId'])
    expectValidation(await patch(template.id, { categoryId: MISSING_ID }), ['categoryId'])
    expectValidation(await patch(template.id, { description: 'x'.repeat(5001) }), ['description'])
    expectValidation(await patch(template.id, { itemCount: 0 }), ['itemCount'])
    expectValidation(await patch(template.id, { organizationId: MISSING_ID }), ['organizationId'])
    expectValidation(await patch(template.id, { id: MISSING_ID }), ['id'])
    expect((await get(template.id)).json()).toEqual(template)
  })

  it('an unknown id → 404; a malformed id → 400', async () => {
    expectError(await patch(MISSING_ID, { name: 'Ghost' }), 404, 'NOT_FOUND')
    expectValidation(await patch('nope', { name: 'Ghost' }), ['id'])
  })
})

describe('DELETE /api/templates/{id}', () => {
  it('204, and its items go with it', async () => {
    const template = await createTemplate(t, cookie)
    const keep = await createTemplate(t, cookie)
    for (let i = 0; i < 3; i++) await createItem(t, cookie, { templateId: template.id })
    await createItem(t, cookie, { templateId: keep.id })

    const res = await del(template.id)
    expect(res.statusCode).toBe(204)
    expect(res.body).toBe('')
    expectError(await get(template.id), 404, 'NOT_FOUND')
    expectError(await patch(template.id, { name: 'Back' }), 404, 'NOT_FOUND')
    expectError(await del(template.id), 404, 'NOT_FOUND')
    expectError(
      await t.request('GET', `/api/template-items?templateId=${template.id}`, { cookie }),
      404,
      'NOT_FOUND',
    )
    expect(
      await t.app.db.select().from(templateItems).where(eq(templateItems.templateId, template.id)),
    ).toEqual([])
    expect(await t.app.db.select().from(templates).where(eq(templates.id, template.id))).toEqual([])
    // Other templates keep theirs.
    expect((await get(keep.id)).json()).toMatchObject({ itemCount: 1 })
    expect((await list()).map((x) => x.id)).not.toContain(template.id)
  })

  it('a malformed id → 400', async () => {
    expectValidation(await del('nope'), ['id'])
  })
})
