import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditRequest } from '@shared/schemas/requests'
import { selectRows } from '../../db/client'
import {
  createAudit,
  createItem,
  createProject,
  createTemplate,
  expectError,
  seedRequests,
} from '../../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness'
import { auditRequestsPageQuery } from './requests.repo'

/**
 * Large audits cannot freeze the server: numbers are stored (nothing is counted per read), an
 * audit holds at most MAX_REQUESTS_PER_AUDIT requests, counted under a lock.
 */

let t: TestApp
let admin: string
let orgId: string
beforeAll(async () => {
  t = await createTestApp({ env: { MAX_REQUESTS_PER_AUDIT: '3' } })
  const owner = await signedInAdmin(t)
  admin = owner.cookie
  orgId = owner.user.company.id
})
afterAll(async () => {
  await t?.close()
})

const addRequest = (auditId: string, title = 'Request') =>
  t.request('POST', `/api/audits/${auditId}/requests`, { cookie: admin, body: { title } })
const requestCount = async (auditId: string) =>
  (
    await selectRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from audit_requests where audit_id = ${auditId}`,
    )
  )[0]!.n

interface PlanNode {
  'Node Type': string
  'Relation Name'?: string
  'Parent Relationship'?: string
  Plans?: PlanNode[]
}
const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)]

describe('numbering', () => {
  it('the list reads the audit’s requests in one scan of its order, numbers as stored: no subquery per row, one window at most (the page’s cursor)', async () => {
    const audit = await createAudit(t, admin)
    await seedRequests(t, { organizationId: orgId, auditId: audit.id, count: 500 })
    // No ANALYZE: the embedded database never gathers statistics, and the plan must not need them.
    const [row] = await selectRows<{ 'QUERY PLAN': unknown }>(
      t.app.db,
      sql`explain (format json) ${auditRequestsPageQuery(t.app.db, orgId, audit.id, { role: 'admin', clientId: null }, { limit: 500 })}`,
    )
    const raw = row!['QUERY PLAN']
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>
    const all = nodes(plan[0]!.Plan)
    expect(all.filter((n) => n['Relation Name'] === 'audit_requests')).toHaveLength(1)
    expect(all.some((n) => n['Parent Relationship'] === 'SubPlan')).toBe(false)
    // The row number that picks the page's last row for its cursor (db/keyset.ts), not a rank.
    expect(all.filter((n) => n['Node Type'] === 'WindowAgg').length).toBeLessThanOrEqual(1)

    const res = await t.request('GET', `/api/audits/${audit.id}/requests?limit=500`, {
      cookie: admin,
    })
    const requests = res.json<{ requests: AuditRequest[] }>().requests
    expect(requests).toHaveLength(500)
    expect(requests.map((r) => r.number)).toEqual(requests.map((_, i) => i + 1))
    const one = await t.request('GET', `/api/requests/${requests[250]!.id}`, { cookie: admin })
    expect(one.json<AuditRequest>().number).toBe(251)
  })
})

describe('at most MAX_REQUESTS_PER_AUDIT requests per audit', () => {
  it('one by one: the request past the cap is refused with 409 and stores nothing', async () => {
    const audit = await createAudit(t, admin)
    for (let i = 0; i < 3; i++) expect((await addRequest(audit.id)).statusCode).toBe(201)
    const refused = expectError(await addRequest(audit.id), 409, 'CONFLICT')
    expect(refused.message).toBe(
      'This audit already has 3 requests, the most an audit can hold. Start another audit for the rest.',
    )
    expect(await requestCount(audit.id)).toBe(3)
  })

  it('from a template: all the items or none', async () => {
    const audit = await createAudit(t, admin)
    const template = await createTemplate(t, admin)
    for (let i = 0; i < 2; i++) await createItem(t, admin, { templateId: template.id })
    expect((await addRequest(audit.id)).statusCode).toBe(201)
    expect((await addRequest(audit.id)).statusCode).toBe(201)
    const refused = expectError(
      await t.request('POST', `/api/audits/${audit.id}/requests/from-template`, {
        cookie: admin,
        body: { templateId: template.id },
      }),
      409,
      'CONFLICT',
    )
    expect(refused.message).toContain('These 2 requests would make 4 in this audit')
    expect(await requestCount(audit.id)).toBe(2)
  })

  it('a new audit from a template with more items than an audit holds is refused, and not created', async () => {
    const project = await createProject(t, admin)
    const template = await createTemplate(t, admin)
    for (let i = 0; i < 4; i++) await createItem(t, admin, { templateId: template.id })
    const before = await t.request('GET', `/api/audits?projectId=${project.id}`, { cookie: admin })
    expectError(
      await t.request('POST', '/api/audits', {
        cookie: admin,
        body: { name: 'Too big', projectId: project.id, templateId: template.id },
      }),
      409,
      'CONFLICT',
    )
    const after = await t.request('GET', `/api/audits?projectId=${project.id}`, { cookie: admin })
    expect(after.json()).toEqual(before.json())
  })

  it('eight additions at once never go past the cap', async () => {
    const audit = await createAudit(t, admin)
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => addRequest(audit.id, `Parallel ${i}`)),
    )
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(3)
    for (const res of answers.filter((r) => r.statusCode !== 201)) expectError(res, 409, 'CONFLICT')
    expect(await requestCount(audit.id)).toBe(3)
  })
})
