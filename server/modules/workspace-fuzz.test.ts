import fc from 'fast-check'
import type { LightMyRequestResponse } from 'fastify'
import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { id as idSchema } from '@shared/schemas/common'
import { createAuditInput, listAuditsQuery, updateAuditInput } from '@shared/schemas/audits'
import { createClientInput, updateClientInput } from '@shared/schemas/clients'
import { createProjectInput, updateProjectInput } from '@shared/schemas/projects'
import {
  createCategoryInput,
  createTemplateInput,
  createTemplateItemInput,
  listTemplateItemsQuery,
  updateCategoryInput,
  updateTemplateInput,
  updateTemplateItemInput,
} from '@shared/schemas/templates'
import {
  audits,
  clients,
  projects,
  templateCategories,
  templateItems,
  templates,
} from '../db/schema'
import {
  createAudit,
  createCategory,
  createItem,
  createProject,
  createTemplate,
  UUID,
  workspaceCounts,
  type WorkspaceCounts,
} from '../test/factories'
import { APP_URL, createTestApp, signedInAdmin, type TestApp } from '../test/harness'

/**
 * Property-based fuzzing of every workspace route that takes a body, a path id or a query: whatever
 * arrives, the answer is never a 5xx; it is a 4xx in the one error shape unless the shared schema
 * accepts the body (then the route's success, or 400 when an id in it is not the company's); and
 * refused requests store and change nothing.
 */

const RUNS = 40

let t: TestApp
let cookie: string
/** The company's own rows: targets of PATCH, and the only ids a body may refer to. */
let own: {
  clientId: string
  projectId: string
  auditId: string
  categoryId: string
  templateId: string
  itemId: string
}
beforeAll(async () => {
  t = await createTestApp()
  cookie = (await signedInAdmin(t)).cookie
  const project = await createProject(t, cookie)
  const template = await createTemplate(t, cookie)
  own = {
    clientId: project.clientId,
    projectId: project.id,
    auditId: (await createAudit(t, cookie, { projectId: project.id })).id,
    categoryId: (await createCategory(t, cookie)).id,
    templateId: template.id,
    itemId: (await createItem(t, cookie, { templateId: template.id })).id,
  }
})
afterAll(async () => t?.close())

/** Sends `payload` exactly as given, as JSON (undefined: no body at all). */
function send(method: 'POST' | 'PATCH', url: string, payload: string | undefined) {
  return t.app.inject({
    method,
    url,
    payload,
    headers: { origin: APP_URL, 'content-type': 'application/json', cookie },
  })
}

/** The one error shape, and nothing of the server's insides. */
function expectCleanError(res: LightMyRequestResponse, where: string) {
  const body = res.json<Record<string, unknown>>()
  expect(typeof body.message, where).toBe('string')
  expect(typeof body.code, where).toBe('string')
  expect(
    Object.keys(body).every((k) => ['message', 'code', 'errors'].includes(k)),
    where,
  ).toBe(true)
  expect(res.body, where).not.toMatch(/Failed query|drizzle|organization_id|\.ts:\d+|stack/i)
}

type Table = keyof WorkspaceCounts
type PgTableWithId =
  | typeof clients
  | typeof projects
  | typeof audits
  | typeof templates
  | typeof templateCategories
  | typeof templateItems
type BodyRoute = {
  method: 'POST' | 'PATCH'
  url: () => string
  schema: z.ZodType
  /** Plausible and implausible values for each field the route knows. */
  fields: () => Record<string, fc.Arbitrary<unknown>>
  /** The status a schema-valid body must get (the parsed body decides about foreign ids). */
  whenValid: (parsed: Record<string, unknown>) => number
  /** POST: the table a created row lands in. */
  table?: Table
  /** PATCH: the target's current state, which a refused request must leave as it was. */
  read?: () => Promise<unknown>
}

/** Mostly a sensible value for the field, sometimes anything else. */
const mostly = <T>(valid: fc.Arbitrary<T>, other: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: other })

const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
)
const awkwardText = fc.oneof(
  fc.constantFrom(
    '',
    '   ',
    ' padded ',
    'a\u0000b',
    'Ünïcödé ✓',
    '<script>x</script>',
    "'; drop table x;--",
  ),
  fc.string({ minLength: 195, maxLength: 205 }),
)
const text = mostly(fc.string({ minLength: 1, maxLength: 30 }), fc.oneof(awkwardText, wrongType))
const anyField = fc.oneof(text, wrongType)
const optionalTextField = mostly(
  fc.oneof(fc.string({ maxLength: 30 }), fc.constant(null)),
  fc.oneof(awkwardText, wrongType, fc.string({ minLength: 4990, maxLength: 5010 })),
)
const email = mostly(
  fc.oneof(
    fc
      .tuple(fc.stringMatching(/^[a-z0-9.]{1,10}$/), fc.constantFrom('example.com', 'Firm.CO.uk'))
      .map(([local, domain]) => `${local}@${domain}`),
    fc.constantFrom('', null, ' Padded@Example.com '),
  ),
  fc.oneof(fc.emailAddress(), fc.constantFrom('not-an-email', 'a@b', '@x.com'), anyField),
)
/** One of ours, a well-formed id of nobody's, or garbage. */
const idOf = (mine: () => string) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant(null).map(() => mine()) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: anyField },
  )
const enumOf = (values: string[]) =>
  fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...values) }, { weight: 1, arbitrary: anyField })
const dueDate = mostly(
  fc.oneof(
    fc
      .date({ min: new Date('0001-01-01'), max: new Date('9999-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
    fc.constant(null),
  ),
  fc.oneof(
    fc.constantFrom('2025-02-30', '2025-13-01', '2025/01/01', '0000-01-01', '2024-02-29', ''),
    anyField,
  ),
)
const order = mostly(
  fc.integer({ min: 0, max: 1000 }),
  fc.oneof(
    fc.integer({ min: -5, max: 200_000 }),
    fc.double(),
    fc.constantFrom('3', null, -0),
    anyField,
  ),
)
const flag = mostly(fc.boolean(), anyField)

const clientFields = () => ({
  name: text,
  email,
  phone: optionalTextField,
  address: optionalTextField,
})
const projectFields = () => ({
  name: text,
  description: optionalTextField,
  clientId: idOf(() => own.clientId),
  status: enumOf(['active', 'completed', 'on_hold']),
})
const auditFields = () => ({
  name: text,
  description: optionalTextField,
  projectId: idOf(() => own.projectId),
  status: enumOf(['in_progress', 'in_review', 'completed']),
  dueDate,
})
const templateFields = () => ({
  name: text,
  description: optionalTextField,
  categoryId: fc.oneof(
    idOf(() => own.categoryId),
    fc.constant(null),
  ),
})
const categoryFields = () => ({ name: text, description: optionalTextField })
const itemFields = () => ({
  title: text,
  description: optionalTextField,
  templateId: idOf(() => own.templateId),
  requiresDocument: flag,
  requiresResponse: flag,
  order,
})

/** The fields less one a PATCH cannot change (it still comes up among the unknown keys). */
function without(fields: Record<string, fc.Arbitrary<unknown>>, key: string) {
  const { [key]: _dropped, ...rest } = fields
  return rest
}

/** Valid for its route only when a foreign id in it is the company's own (or absent/null). */
const ownOrAbsent = (value: unknown, mine: string) =>
  value === undefined || value === null || value === mine

/** A row as stored, read straight from the database (cheaper than a GET, and it sees every column). */
const read = (table: PgTableWithId, id: () => string) => async (): Promise<unknown> =>
  (await t.app.db.select().from(table).where(eq(table.id, id())))[0]

const routes: Record<string, BodyRoute> = {
  'POST /api/clients': {
    method: 'POST',
    url: () => '/api/clients',
    schema: createClientInput,
    fields: clientFields,
    whenValid: () => 201,
    table: 'clients',
  },
  'PATCH /api/clients/{id}': {
    method: 'PATCH',
    url: () => `/api/clients/${own.clientId}`,
    schema: updateClientInput,
    fields: clientFields,
    whenValid: () => 200,
    read: read(clients, () => own.clientId),
  },
  'POST /api/projects': {
    method: 'POST',
    url: () => '/api/projects',
    schema: createProjectInput,
    fields: projectFields,
    whenValid: (body) => (body.clientId === own.clientId ? 201 : 400),
    table: 'projects',
  },
  'PATCH /api/projects/{id}': {
    method: 'PATCH',
    url: () => `/api/projects/${own.projectId}`,
    schema: updateProjectInput,
    fields: projectFields,
    whenValid: (body) => (ownOrAbsent(body.clientId, own.clientId) ? 200 : 400),
    read: read(projects, () => own.projectId),
  },
  'POST /api/audits': {
    method: 'POST',
    url: () => '/api/audits',
    schema: createAuditInput,
    fields: auditFields,
    whenValid: (body) => (body.projectId === own.projectId ? 201 : 400),
    table: 'audits',
  },
  'PATCH /api/audits/{id}': {
    method: 'PATCH',
    url: () => `/api/audits/${own.auditId}`,
    schema: updateAuditInput,
    fields: () => without(auditFields(), 'projectId'),
    whenValid: () => 200,
    read: read(audits, () => own.auditId),
  },
  'POST /api/templates': {
    method: 'POST',
    url: () => '/api/templates',
    schema: createTemplateInput,
    fields: templateFields,
    whenValid: (body) => (ownOrAbsent(body.categoryId, own.categoryId) ? 201 : 400),
    table: 'templates',
  },
  'PATCH /api/templates/{id}': {
    method: 'PATCH',
    url: () => `/api/templates/${own.templateId}`,
    schema: updateTemplateInput,
    fields: templateFields,
    whenValid: (body) => (ownOrAbsent(body.categoryId, own.categoryId) ? 200 : 400),
    read: read(templates, () => own.templateId),
  },
  'POST /api/template-categories': {
    method: 'POST',
    url: () => '/api/template-categories',
    schema: createCategoryInput,
    fields: categoryFields,
    whenValid: () => 201,
    table: 'templateCategories',
  },
  'PATCH /api/template-categories/{id}': {
    method: 'PATCH',
    url: () => `/api/template-categories/${own.categoryId}`,
    schema: updateCategoryInput,
    fields: categoryFields,
    whenValid: () => 200,
    read: read(templateCategories, () => own.categoryId),
  },
  'POST /api/template-items': {
    method: 'POST',
    url: () => '/api/template-items',
    schema: createTemplateItemInput,
    fields: itemFields,
    whenValid: (body) => (body.templateId === own.templateId ? 201 : 400),
    table: 'templateItems',
  },
  'PATCH /api/template-items/{id}': {
    method: 'PATCH',
    url: () => `/api/template-items/${own.itemId}`,
    schema: updateTemplateItemInput,
    fields: () => without(itemFields(), 'templateId'),
    whenValid: () => 200,
    read: read(templateItems, () => own.itemId),
  },
}

/** Sends `value` as JSON and checks the answer, the row counts and the target against the schema's verdict. */
/**
 * What the database held after the previous request of the current test: each check reads the
 * counts (and the PATCH target) once, after its request, and compares them with these.
 */
let known: { counts?: WorkspaceCounts; target?: unknown } = {}
beforeEach(() => {
  known = {}
})

/** Sends `value` as JSON and checks the answer, the row counts and the target against the schema's verdict. */
async function check(route: BodyRoute, value: unknown) {
  const json = JSON.stringify(value)
  const seen: unknown = json === undefined ? undefined : JSON.parse(json)
  const parsed = route.schema.safeParse(seen)
  const countsBefore = (known.counts ??= await workspaceCounts(t))
  if (route.read && !('target' in known)) known.target = await route.read()

  const res = await send(route.method, route.url(), json)
  const where = `${route.method} ${route.url()} ${json?.slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`
  expect(res.statusCode, where).toBeLessThan(500)
  const expected = parsed.success ? route.whenValid(parsed.data as Record<string, unknown>) : 400
  expect(res.statusCode, where).toBe(expected)

  const countsAfter = await workspaceCounts(t)
  known.counts = countsAfter
  if (res.statusCode === 201) {
    expect(res.json<{ id: string }>().id, where).toMatch(UUID)
    expect(countsAfter, where).toEqual({
      ...countsBefore,
      [route.table!]: countsBefore[route.table!] + 1,
    })
  } else {
    expect(countsAfter, where).toEqual(countsBefore)
  }
  if (route.read) {
    const target = await route.read()
    if (res.statusCode >= 400) expect(target, where).toEqual(known.target)
    known.target = target
  }
  if (res.statusCode >= 400) expectCleanError(res, where)
}

/** JSON-ish values of every shape, including the awkward ones (-0, NaN, undefined, deep nesting). */
const anyValue = fc.oneof(
  fc.anything(),
  fc.jsonValue(),
  fc.object(),
  fc.array(fc.anything(), { maxLength: 5 }),
)

/** The route's fields with arbitrary values, any of them missing, sometimes with extra keys. */
function looseRecord(fields: Record<string, fc.Arbitrary<unknown>>) {
  const extraKey = fc.oneof(
    fc.constantFrom(
      'organizationId',
      'id',
      'createdAt',
      'updatedAt',
      'role',
      'itemCount',
      'clientName',
      'projectId',
      'templateId',
    ),
    fc.string({ minLength: 1, maxLength: 12 }),
  )
  return fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      fc.oneof(
        { weight: 3, arbitrary: fc.constant({}) },
        {
          weight: 1,
          arbitrary: fc.dictionary(extraKey, fc.jsonValue({ maxDepth: 1 }), {
            minKeys: 1,
            maxKeys: 2,
          }),
        },
      ),
    )
    .map(([record, extra]) => ({ ...extra, ...record }))
}

describe.each(Object.entries(routes))('%s', (_name, route) => {
  it('arbitrary JSON values → never 5xx; 4xx unless the shared schema accepts them; nothing stored', async () => {
    await fc.assert(
      fc.asyncProperty(anyValue, (value) => check(route, value)),
      { numRuns: RUNS, examples: [[undefined], [null], [[]], ['text'], [0], [{}]] },
    )
  })

  it('records of the route’s fields with wrong types, missing and unknown keys → as the schema says', async () => {
    await fc.assert(
      fc.asyncProperty(looseRecord(route.fields()), (value) => check(route, value)),
      { numRuns: RUNS },
    )
  })
})

describe('bodies that are not JSON at all', () => {
  it('→ 400, 413 or 415 on every POST and PATCH, nothing stored', async () => {
    const raw = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.json(),
      fc.string({ unit: 'binary', maxLength: 30 }),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.values(routes)),
        raw,
        fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
        async (route, payload, type) => {
          const before = await workspaceCounts(t)
          const res = await t.app.inject({
            method: route.method,
            url: route.url(),
            payload,
            headers: { origin: APP_URL, 'content-type': type, cookie },
          })
          const where = `${route.method} ${route.url()} ${type} ${JSON.stringify(payload)} → ${res.statusCode} ${res.body}`
          expect(res.statusCode, where).toBeLessThan(500)
          if (type !== 'application/json' || !route.schema.safeParse(tryParse(payload)).success) {
            expect([400, 413, 415], where).toContain(res.statusCode)
            expectCleanError(res, where)
            expect(await workspaceCounts(t), where).toEqual(before)
          }
        },
      ),
      {
        numRuns: RUNS * 2,
        examples: [[routes['POST /api/clients']!, '{"name":', 'application/json']],
      },
    )
  })
})

function tryParse(payload: string): unknown {
  try {
    return JSON.parse(payload)
  } catch {
    return Symbol('not JSON')
  }
}

describe('path ids', () => {
  it('any string as {id} → 400 unless it is a uuid (then 404: nobody’s); never 5xx', async () => {
    const before = await workspaceCounts(t)
    const bases = [
      '/api/clients',
      '/api/projects',
      '/api/audits',
      '/api/templates',
      '/api/template-categories',
      '/api/template-items',
    ]
    const id = fc
      .oneof(
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 10 }),
        fc.uuid(),
        fc.uuid().map((u) => u.toUpperCase()),
        fc.constantFrom(
          '%',
          '00000000-0000-0000-0000-000000000000',
          'ffffffff-ffff-ffff-ffff-ffffffffffff',
        ),
      )
      // Dot segments are resolved as paths (/api/clients/.. is /api/), so they never reach {id}.
      .filter((raw) => raw !== '.' && raw !== '..')
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...bases),
        fc.constantFrom('GET', 'PATCH', 'DELETE') as fc.Arbitrary<'GET' | 'PATCH' | 'DELETE'>,
        id,
        async (base, method, raw) => {
          if (base === '/api/template-items' && method === 'GET') return
          const url = `${base}/${encodeURIComponent(raw)}`
          const body =
            method !== 'PATCH'
              ? undefined
              : base === '/api/template-items'
                ? { title: 'x' }
                : { name: 'x' }
          const res = await t.request(method, url, { cookie, body })
          const where = `${method} ${url} → ${res.statusCode} ${res.body}`
          expect(res.statusCode, where).toBeLessThan(500)
          expectCleanError(res, where)
          // Validated before any lookup: a well-formed id is nobody's here (404), anything else is 400.
          expect(res.statusCode, where).toBe(idSchema.safeParse(raw).success ? 404 : 400)
        },
      ),
      { numRuns: RUNS * 2 },
    )
    expect(await workspaceCounts(t)).toEqual(before)
  })
})

describe('list queries', () => {
  const cases = {
    '/api/audits': { key: 'projectId', schema: listAuditsQuery, mine: () => own.projectId },
    '/api/template-items': {
      key: 'templateId',
      schema: listTemplateItemsQuery,
      mine: () => own.templateId,
    },
  }
  it.each(Object.entries(cases))(
    '%s with any query → 200 for our own id, 404 for nobody’s, else 400',
    async (path, { key, schema, mine }) => {
      const value = fc.oneof(
        fc.constant(null).map(() => mine()),
        fc.uuid(),
        fc.string({ maxLength: 40 }),
      )
      const query = fc.dictionary(
        fc.constantFrom(key, key.toLowerCase(), 'x', 'limit', 'id'),
        value,
        { maxKeys: 3 },
      )
      await fc.assert(
        fc.asyncProperty(query, async (params) => {
          const url = `${path}?${new URLSearchParams(params).toString()}`
          const res = await t.request('GET', url, { cookie })
          const where = `${url} → ${res.statusCode} ${res.body.slice(0, 200)}`
          expect(res.statusCode, where).toBeLessThan(500)
          const parsed = schema.safeParse(params)
          const expected = !parsed.success ? 400 : params[key] === mine() ? 200 : 404
          expect(res.statusCode, where).toBe(expected)
          if (expected !== 200) expectCleanError(res, where)
        }),
        { numRuns: RUNS },
      )
    },
  )
})
