import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Category, Template } from '@shared/schemas/templates'
import { templateCategories } from '../../db/schema'
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
beforeAll(async () => {
  t = await createTestApp()
  const admin = await signedInAdmin(t)
  cookie = admin.cookie
  orgId = admin.user.company.id
})
afterAll(async () => t?.close())

const get = (id: string) => t.request('GET', `/api/template-categories/${id}`, { cookie })
const post = (body: unknown) => t.request('POST', '/api/template-categories', { cookie, body })
const patch = (id: string, body: unknown) =>
  t.request('PATCH', `/api/template-categories/${id}`, { cookie, body })
const del = (id: string) => t.request('DELETE', `/api/template-categories/${id}`, { cookie })
const list = async () => {
  const res = await t.request('GET', '/api/template-categories', { cookie })
  expect(res.statusCode).toBe(200)
  return res.json<Category[]>()
}

describe('POST /api/template-categories', () => {
  it('201 with the whole category; GET by id and the list show it', async () => {
    const res = await post({ name: ' Compliance ', description: ' Rules and laws ' })
    expect(res.statusCode, res.body).toBe(201)
    const category = res.json<Category>()
    expect(Object.keys(category).sort()).toEqual(
      ['createdAt', 'description', 'id', 'name', 'updatedAt'].sort(),
    )
    expect(category).toMatchObject({ name: 'Compliance', description: 'Rules and laws' })
    expect(category.id).toMatch(UUID)
    expectIsoTimestamp(category.createdAt)
    expectIsoTimestamp(category.updatedAt)
    expect((await get(category.id)).json()).toEqual(category)
    expect(await list()).toContainEqual(category)

    const bare = await post({ name: 'Bare' })
    expect(bare.statusCode).toBe(201)
    expect(bare.json()).toMatchObject({ description: null })
    expect((await post({ name: 'Blank', description: '  ' })).json()).toMatchObject({
      description: null,
    })
  })

  it('invalid bodies and unknown fields → 400 with field paths, nothing stored', async () => {
    const before = await workspaceCounts(t, orgId)
    expectValidation(await post({}), ['name'])
    expectValidation(await post({ name: '   ' }), ['name'])
    expectValidation(await post({ name: ['a'] }), ['name'])
    expectValidation(await post({ name: 'x'.repeat(201) }), ['name'])
    expectValidation(await post({ name: 'D', description: 'x'.repeat(5001) }), ['description'])
    expectValidation(await post({ name: 'D', description: false }), ['description'])
    for (const extra of [
      { organizationId: MISSING_ID },
      { id: MISSING_ID },
      { updatedAt: '2020-01-01T00:00:00.000Z' },
      { templates: [] },
    ]) {
      expectValidation(await post({ name: 'Mass', ...extra }), Object.keys(extra))
    }
    expect(await workspaceCounts(t, orgId)).toEqual(before)
  })
})

describe('GET /api/template-categories/{id}', () => {
  it('an unknown id → 404; a malformed id → 400', async () => {
    expectError(await get(MISSING_ID), 404, 'NOT_FOUND')
    expectValidation(await get('nope'), ['id'])
  })
})

describe('PATCH /api/template-categories/{id}', () => {
  it('changes only the fields sent; templates show the new name', async () => {
    const category = await createCategory(t, cookie, { name: 'Old name', description: 'Keep' })
    const template = await createTemplate(t, cookie, { categoryId: category.id })
    t.clock.advance(60_000)
    const res = await patch(category.id, { name: 'New name' })
    expect(res.statusCode, res.body).toBe(200)
    const updated = res.json<Category>()
    expect(updated).toEqual({ ...category, name: 'New name', updatedAt: updated.updatedAt })
    expect(updated.updatedAt > category.updatedAt).toBe(true)
    expect((await get(category.id)).json()).toEqual(updated)
    expect(
      (await t.request('GET', `/api/templates/${template.id}`, { cookie })).json(),
    ).toMatchObject({ categoryName: 'New name' })

    expect((await patch(category.id, { description: '' })).json()).toMatchObject({
      name: 'New name',
      description: null,
    })
  })

  it('invalid values and unknown fields → 400, the category unchanged', async () => {
    const category = await createCategory(t, cookie)
    expectValidation(await patch(category.id, { name: '\t \n' }), ['name'])
    expectValidation(await patch(category.id, { description: 'x'.repeat(5001) }), ['description'])
    expectValidation(await patch(category.id, { organizationId: MISSING_ID }), ['organizationId'])
    expectValidation(await patch(category.id, { id: MISSING_ID }), ['id'])
    expectValidation(await patch(category.id, { createdAt: '2020-01-01T00:00:00.000Z' }), [
      'createdAt',
    ])
    expect((await get(category.id)).json()).toEqual(category)
  })

  it('an unknown id → 404; a malformed id → 400', async () => {
    expectError(await patch(MISSING_ID, { name: 'Ghost' }), 404, 'NOT_FOUND')
    expectValidation(await patch('nope', { name: 'Ghost' }), ['id'])
  })
})

describe('DELETE /api/template-categories/{id}', () => {
  it('204; its templates stay (with their items) and have no category any more', async () => {
    const category = await createCategory(t, cookie)
    const other = await createCategory(t, cookie)
    const templates: Template[] = [
      await createTemplate(t, cookie, { categoryId: category.id }),
      await createTemplate(t, cookie, { categoryId: category.id }),
    ]
    const untouched = await createTemplate(t, cookie, { categoryId: other.id })
    await createItem(t, cookie, { templateId: templates[0]!.id })

    const res = await del(category.id)
    expect(res.statusCode).toBe(204)
    expect(res.body).toBe('')
    expectError(await get(category.id), 404, 'NOT_FOUND')
    expectError(await patch(category.id, { name: 'Back' }), 404, 'NOT_FOUND')
    expectError(await del(category.id), 404, 'NOT_FOUND')
    expect((await list()).map((c) => c.id)).not.toContain(category.id)
    expect(
      await t.app.db
        .select()
        .from(templateCategories)
        .where(eq(templateCategories.id, category.id)),
    ).toEqual([])

    for (const [i, template] of templates.entries()) {
      const read = await t.request('GET', `/api/templates/${template.id}`, { cookie })
      expect(read.statusCode).toBe(200)
      expect(read.json()).toMatchObject({
        id: template.id,
        name: template.name,
        categoryId: null,
        categoryName: null,
        itemCount: i === 0 ? 1 : 0,
      })
    }
    expect(
      (await t.request('GET', `/api/templates/${untouched.id}`, { cookie })).json(),
    ).toMatchObject({ categoryId: other.id })
  })

  it('a malformed id → 400', async () => {
    expectValidation(await del('nope'), ['id'])
  })
})
