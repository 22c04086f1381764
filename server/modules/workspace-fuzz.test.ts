import fc from 'fast-check'
import type { LightMyRequestResponse } from 'fastify'
import { asc, eq, inArray, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { id as idSchema } from '@shared/schemas/common'
import {
  createAuditInput,
  listAuditsQuery,
  updateAuditInput,
  updateTeamInput,
} from '@shared/schemas/audits'
import { createClientInput, updateClientInput } from '@shared/schemas/clients'
import { createProjectInput, updateProjectInput } from '@shared/schemas/projects'
import {
  bulkUpdateRequestsInput,
  createCommentInput,
  createRequestInput,
  fromTemplateInput,
  moveRequestInput,
  reasonInput,
  sendRequestsInput,
  submitRequestInput,
  updateRequestInput,
  type AuditRequest,
  type RequestStatus,
} from '@shared/schemas/requests'
import {
  createCategoryInput,
  createTemplateInput,
  createTemplateItemInput,
  listTemplateItemsQuery,
  updateCategoryInput,
  updateTemplateInput,
  updateTemplateItemInput,
  bulkCreateTemplateItemsInput,
  ITEM_BATCH_MAX,
  moveTemplateItemInput,
} from '@shared/schemas/templates'
import { selectRows } from '../db/client'
import {
  activityEvents,
  auditMembers,
  auditRequests,
  audits,
  clients,
  projects,
  requestComments,
  requestFiles,
  requestVersions,
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
  signedInClientUser,
  UUID,
  workspaceCounts,
  type WorkspaceCounts,
} from '../test/factories'
import { looseRecord, withoutPoisonedKeys } from '../test/fuzz'
import { APP_URL, createTestApp, signedInAdmin, type TestApp } from '../test/harness'
import { multipartBody } from '../test/multipart'

/** Keys a generated body may carry beyond its fields: ones a client might try to set, others' fields. */
const EXTRA_KEYS = [
  'organizationId',
  'id',
  'createdAt',
  'updatedAt',
  'role',
  'itemCount',
  'clientName',
  'projectId',
  'templateId',
  'auditId',
  'status',
  'sentAt',
  'requestIds',
]

/**
 * Property-based fuzzing of every workspace and audit-request route that takes a body, a path id or
 * a query: whatever arrives, the answer is never a 5xx; it is a 4xx in the one error shape unless
 * the shared schema accepts the body (then the route's success, 400 when an id in it is not the
 * company's, or 409 when the request's status forbids the move); and refused requests store and
 * change nothing.
 */

const RUNS = 40

let t: TestApp
/** The company's admin (staff). */
let cookie: string
/** A client user of the company's client: the one who submits. */
let clientCookie: string
/** The company's own rows: targets of PATCH, and the only ids a body may refer to. */
let own: {
  clientId: string
  projectId: string
  auditId: string
  categoryId: string
  templateId: string
  itemId: string
  adminId: string
  /** The client user: the only valid assignee of the requests' audits. */
  assigneeId: string
  /** Where requests are created, added from the template and bulk-edited. */
  requestsAuditId: string
  /** A template of its own, with FROM_TEMPLATE_ITEMS items that no other route changes. */
  fromTemplateId: string
  /** Drafts and requests the routes act on (see beforeAll). */
  patchTarget: string
  bulkDraft: string
  bulkSent: string
  cycle: string
  notApplicable: string
  /** The send route's audit: one draft that can be sent, one that cannot (no assignee). */
  sendAuditId: string
  sendAssigned: string
  sendUnassigned: string
  /** The move route's audit: two drafts, a sent request between them; the first one moves. */
  moveAuditId: string
  moveTarget: string
}
const FROM_TEMPLATE_ITEMS = 2

beforeAll(async () => {
  t = await createTestApp()
  const admin = await signedInAdmin(t)
  cookie = admin.cookie
  const project = await createProject(t, cookie)
  const template = await createTemplate(t, cookie)
  const member = await signedInClientUser(t, admin.user.company.id, project.clientId)
  clientCookie = member.cookie
  const requestsAuditId = (await createAudit(t, cookie, { projectId: project.id })).id
  const sendAuditId = (await createAudit(t, cookie, { projectId: project.id })).id
  const moveAuditId = (await createAudit(t, cookie, { projectId: project.id })).id
  const fromTemplateId = (await createTemplate(t, cookie)).id
  for (let i = 0; i < FROM_TEMPLATE_ITEMS; i++)
    await createItem(t, cookie, { templateId: fromTemplateId })
  const draft = async (auditId: string, body: Record<string, unknown> = {}) => {
    const res = await t.request('POST', `/api/audits/${auditId}/requests`, {
      cookie,
      body: { title: 'Request', ...body },
    })
    if (res.statusCode !== 201) throw new Error(`request: ${res.statusCode} ${res.body}`)
    return res.json<AuditRequest>().id
  }
  const assigned = { assigneeId: member.user.id }
  const sent = {
    bulkSent: await draft(requestsAuditId, assigned),
    cycle: await draft(requestsAuditId, { ...assigned, responseRequired: true }),
    notApplicable: await draft(requestsAuditId, assigned),
  }
  const moveTarget = await draft(moveAuditId)
  const moveSent = await draft(moveAuditId, assigned)
  await draft(moveAuditId)
  for (const [auditId, requestIds] of [
    [requestsAuditId, Object.values(sent)],
    [moveAuditId, [moveSent]],
  ] as const) {
    const res = await t.request('POST', `/api/audits/${auditId}/send`, {
      cookie,
      body: { requestIds },
    })
    if (res.statusCode !== 200) throw new Error(`send: ${res.statusCode} ${res.body}`)
  }
  own = {
    clientId: project.clientId,
    projectId: project.id,
    auditId: (await createAudit(t, cookie, { projectId: project.id })).id,
    categoryId: (await createCategory(t, cookie)).id,
    templateId: template.id,
    itemId: (await createItem(t, cookie, { templateId: template.id })).id,
    adminId: admin.user.id,
    assigneeId: member.user.id,
    requestsAuditId,
    fromTemplateId,
    patchTarget: await draft(requestsAuditId),
    bulkDraft: await draft(requestsAuditId, assigned),
    ...sent,
    sendAuditId,
    sendAssigned: await draft(sendAuditId, assigned),
    sendUnassigned: await draft(sendAuditId),
    moveAuditId,
    moveTarget,
  }
})
afterAll(async () => t?.close())

/** Sends `payload` exactly as given, as JSON (undefined: no body at all). */
function send(
  method: 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload: string | undefined,
  as: string = cookie,
) {
  return t.app.inject({
    method,
    url,
    payload,
    headers: { origin: APP_URL, 'content-type': 'application/json', cookie: as },
  })
}

const requestTables = {
  requests: auditRequests,
  versions: requestVersions,
  comments: requestComments,
  files: requestFiles,
  activity: activityEvents,
}
type Counts = WorkspaceCounts & Record<keyof typeof requestTables, number>

/** Row counts of every workspace and request table, and of the activity log. */
async function counts(): Promise<Counts> {
  const columns = Object.entries(requestTables).map(
    ([name, table]) => sql`(select count(*)::int from ${table}) as ${sql.identifier(name)}`,
  )
  const [row] = await selectRows<Record<keyof typeof requestTables, number>>(
    t.app.db,
    sql`select ${sql.join(columns, sql`, `)}`,
  )
  return { ...(await workspaceCounts(t)), ...row! }
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

type Table = keyof Counts
type PgTableWithId =
  | typeof clients
  | typeof projects
  | typeof audits
  | typeof templates
  | typeof templateCategories
  | typeof templateItems
type BodyRoute = {
  method: 'POST' | 'PATCH' | 'PUT'
  url: () => string
  /** Who calls: the admin unless said otherwise. */
  cookie?: () => string
  schema: z.ZodType
  /** Plausible and implausible values for each field the route knows. */
  fields: () => Record<string, fc.Arbitrary<unknown>>
  /**
   * The status a schema-valid body must get, asked before the request is sent (the parsed body
   * decides about foreign ids; a request's current status decides about moving it).
   */
  whenValid: (parsed: Record<string, unknown>) => number | Promise<number>
  /** POST: the table a created row lands in. */
  table?: Table
  /** The rows a success adds (default: one in `table` for a 201, none otherwise), events aside. */
  adds?: (parsed: Record<string, unknown>) => Partial<Counts>
  /** The target's current state, which a refused request must leave as it was. */
  read?: () => Promise<unknown>
  /** Before each body: moves the target back to where a valid body can move it on (true if it did). */
  prepare?: () => Promise<boolean>
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
/** Text of a length near `max`, on either side of it. */
const nearMax = (max: number) => fc.string({ minLength: max - 10, maxLength: max + 10 })
const requiredTextUpTo = (max: number) =>
  mostly(fc.string({ minLength: 1, maxLength: 30 }), fc.oneof(awkwardText, wrongType, nearMax(max)))
/** The client user, nobody, a user who is not a client user, a stranger's id, or garbage. */
const assignee = fc.oneof(
  { weight: 5, arbitrary: fc.constant(null).map(() => own.assigneeId) },
  { weight: 2, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constant(null).map(() => own.adminId) },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: anyField },
)
const position = mostly(
  fc.integer({ min: 0, max: 1000 }),
  fc.oneof(fc.constantFrom(100_000, 100_001, -1, 2.5, '3', null), fc.double(), anyField),
)
/** Lists of some of `mine` (now and then a stranger's id among them), or anything else. */
const idsOf = (mine: () => string[]) =>
  mostly(
    fc.array(
      fc.oneof(
        { weight: 6, arbitrary: fc.nat().map((i) => mine()[i % mine().length]!) },
        { weight: 1, arbitrary: fc.uuid() },
      ),
      { minLength: 1, maxLength: 3 },
    ),
    fc.oneof(
      fc.constant([]),
      fc.array(anyField, { minLength: 1, maxLength: 3 }),
      fc.constant(null).map(() => Array<string>(501).fill(mine()[0]!)),
      anyField,
    ),
  )

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

const requestFields = () => ({
  title: text,
  description: optionalTextField,
  documentRequired: flag,
  responseRequired: flag,
  position,
  assigneeId: assignee,
  dueDate,
})
const reasonFields = () => ({ reason: requiredTextUpTo(2000) })

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

/** Requests as stored, with their versions and comments. */
const readRequests = (ids: () => string[]) => async () => ({
  requests: await t.app.db
    .select()
    .from(auditRequests)
    .where(inArray(auditRequests.id, ids()))
    .orderBy(asc(auditRequests.id)),
  versions: await t.app.db
    .select()
    .from(requestVersions)
    .where(inArray(requestVersions.requestId, ids()))
    .orderBy(asc(requestVersions.id)),
  comments: await t.app.db
    .select()
    .from(requestComments)
    .where(inArray(requestComments.requestId, ids()))
    .orderBy(asc(requestComments.id)),
})
const requestsOfAudit = (auditId: string) =>
  t.app.db
    .select({
      id: auditRequests.id,
      status: auditRequests.status,
      assignee: auditRequests.assigneeUserId,
    })
    .from(auditRequests)
    .where(eq(auditRequests.auditId, auditId))
const itemsOf = async (templateId: string) =>
  (
    await t.app.db
      .select({ id: templateItems.id })
      .from(templateItems)
      .where(eq(templateItems.templateId, templateId))
  ).length
const draftsOf = async (auditId: string) =>
  (await requestsOfAudit(auditId)).filter((row) => row.status === 'draft').length
const statusOf = async (id: string): Promise<RequestStatus> =>
  (
    await t.app.db
      .select({ status: auditRequests.status })
      .from(auditRequests)
      .where(eq(auditRequests.id, id))
  )[0]!.status
/** 200 when the request's current status allows the move, else 409. */
const movableFrom = (id: () => string, from: RequestStatus[]) => async () =>
  from.includes(await statusOf(id())) ? 200 : 409
/** Moves a request through the API, as `as`. */
async function move(as: string, url: string, body: unknown) {
  const res = await t.request('POST', url, { cookie: as, body })
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
}

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
    // Not `completed`: that locks the audit the other routes here work in (audits/lock.test.ts).
    fields: () => ({
      ...without(auditFields(), 'projectId'),
      status: enumOf(['in_progress', 'in_review']),
    }),
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
  'POST /api/template-items/bulk': {
    method: 'POST',
    url: () => '/api/template-items/bulk',
    schema: bulkCreateTemplateItemsInput,
    fields: () => ({
      templateId: idOf(() => own.templateId),
      titles: mostly(
        fc.array(text, { maxLength: 4 }),
        fc.oneof(
          wrongType,
          fc.array(fc.constant('Line'), {
            minLength: ITEM_BATCH_MAX - 1,
            maxLength: ITEM_BATCH_MAX + 2,
          }),
        ),
      ),
      requiresDocument: flag,
      requiresResponse: flag,
    }),
    whenValid: (body) => (body.templateId === own.templateId ? 201 : 400),
    // One item per non-blank title (the schema has dropped the blank ones).
    adds: (body) => ({ templateItems: (body.titles as string[]).length }),
  },
  'POST /api/template-items/{id}/move': {
    method: 'POST',
    url: () => `/api/template-items/${own.itemId}/move`,
    schema: moveTemplateItemInput,
    fields: () => ({
      position: mostly(
        fc.integer({ min: 0, max: 3 }),
        fc.oneof(fc.constantFrom(-1, 2.5, '1', null, 100_001), fc.double(), anyField),
      ),
    }),
    // A place among the template's other items: up to their count.
    whenValid: async (body) =>
      (body.position as number) < (await itemsOf(own.templateId)) ? 200 : 400,
    read: async () =>
      t.app.db
        .select({ id: templateItems.id, order: templateItems.order })
        .from(templateItems)
        .where(eq(templateItems.templateId, own.templateId))
        .orderBy(asc(templateItems.id)),
  },
  'POST /api/audits/{id}/requests': {
    method: 'POST',
    url: () => `/api/audits/${own.requestsAuditId}/requests`,
    schema: createRequestInput,
    fields: requestFields,
    // A place among the drafts goes up to their count (after the last one).
    whenValid: async (body) =>
      ownOrAbsent(body.assigneeId, own.assigneeId) &&
      (body.position === undefined ||
        (body.position as number) <= (await draftsOf(own.requestsAuditId)))
        ? 201
        : 400,
    table: 'requests',
  },
  'PATCH /api/audits/{id}/requests': {
    method: 'PATCH',
    url: () => `/api/audits/${own.requestsAuditId}/requests`,
    schema: bulkUpdateRequestsInput,
    fields: () => ({
      requestIds: idsOf(() => [own.bulkDraft, own.bulkSent]),
      assigneeId: assignee,
      dueDate,
    }),
    // The service's order of refusals; neither request is ever accepted, so none answers 409.
    whenValid: (body) => {
      const ids = body.requestIds as string[]
      if (body.assigneeId === undefined && body.dueDate === undefined) return 400
      if (!ids.every((id) => [own.bulkDraft, own.bulkSent].includes(id))) return 400
      if (!ownOrAbsent(body.assigneeId, own.assigneeId)) return 400
      if (body.assigneeId === null && ids.includes(own.bulkSent)) return 400
      return 200
    },
    read: readRequests(() => [own.bulkDraft, own.bulkSent]),
  },
  'POST /api/audits/{id}/requests/from-template': {
    method: 'POST',
    url: () => `/api/audits/${own.requestsAuditId}/requests/from-template`,
    schema: fromTemplateInput,
    fields: () => ({ templateId: idOf(() => own.fromTemplateId) }),
    whenValid: (body) => (body.templateId === own.fromTemplateId ? 201 : 400),
    adds: () => ({ requests: FROM_TEMPLATE_ITEMS }),
  },
  'POST /api/audits/{id}/send': {
    method: 'POST',
    url: () => `/api/audits/${own.sendAuditId}/send`,
    schema: sendRequestsInput,
    fields: () => ({ requestIds: idsOf(() => [own.sendAssigned, own.sendUnassigned]) }),
    // Omitted ids mean every draft, and one draft never has an assignee: only
    // `requestIds: [sendAssigned]` can succeed, once.
    whenValid: async (body) => {
      const rows = new Map((await requestsOfAudit(own.sendAuditId)).map((row) => [row.id, row]))
      const ids = body.requestIds as string[] | undefined
      let chosen = [...rows.values()].filter((row) => row.status === 'draft')
      if (ids) {
        if (!ids.every((id) => rows.has(id))) return 400
        chosen = ids.map((id) => rows.get(id)!)
        if (chosen.some((row) => row.status !== 'draft')) return 409
      } else if (chosen.length === 0) return 409
      return chosen.some((row) => row.assignee === null) ? 400 : 200
    },
    read: readRequests(() => [own.sendAssigned, own.sendUnassigned]),
  },
  'PATCH /api/requests/{id}': {
    method: 'PATCH',
    url: () => `/api/requests/${own.patchTarget}`,
    schema: updateRequestInput,
    fields: requestFields,
    // A draft: every field may change; its place goes up to the count of the other drafts.
    whenValid: async (body) =>
      ownOrAbsent(body.assigneeId, own.assigneeId) &&
      (body.position === undefined ||
        (body.position as number) < (await draftsOf(own.requestsAuditId)))
        ? 200
        : 400,
    read: readRequests(() => [own.patchTarget]),
  },
  'POST /api/requests/{id}/submit (client user)': {
    method: 'POST',
    url: () => `/api/requests/${own.cycle}/submit`,
    cookie: () => clientCookie,
    schema: submitRequestInput,
    fields: () => ({
      response: mostly(
        fc.oneof(fc.string({ minLength: 1, maxLength: 30 }), fc.constant(null)),
        fc.oneof(awkwardText, wrongType, nearMax(20_000)),
      ),
    }),
    // Sent (the first time) or returned → submitted; this request requires a response.
    whenValid: async (body) => {
      if (!['sent', 'returned'].includes(await statusOf(own.cycle))) return 409
      return body.response ? 200 : 400
    },
    adds: () => ({ versions: 1 }),
    read: readRequests(() => [own.cycle]),
    prepare: async () => {
      if ((await statusOf(own.cycle)) !== 'submitted') return false
      await move(cookie, `/api/requests/${own.cycle}/return`, { reason: 'Once more' })
      return true
    },
  },
  'POST /api/requests/{id}/return': {
    method: 'POST',
    url: () => `/api/requests/${own.cycle}/return`,
    schema: reasonInput,
    fields: reasonFields,
    whenValid: movableFrom(() => own.cycle, ['submitted']),
    read: readRequests(() => [own.cycle]),
    prepare: async () => {
      if ((await statusOf(own.cycle)) === 'submitted') return false
      await move(clientCookie, `/api/requests/${own.cycle}/submit`, { response: 'Once more' })
      return true
    },
  },
  'POST /api/requests/{id}/not-applicable': {
    method: 'POST',
    url: () => `/api/requests/${own.notApplicable}/not-applicable`,
    schema: reasonInput,
    fields: reasonFields,
    // Final: after the first success, valid bodies get 409 and must change nothing either.
    whenValid: movableFrom(() => own.notApplicable, ['draft', 'sent', 'submitted', 'returned']),
    read: readRequests(() => [own.notApplicable]),
  },
  'POST /api/requests/{id}/move': {
    method: 'POST',
    url: () => `/api/requests/${own.moveTarget}/move`,
    schema: moveRequestInput,
    fields: () => ({ position }),
    // Two drafts: places 0 and 1; the sent request between them never moves.
    whenValid: (body) => ((body.position as number) <= 1 ? 200 : 400),
    read: async () =>
      t.app.db
        .select({ id: auditRequests.id, position: auditRequests.position })
        .from(auditRequests)
        .where(eq(auditRequests.auditId, own.moveAuditId))
        .orderBy(asc(auditRequests.id)),
  },
  'PUT /api/audits/{id}/team': {
    method: 'PUT',
    url: () => `/api/audits/${own.auditId}/team`,
    schema: updateTeamInput,
    fields: () => ({
      leadId: fc.oneof(
        assignee,
        fc.constant(null).map(() => own.adminId),
      ),
      memberIds: idsOf(() => [own.adminId, own.assigneeId]),
    }),
    // Only the firm's people: the admin; the client user or a stranger → 400.
    whenValid: (body) =>
      ownOrAbsent(body.leadId, own.adminId) &&
      (body.memberIds as string[]).every((id) => id === own.adminId)
        ? 200
        : 400,
    read: async () =>
      t.app.db
        .select()
        .from(auditMembers)
        .where(eq(auditMembers.auditId, own.auditId))
        .orderBy(asc(auditMembers.userId)),
  },
  'POST /api/requests/{id}/comments': {
    method: 'POST',
    url: () => `/api/requests/${own.cycle}/comments`,
    schema: createCommentInput,
    fields: () => ({ body: requiredTextUpTo(5000), internal: flag }),
    whenValid: () => 201,
    table: 'comments',
  },
}

/**
 * What the database held after the previous request of the current test: each check reads the
 * counts (and the PATCH target) once, after its request, and compares them with these.
 */
let known: { counts?: Counts; target?: unknown } = {}
beforeEach(() => {
  known = {}
})

/** Sends `value` as JSON and checks the answer, the row counts and the target against the schema's verdict. */
async function check(route: BodyRoute, value: unknown) {
  if (await route.prepare?.()) known = {}
  const json = JSON.stringify(value)
  const seen: unknown = json === undefined ? undefined : JSON.parse(json)
  const parsed = route.schema.safeParse(seen)
  const body = parsed.data as Record<string, unknown>
  const expected = parsed.success ? await route.whenValid(body) : 400
  const countsBefore = (known.counts ??= await counts())
  if (route.read && !('target' in known)) known.target = await route.read()

  const res = await send(route.method, route.url(), json, route.cookie?.())
  const where = `${route.method} ${route.url()} ${json?.slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`
  expect(res.statusCode, where).toBeLessThan(500)
  expect(res.statusCode, where).toBe(expected)

  const countsAfter = await counts()
  known.counts = countsAfter
  if (res.statusCode < 400) {
    if (res.statusCode === 201)
      for (const created of [res.json<{ id: string } | Array<{ id: string }>>()].flat())
        expect(created.id, where).toMatch(UUID)
    const adds: Partial<Counts> =
      route.adds?.(body) ?? (res.statusCode === 201 ? { [route.table!]: 1 } : {})
    const grown = { ...countsBefore }
    for (const [table, n] of Object.entries(adds)) grown[table as Table] += n
    // Which events a success logs is the routes' own tests' concern; a refusal logs none (below).
    expect({ ...countsAfter, activity: 0 }, where).toEqual({ ...grown, activity: 0 })
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
const anyValue = withoutPoisonedKeys(
  fc.oneof(fc.anything(), fc.jsonValue(), fc.object(), fc.array(fc.anything(), { maxLength: 5 })),
)

describe.each(Object.entries(routes))('%s', (_name, route) => {
  it('arbitrary JSON values → never 5xx; 4xx unless the shared schema accepts them; nothing stored', async () => {
    await fc.assert(
      fc.asyncProperty(anyValue, (value) => check(route, value)),
      { numRuns: RUNS, examples: [[undefined], [null], [[]], ['text'], [0], [{}]] },
    )
  })

  it('records of the route’s fields with wrong types, missing and unknown keys → as the schema says', async () => {
    await fc.assert(
      fc.asyncProperty(looseRecord(route.fields(), EXTRA_KEYS), (value) => check(route, value)),
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
          const before = await counts()
          const res = await t.app.inject({
            method: route.method,
            url: route.url(),
            payload,
            headers: { origin: APP_URL, 'content-type': type, cookie: route.cookie?.() ?? cookie },
          })
          const where = `${route.method} ${route.url()} ${type} ${JSON.stringify(payload)} → ${res.statusCode} ${res.body}`
          expect(res.statusCode, where).toBeLessThan(500)
          if (type !== 'application/json' || !route.schema.safeParse(tryParse(payload)).success) {
            expect([400, 413, 415], where).toContain(res.statusCode)
            expectCleanError(res, where)
            expect(await counts(), where).toEqual(before)
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

/** Any string, as a path segment may carry it. */
const rawId = fc
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

describe('path ids', () => {
  it('any string as {id} → 400 unless it is a uuid (then 404: nobody’s); never 5xx', async () => {
    const before = await counts()
    const bases = [
      '/api/clients',
      '/api/projects',
      '/api/audits',
      '/api/templates',
      '/api/template-categories',
      '/api/template-items',
    ]
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...bases),
        fc.constantFrom('GET', 'PATCH', 'DELETE') as fc.Arbitrary<'GET' | 'PATCH' | 'DELETE'>,
        rawId,
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
    expect(await counts()).toEqual(before)
  })

  it('any string as the {id} of a request, file or audit-export route → 400 unless a uuid (then 404); never 5xx, nothing stored', async () => {
    const before = await counts()
    type Call = {
      method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
      url: (id: string) => string
      body?: () => unknown
      /** A client user's route: called as the client user. */
      client?: boolean
    }
    const calls: Call[] = [
      { method: 'GET', url: (id) => `/api/requests/${id}` },
      { method: 'GET', url: (id) => `/api/files/${id}` },
      { method: 'GET', url: (id) => `/api/audits/${id}/export.csv` },
      { method: 'GET', url: (id) => `/api/audits/${id}/export.zip` },
      { method: 'GET', url: (id) => `/api/audits/${id}/requests` },
      { method: 'GET', url: (id) => `/api/requests/${id}/comments` },
      { method: 'POST', url: (id) => `/api/audits/${id}/requests`, body: () => ({ title: 'x' }) },
      {
        method: 'PATCH',
        url: (id) => `/api/audits/${id}/requests`,
        body: () => ({ requestIds: [own.bulkDraft], dueDate: null }),
      },
      {
        method: 'POST',
        url: (id) => `/api/audits/${id}/requests/from-template`,
        body: () => ({ templateId: own.fromTemplateId }),
      },
      { method: 'POST', url: (id) => `/api/audits/${id}/send`, body: () => ({}) },
      { method: 'PATCH', url: (id) => `/api/requests/${id}`, body: () => ({ title: 'x' }) },
      { method: 'DELETE', url: (id) => `/api/requests/${id}` },
      { method: 'POST', url: (id) => `/api/requests/${id}/accept` },
      { method: 'POST', url: (id) => `/api/requests/${id}/return`, body: () => ({ reason: 'x' }) },
      {
        method: 'POST',
        url: (id) => `/api/requests/${id}/not-applicable`,
        body: () => ({ reason: 'x' }),
      },
      { method: 'POST', url: (id) => `/api/requests/${id}/proposal/accept` },
      {
        method: 'POST',
        url: (id) => `/api/requests/${id}/proposal/decline`,
        body: () => ({ reason: 'x' }),
      },
      { method: 'POST', url: (id) => `/api/requests/${id}/comments`, body: () => ({ body: 'x' }) },
      { method: 'POST', url: (id) => `/api/requests/${id}/move`, body: () => ({ position: 0 }) },
      {
        method: 'POST',
        url: (id) => `/api/template-items/${id}/move`,
        body: () => ({ position: 0 }),
      },
      { method: 'GET', url: (id) => `/api/requests/${id}/assignees` },
      { method: 'GET', url: (id) => `/api/audits/${id}/assignees` },
      { method: 'GET', url: (id) => `/api/audits/${id}/team-candidates` },
      {
        method: 'PUT',
        url: (id) => `/api/audits/${id}/team`,
        body: () => ({ leadId: null, memberIds: [] }),
      },
      {
        method: 'POST',
        url: (id) => `/api/requests/${id}/submit`,
        body: () => ({ response: 'x' }),
        client: true,
      },
      {
        method: 'POST',
        url: (id) => `/api/requests/${id}/propose-not-applicable`,
        body: () => ({ reason: 'x' }),
        client: true,
      },
      {
        method: 'POST',
        url: (id) => `/api/requests/${id}/ask`,
        body: () => ({ question: 'x' }),
        client: true,
      },
      { method: 'GET', url: (id) => `/api/files/${id}/preview` },
      { method: 'POST', url: (id) => `/api/requests/${id}/files`, client: true },
      { method: 'DELETE', url: (id) => `/api/files/${id}`, client: true },
    ]
    const upload = multipartBody([{ name: 'a.txt', data: Buffer.from('text\n') }])
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...calls), rawId, async (call, raw) => {
        const url = call.url(encodeURIComponent(raw))
        const as = call.client ? clientCookie : cookie
        const res = url.endsWith('/files')
          ? await t.app.inject({
              method: 'POST',
              url,
              payload: upload.payload,
              headers: { origin: APP_URL, cookie: as, 'content-type': upload.contentType },
            })
          : await t.request(call.method, url, { cookie: as, body: call.body?.() })
        const where = `${call.method} ${url} → ${res.statusCode} ${res.body.slice(0, 300)}`
        expect(res.statusCode, where).toBeLessThan(500)
        expectCleanError(res, where)
        expect(res.statusCode, where).toBe(idSchema.safeParse(raw).success ? 404 : 400)
      }),
      { numRuns: RUNS * 3 },
    )
    expect(await counts()).toEqual(before)
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
