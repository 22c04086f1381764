import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditDetail } from '@shared/schemas/audits'
import type { AuditRequest, RequestList } from '@shared/schemas/requests'
import type { TemplateItem } from '@shared/schemas/templates'
import { createAudit, createProject, createTemplate, expectError } from '../../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness'

/** Template items due some days before the audit's due date. */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

async function templateWithDueDays() {
  const admin = await signedInAdmin(t)
  const template = await createTemplate(t, admin.cookie)
  const add = async (title: string, dueDaysBefore?: number | null) => {
    const res = await t.request('POST', '/api/template-items', {
      cookie: admin.cookie,
      body: {
        templateId: template.id,
        title,
        ...(dueDaysBefore === undefined ? {} : { dueDaysBefore }),
      },
    })
    expect(res.statusCode, res.body).toBe(201)
    return res.json<TemplateItem>()
  }
  const trial = await add('Trial balance', 30)
  await add('Management letter', 0)
  await add('Board minutes')
  return { admin, template, trial }
}

const titlesAndDues = (requests: AuditRequest[]) =>
  requests.map((request) => [request.title, request.dueDate])

describe('an item due days before the audit', () => {
  it('gives each request of a new audit its due date; none without the audit’s', async () => {
    const { admin, template, trial } = await templateWithDueDays()
    expect(trial.dueDaysBefore).toBe(30)
    const project = await createProject(t, admin.cookie)
    const dated = await createAudit(t, admin.cookie, {
      projectId: project.id,
      templateId: template.id,
      dueDate: '2027-03-01',
    })
    const list = async (audit: AuditDetail) =>
      (
        await t.request('GET', `/api/audits/${audit.id}/requests`, { cookie: admin.cookie })
      ).json<RequestList>().requests
    // 30 days before March 1 (2027 is no leap year): January 30.
    expect(titlesAndDues(await list(dated))).toEqual([
      ['Trial balance', '2027-01-30'],
      ['Management letter', '2027-03-01'],
      ['Board minutes', null],
    ])
    const undated = await createAudit(t, admin.cookie, {
      projectId: project.id,
      templateId: template.id,
    })
    expect(titlesAndDues(await list(undated))).toEqual([
      ['Trial balance', null],
      ['Management letter', null],
      ['Board minutes', null],
    ])

    // Added later to an audit with a due date: the same.
    const later = await createAudit(t, admin.cookie, {
      projectId: project.id,
      dueDate: '2028-01-10',
    })
    const added = await t.request('POST', `/api/audits/${later.id}/requests/from-template`, {
      cookie: admin.cookie,
      body: { templateId: template.id },
    })
    expect(added.statusCode, added.body).toBe(201)
    expect(titlesAndDues(added.json<AuditRequest[]>())).toEqual([
      ['Trial balance', '2027-12-11'],
      ['Management letter', '2028-01-10'],
      ['Board minutes', null],
    ])
  })

  it('is a whole number of days from 0 to 365, or none; an edit can clear it', async () => {
    const { admin, template, trial } = await templateWithDueDays()
    for (const dueDaysBefore of [-1, 366, 1.5, '7'])
      expectError(
        await t.request('POST', '/api/template-items', {
          cookie: admin.cookie,
          body: { templateId: template.id, title: 'Bad', dueDaysBefore },
        }),
        400,
        'VALIDATION',
      )
    const cleared = await t.request('PATCH', `/api/template-items/${trial.id}`, {
      cookie: admin.cookie,
      body: { dueDaysBefore: null },
    })
    expect(cleared.statusCode, cleared.body).toBe(200)
    expect(cleared.json<TemplateItem>().dueDaysBefore).toBeNull()
  })
})
