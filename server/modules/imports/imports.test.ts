import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ImportPreview, ImportResult, TemplateImportResult } from '@shared/schemas/imports'
import type { AuditActivity } from '@shared/schemas/dashboard'
import type { RequestList } from '@shared/schemas/requests'
import {
  createAudit,
  createItem,
  createTemplate,
  expectError,
  signedInClientUser,
  signedInStaff,
} from '../../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness'
import { multipartBody } from '../../test/multipart'

/**
 * Request lists from spreadsheets: real workbooks made with ExcelJS and CSV files as Excel and
 * others write them, previewed (nothing written) and imported (all rows or none).
 */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

type Cell = ExcelJS.CellValue

/** A workbook of sheets, each a list of rows; `build` may merge cells and the like. */
async function workbook(
  sheets: Record<string, Cell[][]>,
  build?: (book: ExcelJS.Workbook) => void,
): Promise<Buffer> {
  const book = new ExcelJS.Workbook()
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = book.addWorksheet(name)
    for (const row of rows) sheet.addRow(row)
  }
  build?.(book)
  return Buffer.from(await book.xlsx.writeBuffer())
}

function send(
  cookie: string,
  url: string,
  file: { name: string; data: Buffer } | undefined,
  fields: Record<string, string> = {},
) {
  const { payload, contentType } = multipartBody(file ? [{ ...file, field: 'file' }] : [], fields)
  return t.request('POST', url, { cookie, body: payload, headers: { 'content-type': contentType } })
}

async function preview(
  cookie: string,
  auditId: string,
  file: { name: string; data: Buffer },
  fields: Record<string, string> = {},
  url = `/api/audits/${auditId}/import/preview`,
) {
  const res = await send(cookie, url, file, fields)
  expect(res.statusCode, res.body).toBe(200)
  return res.json<ImportPreview>()
}

async function requestsOf(cookie: string, auditId: string) {
  const res = await t.request('GET', `/api/audits/${auditId}/requests?limit=100`, { cookie })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<RequestList>().requests
}

/** A firm with an audit whose client has a contact, Clara Client. */
async function firm() {
  const admin = await signedInAdmin(t)
  const orgId = admin.user.company.id
  const audit = await createAudit(t, admin.cookie)
  const contact = await signedInClientUser(t, orgId, audit.client.id)
  return { admin, orgId, audit, contact }
}

describe('POST /api/audits/{id}/import/preview', () => {
  it('reads a real workbook: a title above the headers, merged cells, empty rows, days written every way, formulas; writes nothing', async () => {
    const { admin, audit, contact } = await firm()
    const data = await workbook(
      {
        'PBC list': [
          ['Year-end PBC list, FY2026', null, null, null, null],
          [],
          ['Ref', 'Request', 'Details', 'Due date', 'Assigned to', 'Requires document'],
          [
            null,
            'Bank statements',
            'All accounts, December',
            new Date(Date.UTC(2027, 0, 15)),
            contact.user.email,
            'Yes',
          ],
          [],
          [null, 'Fixed asset register', null, 46412, 'Clara Client', 'no'],
          [
            null,
            'Payroll summary',
            { formula: 'CONCAT("A","B")', result: 'AB' },
            '2027-02-01',
            null,
            'x',
          ],
          [
            null,
            { richText: [{ text: 'Lease ' }, { text: 'agreements' }] },
            null,
            '02/03/2027',
            null,
            null,
          ],
          [null, null, 'A row without a title', 'soon', 'nobody@example.com', 'maybe'],
          [null, 'bank  STATEMENTS', null, 'Mar 5, 2027', null, null],
        ],
        Notes: [['Title'], ['Not this one']],
      },
      (book) => book.getWorksheet('PBC list')!.mergeCells('A1:E1'),
    )
    const before = await requestsOf(admin.cookie, audit.id)

    const read = await preview(admin.cookie, audit.id, { name: 'pbc.xlsx', data })
    expect(read.sheets).toEqual(['PBC list', 'Notes'])
    expect(read.sheet).toBe('PBC list')
    expect(read.columns).toEqual([
      'Ref',
      'Request',
      'Details',
      'Due date',
      'Assigned to',
      'Requires document',
    ])
    // "Ref" is a reference (empty here), not the number of a request.
    expect(read.mapping).toMatchObject({
      reference: 0,
      title: 1,
      description: 2,
      dueDate: 3,
      assignee: 4,
      documentRequired: 5,
      responseRequired: null,
      number: null,
    })
    expect(
      read.rows.map((row) => [row.row, row.action, row.values.title, row.values.dueDate]),
    ).toEqual([
      [4, 'add', 'Bank statements', '2027-01-15'],
      // 46412 is Excel's day number of 2027-01-25.
      [6, 'add', 'Fixed asset register', '2027-01-25'],
      [7, 'add', 'Payroll summary', '2027-02-01'],
      // The firm writes month first (its default): 02/03 is February 3.
      [8, 'add', 'Lease agreements', '2027-02-03'],
      [9, 'add', null, null],
      [10, 'add', 'bank  STATEMENTS', '2027-03-05'],
    ])
    expect(read.rows[0]!.values).toMatchObject({
      description: 'All accounts, December',
      assignee: 'Clara Client',
      documentRequired: true,
      responseRequired: false,
    })
    expect(read.rows[1]!.values.assignee).toBe('Clara Client')
    expect(read.rows[2]!.values).toMatchObject({ description: 'AB', documentRequired: true })
    expect(read.rows[4]!.errors).toEqual([
      { field: 'title', message: 'A title is required' },
      { field: 'dueDate', message: '“soon” is not a date: write it as YYYY-MM-DD' },
      {
        field: 'assignee',
        message: `No client user of ${audit.client.name} is nobody@example.com`,
      },
      { field: 'documentRequired', message: 'Write yes or no' },
    ])
    expect(read.rows[5]!.errors).toEqual([{ field: 'title', message: 'The same title as row 4' }])
    expect(read.counts).toEqual({ add: 6, update: 0, keep: 0, errors: 2 })
    expect(await requestsOf(admin.cookie, audit.id)).toEqual(before)

    // Another sheet, by its name.
    const notes = await preview(
      admin.cookie,
      audit.id,
      { name: 'pbc.xlsx', data },
      { sheet: 'Notes' },
    )
    expect(notes.rows.map((row) => row.values.title)).toEqual(['Not this one'])
  })

  it('a mapping chosen by hand, over headers it does not know', async () => {
    const { admin, audit } = await firm()
    const csv = Buffer.from('What we need,By when\nTrial balance,2027-01-31\nGeneral ledger,\n')
    const file = { name: 'list.csv', data: csv }
    const guessed = await preview(admin.cookie, audit.id, file)
    expect(guessed.mapping.title).toBeNull()
    expect(guessed.rows.every((row) => row.errors.some((e) => e.field === 'title'))).toBe(true)

    const mapped = await preview(admin.cookie, audit.id, file, {
      mapping: JSON.stringify({ title: 0, dueDate: 1 }),
    })
    expect(mapped.rows.map((row) => [row.values.title, row.values.dueDate, row.errors])).toEqual([
      ['Trial balance', '2027-01-31', []],
      ['General ledger', null, []],
    ])
  })

  it('answer types by name or label, choices one per line or separated by semicolons; wrong ones named', async () => {
    const { admin, audit } = await firm()
    const data = await workbook({
      List: [
        ['Title', 'Answer type', 'Choices'],
        ['Any litigation?', 'Yes/No', null],
        ['Costing method', 'One of a list', 'FIFO\nWeighted average'],
        ['Reconciliation frequency', null, 'Monthly; Quarterly | Never'],
        ['Headcount at year end', 'number', null],
        ['Date the statements were approved', 'DATE', null],
        ['Representation letter', 'Acknowledgement (typed signature)', null],
        ['Bank statements', 'Documents only', null],
        ['Narrative of revenue', null, null],
        ['Essay', 'essay', null],
        ['Single option', 'choice', 'Only'],
        ['Choices on yes/no', 'yes_no', 'A; B'],
      ],
    })
    const read = await preview(admin.cookie, audit.id, { name: 'typed.xlsx', data })
    expect(read.mapping).toMatchObject({ title: 0, answerType: 1, choices: 2 })
    expect(
      read.rows.map((row) => [
        row.values.answerType,
        row.values.choices,
        row.errors.map((e) => e.field),
      ]),
    ).toEqual([
      ['yes_no', null, []],
      ['choice', ['FIFO', 'Weighted average'], []],
      ['choice', ['Monthly', 'Quarterly', 'Never'], []],
      ['number', null, []],
      ['date', null, []],
      ['acknowledgement', null, []],
      ['files', null, []],
      ['text', null, []],
      ['text', null, ['answerType']],
      ['choice', ['Only'], ['choices']],
      ['yes_no', null, ['choices']],
    ])
    expect(read.rows[8]!.errors[0]!.message).toMatch(/“essay” is not an answer type/)
    expectError(
      await send(admin.cookie, `/api/audits/${audit.id}/import`, { name: 'typed.xlsx', data }),
      400,
      'VALIDATION',
    )
    expect(await requestsOf(admin.cookie, audit.id)).toEqual([])

    const good = await workbook({
      List: [
        ['Title', 'Answer type', 'Choices'],
        ...[
          ['Costing method', null, 'FIFO\nWeighted average'],
          ['Any litigation?', 'yes or no', null],
        ],
      ],
    })
    const res = await send(admin.cookie, `/api/audits/${audit.id}/import`, {
      name: 'g.xlsx',
      data: good,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(
      (await requestsOf(admin.cookie, audit.id)).map((r) => [r.title, r.answerType, r.choices]),
    ).toEqual([
      ['Costing method', 'choice', ['FIFO', 'Weighted average']],
      ['Any litigation?', 'yes_no', null],
    ])
    // The tracker's own columns come back as they went out.
    const csv = await t.request('GET', `/api/audits/${audit.id}/export.csv`, {
      cookie: admin.cookie,
    })
    const again = await preview(admin.cookie, audit.id, {
      name: 'export.csv',
      data: Buffer.from(csv.body),
    })
    expect(
      again.rows.map((row) => [row.action, row.values.answerType, row.values.choices, row.errors]),
    ).toEqual([
      ['update', 'choice', ['FIFO', 'Weighted average'], []],
      ['update', 'yes_no', null, []],
    ])
  })

  it('CSV as Excel writes it: a byte order mark, semicolons, quotes around lines and delimiters', async () => {
    const { admin, audit } = await firm()
    const csv = Buffer.from(
      '\uFEFFTitle;Description;Due date;Requires response\r\n' +
        '"Contracts; signed";"Every contract over 10k;\r\nwith ""amendments""";15 Jan 2027;yes\r\n' +
        'Board minutes;;;\r\n',
    )
    const read = await preview(admin.cookie, audit.id, { name: 'export.csv', data: csv })
    expect(read.sheets).toEqual(['export'])
    expect(read.rows.map((row) => row.values)).toEqual([
      {
        section: null,
        reference: null,
        title: 'Contracts; signed',
        description: 'Every contract over 10k;\r\nwith "amendments"',
        dueDate: '2027-01-15',
        assignee: null,
        documentRequired: false,
        responseRequired: true,
        answerType: 'text',
        choices: null,
        dueDaysBefore: null,
      },
      {
        section: null,
        reference: null,
        title: 'Board minutes',
        description: null,
        dueDate: null,
        assignee: null,
        documentRequired: false,
        responseRequired: false,
        answerType: 'text',
        choices: null,
        dueDaysBefore: null,
      },
    ])
  })

  it('two client users of one name: the e-mail is asked for', async () => {
    const { admin, orgId, audit } = await firm()
    await signedInClientUser(t, orgId, audit.client.id)
    const csv = Buffer.from('Title,Assignee\nTax returns,Clara Client\n')
    const read = await preview(admin.cookie, audit.id, { name: 'a.csv', data: csv })
    expect(read.rows[0]!.errors).toEqual([
      {
        field: 'assignee',
        message: '2 client users are named Clara Client: give the e-mail instead',
      },
    ])
  })
})

describe('POST /api/audits/{id}/import', () => {
  it('writes every row as a draft in one go, in the file’s order, in the trail; refuses all when one row is wrong', async () => {
    const { admin, audit, contact } = await firm()
    const wrong = await workbook({
      Sheet1: [
        ['Title', 'Due date', 'Assignee'],
        ['Bank confirmations', '2027-01-10', contact.user.email],
        ['Inventory count', 'next week', null],
      ],
    })
    const refused = await send(admin.cookie, `/api/audits/${audit.id}/import`, {
      name: 'x.xlsx',
      data: wrong,
    })
    expectError(refused, 400, 'VALIDATION')
    expect(refused.json()).toMatchObject({
      message: 'Row 3 has errors: fix it in the file and import again (nothing was imported)',
      errors: [
        { path: 'rows.3.dueDate', message: '“next week” is not a date: write it as YYYY-MM-DD' },
      ],
    })
    expect(await requestsOf(admin.cookie, audit.id)).toEqual([])

    const right = await workbook({
      Sheet1: [
        ['Title', 'Due date', 'Assignee', 'Requires document'],
        ['Bank confirmations', '2027-01-10', contact.user.email, 'yes'],
        ['Inventory count', '2027-01-20', null, 'no'],
      ],
    })
    const res = await send(admin.cookie, `/api/audits/${audit.id}/import`, {
      name: 'x.xlsx',
      data: right,
    })
    expect(res.statusCode, res.body).toBe(200)
    const result = res.json<ImportResult>()
    expect(result.updated).toEqual([])
    expect(
      result.created.map((r) => [
        r.number,
        r.title,
        r.status,
        r.dueDate,
        r.assigneeId,
        r.documentRequired,
      ]),
    ).toEqual([
      [1, 'Bank confirmations', 'draft', '2027-01-10', contact.user.id, true],
      [2, 'Inventory count', 'draft', '2027-01-20', null, false],
    ])
    expect((await requestsOf(admin.cookie, audit.id)).map((r) => r.title)).toEqual([
      'Bank confirmations',
      'Inventory count',
    ])
    const trail = await t.request('GET', `/api/audits/${audit.id}/activity`, {
      cookie: admin.cookie,
    })
    expect(trail.json<AuditActivity[]>().map((e) => e.action)).toEqual([
      'request.created',
      'request.created',
      'audit.created',
    ])

    // The same file again: each title is the audit's already.
    const again = await send(admin.cookie, `/api/audits/${audit.id}/import`, {
      name: 'x.xlsx',
      data: right,
    })
    expectError(again, 400, 'VALIDATION')
    expect(again.json<{ errors: unknown[] }>().errors).toEqual([
      {
        path: 'rows.2.title',
        message: 'The same title as request #1: give its number to update it',
      },
      {
        path: 'rows.3.title',
        message: 'The same title as request #2: give its number to update it',
      },
    ])
  })

  it('round trip: the exported tracker, edited in Excel, updates its drafts by number, adds new rows and leaves sent requests be', async () => {
    const { admin, audit, contact } = await firm()
    const create = async (title: string) => {
      const res = await t.request('POST', `/api/audits/${audit.id}/requests`, {
        cookie: admin.cookie,
        body: { title, assigneeId: contact.user.id, dueDate: '2027-01-31' },
      })
      expect(res.statusCode, res.body).toBe(201)
      return res.json<{ id: string }>().id
    }
    const sentId = await create('Sent already')
    await create('Draft to retitle')
    await create('Draft as it is')
    const sent = await t.request('POST', `/api/audits/${audit.id}/send`, {
      cookie: admin.cookie,
      body: { requestIds: [sentId] },
    })
    expect(sent.statusCode, sent.body).toBe(200)

    const exported = await t.app.inject({
      method: 'GET',
      url: `/api/audits/${audit.id}/export.xlsx`,
      headers: { cookie: admin.cookie },
    })
    expect(exported.statusCode).toBe(200)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer)
    const sheet = book.worksheets.find((one) => one.name !== 'Summary')!
    const header = (sheet.getRow(1).values as Cell[]).map(String)
    const col = (name: string) => header.indexOf(name)
    const rowOf = (title: string) => {
      let found = 0
      sheet.eachRow((row, n) => {
        if (row.getCell(col('Title')).value === title) found = n
      })
      return sheet.getRow(found)
    }
    const retitled = rowOf('Draft to retitle')
    retitled.getCell(col('Title')).value = 'Draft retitled'
    retitled.getCell(col('Due date')).value = new Date(Date.UTC(2027, 2, 1))
    rowOf('Sent already').getCell(col('Title')).value = 'Sent, edited in Excel'
    const added = sheet.addRow([])
    added.getCell(col('Title')).value = 'Added in Excel'
    const edited = Buffer.from(await book.xlsx.writeBuffer())

    const read = await preview(admin.cookie, audit.id, { name: 'tracker.xlsx', data: edited })
    expect(read.mapping).toMatchObject({ number: col('Number') - 1, title: col('Title') - 1 })
    expect(read.rows.map((row) => [row.action, row.number, row.values.title, row.errors])).toEqual([
      ['keep', 1, 'Sent, edited in Excel', []],
      ['update', 2, 'Draft retitled', []],
      ['update', 3, 'Draft as it is', []],
      ['add', null, 'Added in Excel', []],
    ])
    expect(read.counts).toEqual({ add: 1, update: 2, keep: 1, errors: 0 })

    const res = await send(admin.cookie, `/api/audits/${audit.id}/import`, {
      name: 'tracker.xlsx',
      data: edited,
    })
    expect(res.statusCode, res.body).toBe(200)
    const result = res.json<ImportResult>()
    expect(result.created.map((r) => [r.number, r.title])).toEqual([[4, 'Added in Excel']])
    expect(result.updated.map((r) => [r.number, r.title, r.dueDate, r.assigneeId])).toEqual([
      [2, 'Draft retitled', '2027-03-01', contact.user.id],
      [3, 'Draft as it is', '2027-01-31', contact.user.id],
    ])
    const now = await requestsOf(admin.cookie, audit.id)
    expect(now.map((r) => [r.number, r.title, r.status])).toEqual([
      [1, 'Sent already', 'sent'],
      [2, 'Draft retitled', 'draft'],
      [3, 'Draft as it is', 'draft'],
      [4, 'Added in Excel', 'draft'],
    ])
    // What changed is in the trail, from what to what; what did not change is not.
    const trail = await t.request('GET', `/api/audits/${audit.id}/activity?kind=planning`, {
      cookie: admin.cookie,
    })
    const events = trail.json<AuditActivity[]>()
    expect(events.filter((e) => e.action === 'request.updated').map((e) => e.changes)).toEqual([
      [
        { field: 'title', from: 'Draft to retitle', to: 'Draft retitled' },
        { field: 'dueDate', from: '2027-01-31', to: '2027-03-01' },
      ],
    ])
  })

  it('hundreds of drafts updated at once, each with its own values; a row the sheet leaves as it is keeps its time', async () => {
    const { admin, audit } = await firm()
    const rows = 300
    const header = ['Number', 'Title', 'Due date', 'Requires document', 'Answer type', 'Choices']
    const first = await workbook({
      Requests: [header, ...Array.from({ length: rows }, (_, i) => ['', `Item ${i + 1}`, null])],
    })
    const imported = async (name: string, data: Buffer) => {
      const res = await send(admin.cookie, `/api/audits/${audit.id}/import`, { name, data })
      expect(res.statusCode, res.body).toBe(200)
      return res.json<ImportResult>()
    }
    const before = new Map(
      (await imported('first.xlsx', first)).created.map((request) => [request.number, request]),
    )
    expect(before.size).toBe(rows)

    // Each row its own date; row 1 as it was; row 2 needs a document now; row 3 becomes a choice.
    const day = (n: number) => `2027-0${1 + (n % 9)}-${String(1 + (n % 28)).padStart(2, '0')}`
    const edited = await workbook({
      Requests: [
        header,
        ...Array.from({ length: rows }, (_, i) => {
          const number = i + 1
          if (number === 1) return [number, 'Item 1', null]
          if (number === 2) return [number, 'Item 2', null, 'yes']
          if (number === 3) return [number, 'Item 3', null, null, 'choice', 'FIFO; LIFO']
          return [number, `Item ${number}, edited`, day(number)]
        }),
      ],
    })
    const after = new Map(
      (await imported('edited.xlsx', edited)).updated.map((request) => [request.number, request]),
    )
    expect(after.size).toBe(rows)
    expect(after.get(1)).toEqual(before.get(1))
    expect(after.get(2)).toMatchObject({ documentRequired: true, title: 'Item 2' })
    expect(after.get(2)!.updatedAt).not.toBe(before.get(2)!.updatedAt)
    expect(after.get(3)).toMatchObject({ answerType: 'choice', choices: ['FIFO', 'LIFO'] })
    for (let number = 4; number <= rows; number++)
      expect([after.get(number)!.title, after.get(number)!.dueDate]).toEqual([
        `Item ${number}, edited`,
        day(number),
      ])

    // The trail names each change once: the retitled and re-dated rows and the new answer type.
    const trail = await t.request(
      'GET',
      `/api/audits/${audit.id}/activity?kind=planning&limit=500`,
      { cookie: admin.cookie },
    )
    expect(trail.statusCode, trail.body).toBe(200)
    const updates = trail.json<AuditActivity[]>().filter((e) => e.action === 'request.updated')
    expect(updates).toHaveLength(rows - 2)
  })

  it('refuses what it cannot take, clearly, writing nothing', async () => {
    const { admin, orgId, audit, contact } = await firm()
    const other = await firm()
    const staff = await signedInStaff(t, orgId)
    const good = { name: 'a.csv', data: Buffer.from('Title\nOne\n') }
    const url = `/api/audits/${audit.id}/import`

    expectError(await send(contact.cookie, url, good), 403, 'FORBIDDEN')
    expectError(await send(other.admin.cookie, url, good), 404, 'NOT_FOUND')
    expectError(await send(admin.cookie, '/api/audits/not-an-id/import', good), 400, 'VALIDATION')
    // Staff run the engagements: a preview is theirs too.
    const byStaff = await send(staff.cookie, `/api/audits/${audit.id}/import/preview`, good)
    expect(byStaff.statusCode, byStaff.body).toBe(200)

    const legacy = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(512),
    ])
    const xls = await send(admin.cookie, url, { name: 'old.xls', data: legacy })
    expectError(xls, 415, 'UNSUPPORTED_MEDIA_TYPE')
    expect(xls.json<{ message: string }>().message).toContain(
      'save it as an Excel Workbook (.xlsx)',
    )
    expectError(
      await send(admin.cookie, url, {
        name: 'a.png',
        data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 2]),
      }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    )
    expectError(
      await send(admin.cookie, url, { name: 'a.csv', data: Buffer.alloc(0) }),
      400,
      'BAD_REQUEST',
    )
    expectError(
      await send(admin.cookie, url, {
        name: 'a.xlsx',
        data: Buffer.from('PK\u0003\u0004 not a zip'),
      }),
      400,
      'BAD_REQUEST',
    )
    expectError(
      await send(admin.cookie, url, {
        name: 'big.csv',
        data: Buffer.alloc(5 * 1024 * 1024 + 10, 'a'),
      }),
      413,
      'PAYLOAD_TOO_LARGE',
    )
    const tooManyRows = Buffer.from(
      `Title\n${Array.from({ length: 5001 }, (_, i) => `R${i}`).join('\n')}\n`,
    )
    expectError(
      await send(admin.cookie, url, { name: 'long.csv', data: tooManyRows }),
      413,
      'PAYLOAD_TOO_LARGE',
    )
    expectError(await send(admin.cookie, url, undefined, { sheet: 'x' }), 400, 'VALIDATION')
    expectError(await send(admin.cookie, url, good, { other: '1' }), 400, 'VALIDATION')
    expectError(await send(admin.cookie, url, good, { mapping: '{not json' }), 400, 'VALIDATION')
    expectError(
      await send(admin.cookie, url, good, { mapping: '{"title":"A"}' }),
      400,
      'VALIDATION',
    )
    expectError(await send(admin.cookie, url, good, { mapping: '{"colour":1}' }), 400, 'VALIDATION')
    const outside = await send(admin.cookie, url, good, { mapping: '{"title":3}' })
    expectError(outside, 400, 'VALIDATION')
    expect(outside.json()).toMatchObject({
      errors: [{ path: 'mapping.title', message: 'The file has 1 columns: no column 4' }],
    })
    expectError(await send(admin.cookie, url, good, { sheet: 'Missing' }), 400, 'BAD_REQUEST')
    const noBoundary = await t.request('POST', url, {
      cookie: admin.cookie,
      body: 'x',
      headers: { 'content-type': 'multipart/form-data' },
    })
    expectError(noBoundary, 400, 'BAD_REQUEST')
    expectError(
      await send(admin.cookie, url, { name: 'a.csv', data: Buffer.from('Title\n') }),
      400,
      'VALIDATION',
    )
    expect(await requestsOf(admin.cookie, audit.id)).toEqual([])

    // A completed audit is locked.
    const completed = await t.request('POST', `/api/audits/${audit.id}/complete`, {
      cookie: admin.cookie,
    })
    expect(completed.statusCode, completed.body).toBe(200)
    expectError(await send(admin.cookie, url, good), 409, 'CONFLICT')
  })

  it('no more than an audit holds: all or nothing at the cap', async () => {
    const { admin, audit } = await firm()
    const cap = t.app.config.limits.maxRequestsPerAudit
    const csv = Buffer.from(
      `Title\n${Array.from({ length: cap + 1 }, (_, i) => `Item ${i}`).join('\n')}\n`,
    )
    const res = await send(admin.cookie, `/api/audits/${audit.id}/import`, {
      name: 'cap.csv',
      data: csv,
    })
    expectError(res, 409, 'CONFLICT')
    expect(await requestsOf(admin.cookie, audit.id)).toEqual([])
  })
})

describe('POST /api/templates/{id}/import', () => {
  it('adds a sheet’s rows as the template’s items, after its last one; the items’ own fields only', async () => {
    const { admin, orgId } = await firm()
    const template = await createTemplate(t, admin.cookie)
    await createItem(t, admin.cookie, { templateId: template.id, title: 'Engagement letter' })
    const data = await workbook({
      Items: [
        ['Title', 'Description', 'Due date', 'Assignee', 'Requires document', 'Requires response'],
        ['Trial balance', 'At year end', '2027-01-31', 'nobody@example.com', 'yes', 'no'],
        ['Engagement letter', null, null, null, null, null],
        ['Bank statements', null, 'whenever', null, null, 'yes'],
      ],
    })
    const url = `/api/templates/${template.id}/import`
    const read = await preview(admin.cookie, '', { name: 'items.xlsx', data }, {}, `${url}/preview`)
    // No due date, assignee or number for an item: those columns are not read.
    expect(read.mapping).toMatchObject({
      title: 0,
      description: 1,
      dueDate: null,
      assignee: null,
      number: null,
      documentRequired: 4,
      responseRequired: 5,
    })
    expect(read.rows.map((row) => [row.values.title, row.errors])).toEqual([
      ['Trial balance', []],
      [
        'Engagement letter',
        [{ field: 'title', message: 'The same title as an item of this template' }],
      ],
      ['Bank statements', []],
    ])
    expectError(await send(admin.cookie, url, { name: 'items.xlsx', data }), 400, 'VALIDATION')

    const fixed = await workbook({
      Items: [
        ['Title', 'Description', 'Requires document', 'Days before due'],
        ['Trial balance', 'At year end', 'yes', 30],
        ['Bank statements', null, 'no', null],
      ],
    })
    const wrongDays = await workbook({
      Items: [
        ['Title', 'Days before due'],
        ['Cash count', 400],
      ],
    })
    const refusedDays = await preview(
      admin.cookie,
      '',
      { name: 'd.xlsx', data: wrongDays },
      {},
      `${url}/preview`,
    )
    expect(refusedDays.rows[0]!.errors).toEqual([
      {
        field: 'dueDaysBefore',
        message: 'Days before the audit’s due date must be a whole number from 0 to 365',
      },
    ])
    const res = await send(admin.cookie, url, { name: 'items.xlsx', data: fixed })
    expect(res.statusCode, res.body).toBe(200)
    expect(
      res
        .json<TemplateImportResult>()
        .created.map((item) => [
          item.title,
          item.description,
          item.requiresDocument,
          item.dueDaysBefore,
          item.order,
        ]),
    ).toEqual([
      ['Trial balance', 'At year end', true, 30, 1],
      ['Bank statements', null, false, null, 2],
    ])

    // Another firm's template is not found; a client user and staff may not change templates.
    const other = await firm()
    expectError(
      await send(other.admin.cookie, url, { name: 'a.csv', data: Buffer.from('Title\nX\n') }),
      404,
      'NOT_FOUND',
    )
    const staff = await signedInStaff(t, orgId)
    expectError(
      await send(staff.cookie, url, { name: 'a.csv', data: Buffer.from('Title\nX\n') }),
      403,
      'FORBIDDEN',
    )
  })
})
