import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANSWER_TYPES, choicesProblem, type AnswerType } from '@shared/schemas/answers'
import type { RequestList } from '@shared/schemas/requests'
import type { StarterList } from '@shared/schemas/template-library'
import {
  createTemplateInput,
  createTemplateItemInput,
  type Template,
  type TemplateItem,
} from '@shared/schemas/templates'
import {
  createAudit,
  createProject,
  expectError,
  signedInClientUser,
  signedInStaff,
} from '../../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness'
import { LIBRARY, type LibraryItem } from './library-data'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

describe('the starter lists', () => {
  it('each is a template and items the API itself would accept', () => {
    expect(LIBRARY.map((list) => list.key)).toEqual([
      'year-end-financial-statements',
      'interim-audit',
      'soc-2-type-ii',
      'iso-27001',
    ])
    for (const list of LIBRARY) {
      expect(
        createTemplateInput.safeParse({ name: list.name, description: list.description }).error,
      ).toBeUndefined()
      expect(list.items.length).toBeGreaterThanOrEqual(25)
      expect(list.items.length).toBeLessThanOrEqual(80)
      expect(new Set(list.items.map((item) => item.reference)).size).toBe(list.items.length)
      for (const { requiresDocument, requiresResponse, ...item } of list.items) {
        const parsed = createTemplateItemInput.safeParse({
          ...item,
          requiresDocument,
          requiresResponse,
          templateId: '00000000-0000-4000-8000-000000000000',
        })
        expect(parsed.error?.issues, `${list.key} ${item.reference}`).toBeUndefined()
        expect(
          item.answerType !== 'text' || requiresDocument || requiresResponse,
          `${list.key} ${item.reference} asks for nothing`,
        ).toBe(true)
      }
    }
  })

  it('each item has an answer type, with choices only for a choice answer', () => {
    for (const list of LIBRARY) {
      for (const item of list.items) {
        const at = `${list.key} ${item.reference}`
        expect(ANSWER_TYPES, at).toContain(item.answerType)
        expect(choicesProblem(item.answerType, item.choices), at).toBeNull()
        if (item.answerType === 'choice') expect(item.choices!.length, at).toBeLessThanOrEqual(6)
        else expect(item.choices, at).toBeNull()
        // A written response is asked of a text item only; documents only means a document.
        if (item.answerType !== 'text') expect(item.requiresResponse, at).toBe(false)
        if (item.answerType === 'files') expect(item.requiresDocument, at).toBe(true)
      }
      const types = new Set<AnswerType>(list.items.map((item) => item.answerType))
      expect(types.size, `${list.key} uses ${[...types].join(', ')}`).toBeGreaterThanOrEqual(4)
    }
    const yearEnd = LIBRARY.find((list) => list.key === 'year-end-financial-statements')!
    expect(
      yearEnd.items
        .filter((item) => item.answerType === 'acknowledgement')
        .map((item) => item.title),
    ).toEqual(['Signed management representation letter'])
  })

  it('are listed for the firm; an admin copies one into the firm’s templates, due dates and all', async () => {
    const admin = await signedInAdmin(t)
    const listed = await t.request('GET', '/api/template-library', { cookie: admin.cookie })
    expect(listed.statusCode, listed.body).toBe(200)
    const lists = listed.json<StarterList[]>()
    expect(lists.map((list) => [list.key, list.itemCount])).toEqual(
      LIBRARY.map((list) => [list.key, list.items.length]),
    )
    expect(lists[0]!.sections[0]).toBe(LIBRARY[0]!.items[0]!.section)

    const copied = await t.request(
      'POST',
      '/api/template-library/year-end-financial-statements/copy',
      {
        cookie: admin.cookie,
      },
    )
    expect(copied.statusCode, copied.body).toBe(201)
    const template = copied.json<Template>()
    const source = LIBRARY[0]!
    expect(template).toMatchObject({ name: source.name, itemCount: source.items.length })
    const items = await t.request(
      'GET',
      `/api/template-items?templateId=${template.id}&limit=100`,
      {
        cookie: admin.cookie,
      },
    )
    const copiedItems = items.json<TemplateItem[]>()
    expect(
      copiedItems.map((item) => [item.reference, item.section, item.title, item.dueDaysBefore]),
    ).toEqual(
      source.items.map((item) => [item.reference, item.section, item.title, item.dueDaysBefore]),
    )
    // Each item is answered as the list says: its type, its choices, and what it requires.
    const answering = (item: TemplateItem | LibraryItem) => [
      item.reference,
      item.answerType,
      item.choices,
      item.requiresDocument,
      item.requiresResponse,
    ]
    expect(copiedItems.map(answering)).toEqual(source.items.map(answering))
    expect(new Set(copiedItems.map((item) => item.answerType)).size).toBeGreaterThanOrEqual(4)
    expect(copiedItems.some((item) => item.answerType === 'choice')).toBe(true)

    // An audit from it, due on March 31, has each request due its days before.
    const project = await createProject(t, admin.cookie)
    const audit = await createAudit(t, admin.cookie, {
      projectId: project.id,
      templateId: template.id,
      dueDate: '2027-03-31',
    })
    const requests = await t.request('GET', `/api/audits/${audit.id}/requests?limit=100`, {
      cookie: admin.cookie,
    })
    const created = requests.json<RequestList>().requests
    expect(
      created.map((request) => [request.reference, request.answerType, request.choices]),
    ).toEqual(source.items.map((item) => [item.reference, item.answerType, item.choices]))
    const first = created[0]!
    expect(first).toMatchObject({ reference: '1.1', section: source.items[0]!.section })
    const before = source.items[0]!.dueDaysBefore
    expect(first.dueDate).toBe(
      before === null ? null : new Date(Date.UTC(2027, 2, 31 - before)).toISOString().slice(0, 10),
    )
  })

  it('staff read them, only admins copy, client users see none; an unknown list is not found', async () => {
    const admin = await signedInAdmin(t)
    const orgId = admin.user.company.id
    const staff = await signedInStaff(t, orgId)
    const client = await signedInClientUser(t, orgId)
    expect(
      (await t.request('GET', '/api/template-library', { cookie: staff.cookie })).statusCode,
    ).toBe(200)
    expectError(
      await t.request('POST', '/api/template-library/iso-27001/copy', { cookie: staff.cookie }),
      403,
      'FORBIDDEN',
    )
    expectError(
      await t.request('GET', '/api/template-library', { cookie: client.cookie }),
      403,
      'FORBIDDEN',
    )
    expectError(
      await t.request('POST', '/api/template-library/no-such-list/copy', { cookie: admin.cookie }),
      404,
      'NOT_FOUND',
    )
    expectError(
      await t.request('POST', '/api/template-library/..%2Fetc/copy', { cookie: admin.cookie }),
      400,
      'VALIDATION',
    )
    const templates = await t.request('GET', '/api/templates', { cookie: admin.cookie })
    expect(templates.json()).toEqual([])
  })
})
