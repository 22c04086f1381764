import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TemplateItem, TemplateSection } from '@shared/schemas/templates'
import { createTemplate, expectError, signedInStaff } from '../../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness'

/** A template's sections, listed in order and moved whole. */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

describe('a template’s sections', () => {
  it('come in the order of their first items; a move takes every item of one before another’s', async () => {
    const admin = await signedInAdmin(t)
    const template = await createTemplate(t, admin.cookie)
    const call = (method: 'GET' | 'POST', url: string, body?: unknown) =>
      t.request(method, url, { cookie: admin.cookie, body })
    const add = async (title: string, section: string | null) => {
      const res = await call('POST', '/api/template-items', {
        templateId: template.id,
        title,
        section,
      })
      expect(res.statusCode, res.body).toBe(201)
    }
    await add('Trial balance', '1 General')
    await add('Bank letters', '3 Cash')
    await add('Loose item', null)
    await add('Ledger', '1 General')
    await add('Petty cash count', '3 Cash')
    await add('Payroll', '4 Payroll')
    const titles = async () =>
      (await call('GET', `/api/template-items?templateId=${template.id}&limit=100`))
        .json<TemplateItem[]>()
        .map((item) => item.title)
    const sections = await call('GET', `/api/templates/${template.id}/sections`)
    expect(sections.json<TemplateSection[]>()).toEqual([
      { name: '1 General', items: 2 },
      { name: '3 Cash', items: 2 },
      { name: '4 Payroll', items: 1 },
    ])

    const moved = await call('POST', `/api/templates/${template.id}/sections/move`, {
      section: '3 Cash',
      before: '1 General',
    })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(moved.json<TemplateSection[]>().map((section) => section.name)).toEqual([
      '3 Cash',
      '1 General',
      '4 Payroll',
    ])
    expect(await titles()).toEqual([
      'Bank letters',
      'Petty cash count',
      'Trial balance',
      'Loose item',
      'Ledger',
      'Payroll',
    ])

    const last = await call('POST', `/api/templates/${template.id}/sections/move`, {
      section: '3 Cash',
      before: null,
    })
    expect(last.json<TemplateSection[]>().map((section) => section.name)).toEqual([
      '1 General',
      '4 Payroll',
      '3 Cash',
    ])
    expect(await titles()).toEqual([
      'Trial balance',
      'Loose item',
      'Ledger',
      'Payroll',
      'Bank letters',
      'Petty cash count',
    ])

    const url = `/api/templates/${template.id}/sections/move`
    expectError(await call('POST', url, { section: 'Nope', before: null }), 400, 'VALIDATION')
    expectError(await call('POST', url, { section: '3 Cash', before: 'Nope' }), 400, 'VALIDATION')
    expectError(await call('POST', url, { section: '3 Cash', before: '3 Cash' }), 400, 'VALIDATION')
    expectError(await call('POST', url, { section: '3 Cash' }), 400, 'VALIDATION')
    const staff = await signedInStaff(t, admin.user.company.id)
    expect(
      (await t.request('GET', `/api/templates/${template.id}/sections`, { cookie: staff.cookie }))
        .statusCode,
    ).toBe(200)
    expectError(
      await t.request('POST', url, {
        cookie: staff.cookie,
        body: { section: '3 Cash', before: null },
      }),
      403,
      'FORBIDDEN',
    )
    const other = await signedInAdmin(t)
    expectError(
      await t.request('POST', url, {
        cookie: other.cookie,
        body: { section: '3 Cash', before: null },
      }),
      404,
      'NOT_FOUND',
    )
  })
})
