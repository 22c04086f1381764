import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REQUEST_SORTS, type AuditRequest, type RequestList } from '@shared/schemas/requests'
import {
  createAudit,
  createProject,
  expectValidation,
  signedInClientUser,
  uploadFiles,
} from '../../test/factories'
import { APP_URL, createTestApp, signedInAdmin, type TestApp } from '../../test/harness'

/** GET /api/audits/{id}/requests as a table: filters, every sort both ways, status counts. */

let t: TestApp
let admin: Awaited<ReturnType<typeof signedInAdmin>>
let ada: Awaited<ReturnType<typeof signedInClientUser>>
let auditId: string
const byTitle = new Map<string, AuditRequest>()

const headers = { origin: APP_URL }

beforeAll(async () => {
  t = await createTestApp()
  admin = await signedInAdmin(t)
  const orgId = admin.user.company.id
  const project = await createProject(t, admin.cookie)
  ada = await signedInClientUser(t, orgId, project.clientId)
  const bob = await signedInClientUser(t, orgId, project.clientId)
  await t.app.db.execute(
    // Names to sort the assignee column by.
    `update people set first_name = 'Bob', last_name = 'Brown'
       where id = (select person_id from users where id = '${bob.user.id}')`,
  )
  auditId = (await createAudit(t, admin.cookie, { projectId: project.id })).id
  const rows: Array<[string, string | null, string | null, string | null]> = [
    // title, description, assignee, due date
    ['Bank statements', 'All accounts, 100% of them', ada.user.id, '2020-01-10'],
    ['Payroll ledger', null, bob.user.id, '2099-03-01'],
    ['Lease contracts', 'Signed copies', null, null],
    ['Revenue policy', 'Which standard?', ada.user.id, '2020-01-05'],
    ['Board minutes', null, bob.user.id, '2099-01-01'],
    ['Fixed assets', 'Register and bank confirmations', ada.user.id, null],
  ]
  for (const [title, description, assigneeId, dueDate] of rows) {
    const res = await t.request('POST', `/api/audits/${auditId}/requests`, {
      cookie: admin.cookie,
      headers,
      body: { title, description, assigneeId, dueDate },
    })
    expect(res.statusCode, res.body).toBe(201)
    byTitle.set(title, res.json<AuditRequest>())
  }
  const id = (title: string) => byTitle.get(title)!.id
  const send = await t.request('POST', `/api/audits/${auditId}/send`, {
    cookie: admin.cookie,
    headers,
    body: {
      requestIds: ['Bank statements', 'Payroll ledger', 'Revenue policy', 'Board minutes'].map(id),
    },
  })
  expect(send.statusCode, send.body).toBe(200)
  const submit = await t.request('POST', `/api/requests/${id('Payroll ledger')}/submit`, {
    cookie: ada.cookie,
    headers,
    body: { response: 'Here' },
  })
  expect(submit.statusCode, submit.body).toBe(200)
  const accept = await t.request('POST', `/api/requests/${id('Board minutes')}/accept`, {
    cookie: admin.cookie,
    headers,
  })
  expect(accept.statusCode).toBe(409) // not submitted: stays sent
})
afterAll(async () => t?.close())

async function list(query: string, cookie = admin.cookie) {
  const res = await t.request('GET', `/api/audits/${auditId}/requests${query}`, { cookie })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<RequestList>()
}
const titles = async (query: string, cookie?: string) =>
  (await list(query, cookie)).requests.map((request) => request.title)

describe('filters', () => {
  it('status (several), with counts per status under the other filters', async () => {
    const page = await list('?status=sent,submitted')
    expect(page.requests.map((r) => r.title)).toEqual([
      'Bank statements',
      'Payroll ledger',
      'Revenue policy',
      'Board minutes',
    ])
    expect(page.counts).toEqual({
      draft: 2,
      sent: 3,
      submitted: 1,
      accepted: 0,
      returned: 0,
      not_applicable: 0,
    })
    expect(page.matching).toBe(4)
    // The other filters narrow the counts too.
    const ada_ = await list(`?assigneeId=${ada.user.id}`)
    expect(ada_.requests.map((r) => r.title)).toEqual([
      'Bank statements',
      'Revenue policy',
      'Fixed assets',
    ])
    expect(ada_.counts).toMatchObject({ draft: 1, sent: 2, submitted: 0 })
    expect(ada_.matching).toBe(3)
    // The progress is the whole audit's, whatever the filter.
    const whole = { accepted: 0, total: 6 }
    expect(page.progress).toEqual(whole)
    expect(ada_.progress).toEqual(whole)
    expect((await list('')).progress).toEqual(whole)
  })

  it('overdue, due between two days (both included), whose move', async () => {
    expect(await titles('?overdue=true')).toEqual(['Bank statements', 'Revenue policy'])
    expect(await titles('?overdue=false')).toEqual([
      'Payroll ledger',
      'Lease contracts',
      'Board minutes',
      'Fixed assets',
    ])
    expect(await titles('?dueAfter=2020-01-10&dueBefore=2099-01-01')).toEqual([
      'Bank statements',
      'Board minutes',
    ])
    expect(await titles('?whoseMove=firm')).toEqual([
      'Payroll ledger',
      'Lease contracts',
      'Fixed assets',
    ])
  })

  it('q: in the title or the description, whatever the case, or the number', async () => {
    expect(await titles('?q=BANK')).toEqual(['Bank statements', 'Fixed assets'])
    expect(await titles('?q=%25')).toEqual(['Bank statements'])
    expect(await titles('?q=%233')).toEqual(['Lease contracts'])
    expect(await titles('?q=5')).toEqual(['Board minutes'])
    expect(await titles('?q=nothing%20like%20it')).toEqual([])
  })

  it('a client user: only what was sent to them, counted so', async () => {
    const page = await list('', ada.cookie)
    expect(page.requests).toHaveLength(4)
    expect(page.counts.draft).toBe(0)
    expect(page.matching).toBe(4)
  })
})

describe('sorts', () => {
  it('by number, due date, status, assignee and last change, each both ways; empty values last', async () => {
    expect(await titles('?sort=-number')).toEqual([
      'Fixed assets',
      'Board minutes',
      'Revenue policy',
      'Lease contracts',
      'Payroll ledger',
      'Bank statements',
    ])
    expect(await titles('?sort=dueDate')).toEqual([
      'Revenue policy',
      'Bank statements',
      'Board minutes',
      'Payroll ledger',
      'Lease contracts',
      'Fixed assets',
    ])
    expect(await titles('?sort=-dueDate')).toEqual([
      'Payroll ledger',
      'Board minutes',
      'Bank statements',
      'Revenue policy',
      'Fixed assets',
      'Lease contracts',
    ])
    expect(await titles('?sort=status')).toEqual([
      'Lease contracts',
      'Fixed assets',
      'Bank statements',
      'Revenue policy',
      'Board minutes',
      'Payroll ledger',
    ])
    const byAssignee = await titles('?sort=assignee')
    expect(byAssignee.at(-1)).toBe('Lease contracts')
    expect(byAssignee.slice(0, 2)).toEqual(['Payroll ledger', 'Board minutes'])
    expect((await titles('?sort=-assignee')).at(-1)).toBe('Lease contracts')
    expect((await titles('?sort=-updatedAt'))[0]).toBe('Payroll ledger')
  })

  it('every sort, both ways, a page at a time: the same rows in the same order as in one page', async () => {
    for (const field of REQUEST_SORTS)
      for (const sort of [field, `-${field}`]) {
        const whole = await titles(`?sort=${sort}`)
        const paged: string[] = []
        let url: string | undefined = `/api/audits/${auditId}/requests?sort=${sort}&limit=2`
        while (url) {
          const res = await t.request('GET', url, { cookie: admin.cookie })
          expect(res.statusCode, res.body).toBe(200)
          paged.push(...res.json<RequestList>().requests.map((r) => r.title))
          url = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1]
        }
        expect(paged, sort).toEqual(whole)
      }
  })
})

describe('bad queries → 400 on the field', () => {
  it.each([
    ['?sort=title', 'sort'],
    ['?sort=--number', 'sort'],
    ['?status=sent,lost', 'status'],
    ['?overdue=yes', 'overdue'],
    ['?dueBefore=2025-02-30', 'dueBefore'],
    ['?assigneeId=bob', 'assigneeId'],
    ['?q=' + 'x'.repeat(201), 'q'],
    ['?colour=red', 'colour'],
  ])('%s', async (query, field) => {
    expectValidation(
      await t.request('GET', `/api/audits/${auditId}/requests${query}`, { cookie: admin.cookie }),
      [field],
    )
  })

  it('a cursor of another sort', async () => {
    const res = await t.request('GET', `/api/audits/${auditId}/requests?sort=dueDate&limit=1`, {
      cookie: admin.cookie,
    })
    const next = /<([^>]+)>; rel="next"/.exec(String(res.headers.link))![1]!
    const cursor = new URL(next, APP_URL).searchParams.get('cursor')!
    expectValidation(
      await t.request('GET', `/api/audits/${auditId}/requests?sort=number&cursor=${cursor}`, {
        cookie: admin.cookie,
      }),
      ['cursor'],
    )
  })
})

describe('the files column', () => {
  it('counts the files handed in with an answer, not those still being prepared', async () => {
    const bank = byTitle.get('Bank statements')!
    const fileCount = async (cookie: string) => {
      const list = (
        await t.request('GET', `/api/audits/${auditId}/requests`, { cookie })
      ).json<RequestList>()
      return list.requests.find((request) => request.id === bank.id)!.fileCount
    }
    const upload = await uploadFiles(t, ada.cookie, bank.id, [
      { name: 'march.txt', data: Buffer.from('march'), type: 'text/plain' },
      { name: 'april.txt', data: Buffer.from('april'), type: 'text/plain' },
    ])
    expect(upload.statusCode, upload.body).toBe(201)
    expect(await fileCount(admin.cookie)).toBe(0)
    const submit = await t.request('POST', `/api/requests/${bank.id}/submit`, {
      cookie: ada.cookie,
      headers,
      body: { response: 'Both months' },
    })
    expect(submit.statusCode, submit.body).toBe(200)
    expect(await fileCount(admin.cookie)).toBe(2)
    expect(await fileCount(ada.cookie)).toBe(2)
  })
})
