import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ITEM_BATCH_MAX,
  ITEM_ORDER_MAX,
  type Template,
  type TemplateItem,
} from '@shared/schemas/templates'
import { templateItems } from '../../db/schema'
import {
  createItem,
  createTemplate,
  expectError,
  expectValidation,
  MISSING_ID,
  signedInClientUser,
  signedInStaff,
  workspaceCounts,
} from '../../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness'

/**
 * Reordering a template's items in one call (POST /api/template-items/{id}/move: the template's
 * orders become 0…n-1) and adding several at once (POST /api/template-items/bulk: all or nothing,
 * after the last item), both under the template's lock.
 */

let t: TestApp
let cookie: string
let orgId: string
let other: { cookie: string; orgId: string; template: Template; item: TemplateItem }
let clientCookie: string
let staffCookie: string

beforeAll(async () => {
  t = await createTestApp()
  const admin = await signedInAdmin(t)
  cookie = admin.cookie
  orgId = admin.user.company.id
  clientCookie = (await signedInClientUser(t, orgId)).cookie
  staffCookie = (await signedInStaff(t, orgId)).cookie
  const b = await signedInAdmin(t)
  const template = await createTemplate(t, b.cookie, { name: 'B’s template' })
  other = {
    cookie: b.cookie,
    orgId: b.user.company.id,
    template,
    item: await createItem(t, b.cookie, { templateId: template.id, title: 'B’s item' }),
  }
})
afterAll(async () => t?.close())

const move = (id: string, body: unknown, as = cookie) =>
  t.request('POST', `/api/template-items/${id}/move`, { cookie: as, body })
const bulk = (body: unknown, as = cookie) =>
  t.request('POST', '/api/template-items/bulk', { cookie: as, body })

async function items(templateId: string, as = cookie) {
  const res = await t.request('GET', `/api/template-items?templateId=${templateId}&limit=500`, {
    cookie: as,
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<TemplateItem[]>()
}
const titles = async (templateId: string) => (await items(templateId)).map((item) => item.title)
const orders = async (templateId: string) => (await items(templateId)).map((item) => item.order)
const range = (n: number) => Array.from({ length: n }, (_, index) => index)

/** The template's rows as stored (every column), by id. */
const rows = async (templateId: string) =>
  (
    await t.app.db.select().from(templateItems).where(eq(templateItems.templateId, templateId))
  ).sort((a, b) => a.id.localeCompare(b.id))

/** A template whose items are titled `names`, in that order (orders 0…n-1). */
async function templateOf(...names: string[]) {
  const template = await createTemplate(t, cookie)
  const res = await bulk({ templateId: template.id, titles: names })
  expect(res.statusCode, res.body).toBe(201)
  const created = res.json<TemplateItem[]>()
  return { template, byTitle: new Map(created.map((item) => [item.title, item])) }
}

describe('POST /api/template-items/{id}/move', () => {
  it('to the first, the last and a middle place: orders 0…n-1 in the new order', async () => {
    const { template, byTitle } = await templateOf('a', 'b', 'c', 'd', 'e')
    const id = (title: string) => byTitle.get(title)!.id

    let res = await move(id('d'), { position: 0 })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json<TemplateItem>()).toMatchObject({ id: id('d'), title: 'd', order: 0 })
    expect(await titles(template.id)).toEqual(['d', 'a', 'b', 'c', 'e'])
    expect(await orders(template.id)).toEqual(range(5))

    res = await move(id('d'), { position: 4 })
    expect(res.json<TemplateItem>().order).toBe(4)
    expect(await titles(template.id)).toEqual(['a', 'b', 'c', 'e', 'd'])

    res = await move(id('a'), { position: 2 })
    expect(res.json<TemplateItem>().order).toBe(2)
    expect(await titles(template.id)).toEqual(['b', 'c', 'a', 'e', 'd'])
    expect(await orders(template.id)).toEqual(range(5))

    res = await move(id('d'), { position: 1 })
    expect(await titles(template.id)).toEqual(['b', 'd', 'c', 'a', 'e'])
    expect(await orders(template.id)).toEqual(range(5))
  })

  it('rewrites only the rows whose place changes; staying put changes nothing', async () => {
    const { template, byTitle } = await templateOf('a', 'b', 'c', 'd')
    const before = await rows(template.id)
    t.clock.advance(60_000)
    expect((await move(byTitle.get('b')!.id, { position: 1 })).statusCode).toBe(200)
    expect(await rows(template.id)).toEqual(before)

    t.clock.advance(60_000)
    expect((await move(byTitle.get('c')!.id, { position: 1 })).statusCode).toBe(200)
    const after = new Map((await rows(template.id)).map((row) => [row.title, row]))
    expect(after.get('a')).toEqual(before.find((row) => row.title === 'a'))
    expect(after.get('d')).toEqual(before.find((row) => row.title === 'd'))
    expect(after.get('b')!.order).toBe(2)
    expect(after.get('c')!.order).toBe(1)
    expect(after.get('c')!.updatedAt.getTime()).toBeGreaterThan(before[0]!.updatedAt.getTime())
  })

  it('orders set by hand (gaps, ties) are numbered afresh in the listed order', async () => {
    const template = await createTemplate(t, cookie)
    const make = async (title: string, order: number) => {
      t.clock.advance(1_000)
      return createItem(t, cookie, { templateId: template.id, title, order })
    }
    await make('x', 7)
    const y = await make('y', 7)
    await make('w', 3)
    await make('z', 50)
    expect(await titles(template.id)).toEqual(['w', 'x', 'y', 'z'])
    expect((await move(y.id, { position: 0 })).statusCode).toBe(200)
    expect(await titles(template.id)).toEqual(['y', 'w', 'x', 'z'])
    expect(await orders(template.id)).toEqual([0, 1, 2, 3])
    // A new item without an order (the item count) goes last again…
    expect((await createItem(t, cookie, { templateId: template.id, title: 'new' })).order).toBe(4)
    expect(await titles(template.id)).toEqual(['y', 'w', 'x', 'z', 'new'])
    // …and the order field stays editable.
    expect(
      (await t.request('PATCH', `/api/template-items/${y.id}`, { cookie, body: { order: 9 } }))
        .statusCode,
    ).toBe(200)
    expect(await titles(template.id)).toEqual(['w', 'x', 'z', 'new', 'y'])
  })

  it('a position past the others’ count → 400 on position, nothing changed', async () => {
    const { template, byTitle } = await templateOf('a', 'b', 'c')
    const before = await rows(template.id)
    const body = expectValidation(await move(byTitle.get('a')!.id, { position: 3 }), ['position'])
    expect(body.message).toBe('Position must be at most 2: this template has 3 items')
    const lone = await templateOf('only')
    expectValidation(await move(lone.byTitle.get('only')!.id, { position: 1 }), ['position'])
    expect((await move(lone.byTitle.get('only')!.id, { position: 0 })).statusCode).toBe(200)
    expect(await rows(template.id)).toEqual(before)
  })

  it('invalid bodies and unknown fields → 400, nothing changed', async () => {
    const { template, byTitle } = await templateOf('a', 'b')
    const id = byTitle.get('b')!.id
    const before = await rows(template.id)
    expectValidation(await move(id, {}), ['position'])
    for (const position of [-1, 1.5, '0', null, true, ITEM_ORDER_MAX + 1])
      expectValidation(await move(id, { position }), ['position'])
    expectValidation(await move(id, { position: 0, order: 0 }), ['order'])
    expectValidation(await move(id, { position: 0, templateId: other.template.id }), ['templateId'])
    expect(await rows(template.id)).toEqual(before)
  })

  it('an unknown id → 404; a malformed id → 400', async () => {
    expectError(await move(MISSING_ID, { position: 0 }), 404, 'NOT_FOUND')
    expectValidation(await move('nope', { position: 0 }), ['id'])
    const { byTitle } = await templateOf('gone')
    const gone = byTitle.get('gone')!.id
    expect((await t.request('DELETE', `/api/template-items/${gone}`, { cookie })).statusCode).toBe(
      204,
    )
    expectError(await move(gone, { position: 0 }), 404, 'NOT_FOUND')
  })

  it('another company’s item → 404, exactly as a missing one, and it stays put', async () => {
    const extra = await createItem(t, other.cookie, { templateId: other.template.id, title: 'B2' })
    const before = await rows(other.template.id)
    const res = expectError(await move(extra.id, { position: 0 }), 404, 'NOT_FOUND')
    expect(res.message).toBe('Item not found')
    expect(await rows(other.template.id)).toEqual(before)
  })

  it('client users and staff are refused (403), whatever the body', async () => {
    const { template, byTitle } = await templateOf('a', 'b')
    const before = await rows(template.id)
    for (const as of [clientCookie, staffCookie]) {
      expectError(await move(byTitle.get('b')!.id, { position: 0 }, as), 403, 'FORBIDDEN')
      expectError(await move('nope', { position: 'x' }, as), 403, 'FORBIDDEN')
    }
    expectError(
      await t.request('POST', `/api/template-items/${MISSING_ID}/move`, {
        body: { position: 0 },
      }),
      401,
      'UNAUTHENTICATED',
    )
    expect(await rows(template.id)).toEqual(before)
  })

  it('moves and additions at once leave every order unique, 0…n-1 after the last move', async () => {
    const names = range(12).map((index) => `item ${index}`)
    const { template, byTitle } = await templateOf(...names)
    const ids = names.map((name) => byTitle.get(name)!.id)
    const calls = [
      ...ids.map((id, index) => move(id, { position: (index * 5) % ids.length })),
      bulk({ templateId: template.id, titles: ['bulk 1', 'bulk 2'] }),
      t.request('POST', '/api/template-items', {
        cookie,
        body: { templateId: template.id, title: 'single' },
      }),
      ...ids.slice(0, 4).map((id) => move(id, { position: 0 })),
    ]
    const answers = await Promise.all(calls)
    for (const res of answers) expect([200, 201], res.body).toContain(res.statusCode)
    const listed = await items(template.id)
    expect(listed).toHaveLength(15)
    expect(new Set(listed.map((item) => item.order)).size).toBe(15)
    // One more move numbers them all again.
    expect((await move(ids[5]!, { position: 14 })).statusCode).toBe(200)
    expect(await orders(template.id)).toEqual(range(15))
  })

  it('two moves of the same template at once: both apply, one after the other', async () => {
    const { template, byTitle } = await templateOf('a', 'b', 'c', 'd')
    const [first, second] = await Promise.all([
      move(byTitle.get('d')!.id, { position: 0 }),
      move(byTitle.get('c')!.id, { position: 0 }),
    ])
    expect(first!.statusCode, first!.body).toBe(200)
    expect(second!.statusCode, second!.body).toBe(200)
    expect(await orders(template.id)).toEqual(range(4))
    expect([
      ['c', 'd', 'a', 'b'],
      ['d', 'c', 'a', 'b'],
    ]).toContainEqual(await titles(template.id))
  })
})

describe('POST /api/template-items/bulk', () => {
  it('201 with the new items, after the last one, in the order given', async () => {
    const template = await createTemplate(t, cookie)
    const first = await createItem(t, cookie, { templateId: template.id, title: 'Existing' })
    const res = await bulk({
      templateId: template.id,
      titles: ['  Bank statements ', 'Signed letter', 'Board minutes'],
    })
    expect(res.statusCode, res.body).toBe(201)
    const created = res.json<TemplateItem[]>()
    expect(created.map((item) => [item.title, item.order])).toEqual([
      ['Bank statements', 1],
      ['Signed letter', 2],
      ['Board minutes', 3],
    ])
    for (const item of created)
      expect(item).toMatchObject({
        templateId: template.id,
        description: null,
        requiresDocument: false,
        requiresResponse: false,
      })
    expect(await items(template.id)).toEqual([first, ...created])
    const stored = await rows(template.id)
    expect(stored.every((row) => row.organizationId === orgId)).toBe(true)
  })

  it('blank lines are skipped; the flags sent go to every item', async () => {
    const template = await createTemplate(t, cookie)
    const res = await bulk({
      templateId: template.id,
      titles: ['', 'One', '   ', '\t', 'Two', ''],
      requiresDocument: true,
      requiresResponse: true,
    })
    expect(res.statusCode, res.body).toBe(201)
    expect(
      res.json<TemplateItem[]>().map((item) => [item.title, item.order, item.requiresDocument]),
    ).toEqual(
      [
        ['One', 0],
        ['Two', 1],
      ].map(([title, order]) => [title, order, true]),
    )
    expect(res.json<TemplateItem[]>().every((item) => item.requiresResponse)).toBe(true)
  })

  it('after the highest order when orders were set by hand; numbered afresh near the cap', async () => {
    const template = await createTemplate(t, cookie)
    await createItem(t, cookie, { templateId: template.id, title: 'late', order: 50 })
    await createItem(t, cookie, { templateId: template.id, title: 'early', order: 0 })
    const res = await bulk({ templateId: template.id, titles: ['n1', 'n2'] })
    expect(res.json<TemplateItem[]>().map((item) => item.order)).toEqual([51, 52])
    expect(await titles(template.id)).toEqual(['early', 'late', 'n1', 'n2'])

    const high = await createTemplate(t, cookie)
    await createItem(t, cookie, { templateId: high.id, title: 'top', order: ITEM_ORDER_MAX })
    await createItem(t, cookie, { templateId: high.id, title: 'low', order: 3 })
    const added = await bulk({ templateId: high.id, titles: ['h1', 'h2'] })
    expect(added.statusCode, added.body).toBe(201)
    expect(await titles(high.id)).toEqual(['low', 'top', 'h1', 'h2'])
    expect(await orders(high.id)).toEqual([0, 1, 2, 3])
  })

  it(`exactly ${ITEM_BATCH_MAX} titles are taken; one more → 400, nothing created`, async () => {
    const template = await createTemplate(t, cookie)
    const many = range(ITEM_BATCH_MAX + 1).map((index) => `Item ${index + 1}`)
    const before = await workspaceCounts(t, orgId)
    const body = expectValidation(await bulk({ templateId: template.id, titles: many }), ['titles'])
    expect(body.errors![0]!.message).toBe(`At most ${ITEM_BATCH_MAX} items at once`)
    expect(await workspaceCounts(t, orgId)).toEqual(before)

    const res = await bulk({ templateId: template.id, titles: many.slice(0, ITEM_BATCH_MAX) })
    expect(res.statusCode, res.body).toBe(201)
    expect(await orders(template.id)).toEqual(range(ITEM_BATCH_MAX))
  })

  it('one bad line refuses them all: 400 naming the line, nothing created', async () => {
    const template = await createTemplate(t, cookie)
    await createItem(t, cookie, { templateId: template.id, title: 'Kept' })
    const before = await workspaceCounts(t, orgId)
    const body = expectValidation(
      await bulk({ templateId: template.id, titles: ['Fine', '', 'x'.repeat(201), 'Also fine'] }),
      ['titles.2'],
    )
    expect(body.errors).toEqual([
      { path: 'titles.2', message: 'Line 3: Title must be at most 200 characters' },
    ])
    expectValidation(await bulk({ templateId: template.id, titles: ['Fine', 'nul\u0000'] }), [
      'titles.1',
    ])
    expectValidation(await bulk({ templateId: template.id, titles: ['Fine', 7] }), ['titles.1'])
    expect(await workspaceCounts(t, orgId)).toEqual(before)
    expect(await titles(template.id)).toEqual(['Kept'])
  })

  it('other invalid bodies and unknown fields → 400, nothing created', async () => {
    const template = await createTemplate(t, cookie)
    const before = await workspaceCounts(t, orgId)
    const templateId = template.id
    expectValidation(await bulk({ templateId }), ['titles'])
    expectValidation(await bulk({ templateId, titles: [] }), ['titles'])
    expectValidation(await bulk({ templateId, titles: ['', '  '] }), ['titles'])
    expectValidation(await bulk({ templateId, titles: 'One\nTwo' }), ['titles'])
    expectValidation(await bulk({ titles: ['One'] }), ['templateId'])
    expectValidation(await bulk({ templateId: 'tpl', titles: ['One'] }), ['templateId'])
    expectValidation(await bulk({ templateId: MISSING_ID, titles: ['One'] }), ['templateId'])
    expectValidation(await bulk({ templateId, titles: ['One'], requiresDocument: 'yes' }), [
      'requiresDocument',
    ])
    for (const extra of [
      { order: 3 },
      { description: 'For all' },
      { title: 'One' },
      { organizationId: MISSING_ID },
    ])
      expectValidation(await bulk({ templateId, titles: ['One'], ...extra }), Object.keys(extra))
    expect(await workspaceCounts(t, orgId)).toEqual(before)
  })

  it('another company’s template → 400 on templateId (as one item’s), nothing created anywhere', async () => {
    const mine = await workspaceCounts(t, orgId)
    const theirs = await workspaceCounts(t, other.orgId)
    const theirItems = await items(other.template.id, other.cookie)
    const body = expectValidation(
      await bulk({ templateId: other.template.id, titles: ['Sneaky', 'Items'] }),
      ['templateId'],
    )
    expect(body.message).toBe('Template not found')
    expect(await workspaceCounts(t, orgId)).toEqual(mine)
    expect(await workspaceCounts(t, other.orgId)).toEqual(theirs)
    expect(await items(other.template.id, other.cookie)).toEqual(theirItems)
  })

  it('client users and staff are refused (403), whatever the body', async () => {
    const template = await createTemplate(t, cookie)
    const before = await workspaceCounts(t, orgId)
    for (const as of [clientCookie, staffCookie]) {
      expectError(await bulk({ templateId: template.id, titles: ['One'] }, as), 403, 'FORBIDDEN')
      expectError(await bulk({ nonsense: true }, as), 403, 'FORBIDDEN')
    }
    expect(await workspaceCounts(t, orgId)).toEqual(before)
  })
})
