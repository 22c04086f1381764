import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Audit } from '@shared/schemas/audits'
import type { Client } from '@shared/schemas/clients'
import type { Project } from '@shared/schemas/projects'
import type { Category, Template, TemplateItem } from '@shared/schemas/templates'
import {
  createAudit,
  createCategory,
  createClient,
  createItem,
  createProject,
  createTemplate,
  expectError,
  expectValidation,
  signedInClientUser,
  workspaceCounts,
} from '../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../test/harness'

/**
 * Tenant isolation and role rules across every workspace route: company B's session with company
 * A's ids gets 404 (exactly as a missing id) and changes nothing; lists never mix companies;
 * another company's ids in a body are refused on their field; a client-role user can neither read
 * nor change templates and items (the full client-role matrix is in client-access.test.ts); no
 * session gets 401 everywhere.
 */

interface Company {
  cookie: string
  orgId: string
  client: Client
  /** Without projects: deleting it would succeed for its owner. */
  freeClient: Client
  project: Project
  /** Without audits: deleting it would succeed for its owner. */
  freeProject: Project
  audit: Audit
  category: Category
  template: Template
  item: TemplateItem
}

let t: TestApp
let A: Company
let B: Company
let clientUser: { cookie: string }

async function seedCompany(): Promise<Company> {
  const admin = await signedInAdmin(t)
  const cookie = admin.cookie
  const client = await createClient(t, cookie)
  const freeClient = await createClient(t, cookie)
  const project = await createProject(t, cookie, { clientId: client.id })
  const freeProject = await createProject(t, cookie, { clientId: client.id })
  const audit = await createAudit(t, cookie, { projectId: project.id })
  const category = await createCategory(t, cookie)
  const template = await createTemplate(t, cookie, { categoryId: category.id })
  const item = await createItem(t, cookie, { templateId: template.id })
  return {
    cookie,
    orgId: admin.user.company.id,
    client,
    freeClient,
    project,
    freeProject,
    audit,
    category,
    template,
    item,
  }
}

beforeAll(async () => {
  t = await createTestApp()
  A = await seedCompany()
  B = await seedCompany()
  clientUser = await signedInClientUser(t, A.orgId)
})
afterAll(async () => t?.close())

const as = (cookie: string) => ({
  get: (url: string) => t.request('GET', url, { cookie }),
  post: (url: string, body: unknown) => t.request('POST', url, { cookie, body }),
  patch: (url: string, body: unknown) => t.request('PATCH', url, { cookie, body }),
  del: (url: string) => t.request('DELETE', url, { cookie }),
})

/** Everything company A can see, read as A, plus its row counts. */
async function snapshot(company: Company) {
  const { get } = as(company.cookie)
  const read = async (url: string) => {
    const res = await get(url)
    return { status: res.statusCode, body: res.json<unknown>() }
  }
  return {
    counts: await workspaceCounts(t, company.orgId),
    clients: await read('/api/clients'),
    projects: await read('/api/projects'),
    audits: await read(`/api/audits?projectId=${company.project.id}`),
    freeAudits: await read(`/api/audits?projectId=${company.freeProject.id}`),
    categories: await read('/api/template-categories'),
    templates: await read('/api/templates'),
    items: await read(`/api/template-items?templateId=${company.template.id}`),
    client: await read(`/api/clients/${company.client.id}`),
    freeClient: await read(`/api/clients/${company.freeClient.id}`),
    project: await read(`/api/projects/${company.project.id}`),
    freeProject: await read(`/api/projects/${company.freeProject.id}`),
    audit: await read(`/api/audits/${company.audit.id}`),
    category: await read(`/api/template-categories/${company.category.id}`),
    template: await read(`/api/templates/${company.template.id}`),
    dashboard: await read('/api/dashboard'),
  }
}

type Resource = {
  base: string
  id: (c: Company) => string
  /** A valid change for the resource's owner. */
  change: (other: Company) => Record<string, unknown>
  /** The resource has GET /{id}. */
  readable: boolean
}

const resources: Record<string, Resource> = {
  client: {
    base: '/api/clients',
    id: (c) => c.client.id,
    change: () => ({ name: 'Hijacked' }),
    readable: true,
  },
  'client without projects': {
    base: '/api/clients',
    id: (c) => c.freeClient.id,
    change: () => ({ email: 'hijack@example.com' }),
    readable: true,
  },
  project: {
    base: '/api/projects',
    id: (c) => c.project.id,
    // Moves it to the intruder's own client: valid for the intruder, so only tenancy stops it.
    change: (other) => ({ name: 'Hijacked', clientId: other.client.id }),
    readable: true,
  },
  'project without audits': {
    base: '/api/projects',
    id: (c) => c.freeProject.id,
    change: () => ({ status: 'completed' }),
    readable: true,
  },
  audit: {
    base: '/api/audits',
    id: (c) => c.audit.id,
    change: () => ({ status: 'completed', dueDate: '2030-01-01' }),
    readable: true,
  },
  category: {
    base: '/api/template-categories',
    id: (c) => c.category.id,
    change: () => ({ name: 'Hijacked' }),
    readable: true,
  },
  template: {
    base: '/api/templates',
    id: (c) => c.template.id,
    change: (other) => ({ name: 'Hijacked', categoryId: other.category.id }),
    readable: true,
  },
  'template item': {
    base: '/api/template-items',
    id: (c) => c.item.id,
    change: () => ({ title: 'Hijacked', order: 99, requiresDocument: true }),
    readable: false,
  },
}

describe('company B with company A’s ids', () => {
  it.each(Object.entries(resources))(
    '%s: GET, PATCH and DELETE → 404 NOT_FOUND, and A’s data is unchanged',
    async (_name, resource) => {
      const before = await snapshot(A)
      const bCounts = await workspaceCounts(t, B.orgId)
      const url = `${resource.base}/${resource.id(A)}`
      const b = as(B.cookie)
      if (resource.readable) expectError(await b.get(url), 404, 'NOT_FOUND')
      expectError(await b.patch(url, resource.change(B)), 404, 'NOT_FOUND')
      expectError(await b.patch(url, {}), 404, 'NOT_FOUND')
      expectError(await b.del(url), 404, 'NOT_FOUND')
      expect(await snapshot(A)).toEqual(before)
      expect(await workspaceCounts(t, B.orgId)).toEqual(bCounts)

      // The same requests with a missing id answer exactly alike: nothing tells the two apart.
      const missing = `${resource.base}/00000000-0000-4000-8000-000000000000`
      expect((await b.patch(missing, resource.change(B))).json()).toEqual(
        (await b.patch(url, resource.change(B))).json(),
      )
      expect((await b.del(missing)).json()).toEqual((await b.del(url)).json())
      if (resource.readable)
        expect((await b.get(missing)).json()).toEqual((await b.get(url)).json())

      // The owner can make the very same change: only tenancy stopped it.
      const own = await as(A.cookie).patch(url, resource.change(A))
      expect(own.statusCode, own.body).toBe(200)
    },
  )

  it('lists filtered by A’s project or template → 404 NOT_FOUND', async () => {
    const b = as(B.cookie)
    expectError(await b.get(`/api/audits?projectId=${A.project.id}`), 404, 'NOT_FOUND')
    expectError(await b.get(`/api/audits?projectId=${A.freeProject.id}`), 404, 'NOT_FOUND')
    expectError(await b.get(`/api/template-items?templateId=${A.template.id}`), 404, 'NOT_FOUND')
  })

  it('lists never contain the other company’s rows', async () => {
    const idsOf = async (cookie: string, url: string) =>
      new Set((await as(cookie).get(url)).json<Array<{ id: string }>>().map((row) => row.id))
    const own = (c: Company) => ({
      '/api/clients': [c.client.id, c.freeClient.id],
      '/api/projects': [c.project.id, c.freeProject.id],
      [`/api/audits?projectId=${c.project.id}`]: [c.audit.id],
      '/api/template-categories': [c.category.id],
      '/api/templates': [c.template.id],
      [`/api/template-items?templateId=${c.template.id}`]: [c.item.id],
    })
    for (const [me, other] of [
      [A, B],
      [B, A],
    ] as const) {
      const mine = Object.entries(own(me))
      const theirs = Object.values(own(other)).flat()
      for (const [url, expected] of mine) {
        const ids = await idsOf(me.cookie, url)
        for (const id of expected) expect(ids, url).toContain(id)
        for (const id of theirs) expect(ids, url).not.toContain(id)
      }
    }
  })

  it('another company’s ids in a body → 400 on that field; nothing is stored or changed', async () => {
    const before = { a: await snapshot(A), b: await snapshot(B) }
    const b = as(B.cookie)
    expectValidation(await b.post('/api/projects', { name: 'X', clientId: A.client.id }), [
      'clientId',
    ])
    expectValidation(await b.post('/api/audits', { name: 'X', projectId: A.project.id }), [
      'projectId',
    ])
    expectValidation(await b.post('/api/templates', { name: 'X', categoryId: A.category.id }), [
      'categoryId',
    ])
    expectValidation(
      await b.post('/api/template-items', { title: 'X', templateId: A.template.id }),
      ['templateId'],
    )
    expectValidation(await b.patch(`/api/projects/${B.project.id}`, { clientId: A.client.id }), [
      'clientId',
    ])
    expectValidation(
      await b.patch(`/api/templates/${B.template.id}`, { name: 'X', categoryId: A.category.id }),
      ['categoryId'],
    )
    expect({ a: await snapshot(A), b: await snapshot(B) }).toEqual(before)
  })
})

describe('a client-role user', () => {
  it('cannot read templates and their items → 403 FORBIDDEN', async () => {
    const user = as(clientUser.cookie)
    for (const url of [
      '/api/templates',
      `/api/templates/${A.template.id}`,
      `/api/template-items?templateId=${A.template.id}`,
      '/api/template-categories',
      `/api/template-categories/${A.category.id}`,
    ]) {
      expectError(await user.get(url), 403, 'FORBIDDEN')
    }
  })

  it('template and item changes → 403 FORBIDDEN, and nothing changes', async () => {
    const before = await snapshot(A)
    const user = as(clientUser.cookie)
    const attempts = [
      () => user.post('/api/templates', { name: 'By a client' }),
      () => user.patch(`/api/templates/${A.template.id}`, { name: 'By a client' }),
      () => user.del(`/api/templates/${A.template.id}`),
      () => user.post('/api/template-items', { title: 'By a client', templateId: A.template.id }),
      () => user.patch(`/api/template-items/${A.item.id}`, { title: 'By a client' }),
      () => user.del(`/api/template-items/${A.item.id}`),
    ]
    for (const attempt of attempts) expectError(await attempt(), 403, 'FORBIDDEN')
    expect(await snapshot(A)).toEqual(before)
  })

  it('another company’s templates → 403 as well: the role is checked before any lookup', async () => {
    const user = as(clientUser.cookie)
    expectError(await user.get(`/api/templates/${B.template.id}`), 403, 'FORBIDDEN')
    expectError(await user.get(`/api/template-items?templateId=${B.template.id}`), 403, 'FORBIDDEN')
  })
})

/** Every workspace route, with a valid body where it takes one. */
function everyRoute(c: Company) {
  return [
    ['GET', '/api/dashboard'],
    ['GET', '/api/clients'],
    ['POST', '/api/clients', { name: 'X' }],
    ['GET', `/api/clients/${c.freeClient.id}`],
    ['PATCH', `/api/clients/${c.freeClient.id}`, { name: 'X' }],
    ['DELETE', `/api/clients/${c.freeClient.id}`],
    ['GET', '/api/projects'],
    ['POST', '/api/projects', { name: 'X', clientId: c.client.id }],
    ['GET', `/api/projects/${c.freeProject.id}`],
    ['PATCH', `/api/projects/${c.freeProject.id}`, { name: 'X' }],
    ['DELETE', `/api/projects/${c.freeProject.id}`],
    ['GET', `/api/audits?projectId=${c.project.id}`],
    ['POST', '/api/audits', { name: 'X', projectId: c.project.id }],
    ['GET', `/api/audits/${c.audit.id}`],
    ['PATCH', `/api/audits/${c.audit.id}`, { name: 'X' }],
    ['DELETE', `/api/audits/${c.audit.id}`],
    ['GET', '/api/templates'],
    ['POST', '/api/templates', { name: 'X' }],
    ['GET', `/api/templates/${c.template.id}`],
    ['PATCH', `/api/templates/${c.template.id}`, { name: 'X' }],
    ['DELETE', `/api/templates/${c.template.id}`],
    ['GET', '/api/template-categories'],
    ['POST', '/api/template-categories', { name: 'X' }],
    ['GET', `/api/template-categories/${c.category.id}`],
    ['PATCH', `/api/template-categories/${c.category.id}`, { name: 'X' }],
    ['DELETE', `/api/template-categories/${c.category.id}`],
    ['GET', `/api/template-items?templateId=${c.template.id}`],
    ['POST', '/api/template-items', { title: 'X', templateId: c.template.id }],
    ['PATCH', `/api/template-items/${c.item.id}`, { title: 'X' }],
    ['DELETE', `/api/template-items/${c.item.id}`],
  ] as Array<['GET' | 'POST' | 'PATCH' | 'DELETE', string, Record<string, unknown>?]>
}

describe('without a session', () => {
  it('every workspace route → 401 UNAUTHENTICATED and nothing changes', async () => {
    const before = await snapshot(A)
    for (const [method, url, body] of everyRoute(A)) {
      for (const cookie of [undefined, 'session=not-a-real-token']) {
        const res = await t.request(method, url, { body, cookie })
        expectError(res, 401, 'UNAUTHENTICATED')
      }
    }
    expect(await snapshot(A)).toEqual(before)
  })
})

describe('malformed ids', () => {
  it('in the path or the query → 400 VALIDATION before any lookup', async () => {
    const admin = as(A.cookie)
    const bad = [
      'not-a-uuid',
      '1',
      `${A.client.id}0`,
      A.client.id.replaceAll('-', ''),
      "1'; drop table clients;--",
    ]
    for (const id of bad.map(encodeURIComponent)) {
      for (const base of [
        '/api/clients',
        '/api/projects',
        '/api/audits',
        '/api/templates',
        '/api/template-categories',
      ]) {
        expectValidation(await admin.get(`${base}/${id}`), ['id'])
        expectValidation(await admin.patch(`${base}/${id}`, { name: 'X' }), ['id'])
        expectValidation(await admin.del(`${base}/${id}`), ['id'])
      }
      expectValidation(await admin.patch(`/api/template-items/${id}`, { title: 'X' }), ['id'])
      expectValidation(await admin.del(`/api/template-items/${id}`), ['id'])
      expectValidation(await admin.get(`/api/audits?projectId=${id}`), ['projectId'])
      expectValidation(await admin.get(`/api/template-items?templateId=${id}`), ['templateId'])
    }
  })
})
