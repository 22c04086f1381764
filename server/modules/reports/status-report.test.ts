import { sql } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAudit, expectError, seedRequests, signedInClientUser } from '../../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness'

/** GET /api/audits/{id}/report.pdf, parsed back as a PDF reader would. */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const pdfOf = (auditId: string, cookie: string) =>
  t.app.inject({ method: 'GET', url: `/api/audits/${auditId}/report.pdf`, headers: { cookie } })

async function read(res: Awaited<ReturnType<typeof pdfOf>>) {
  expect(res.statusCode, res.body).toBe(200)
  const document = await getDocumentProxy(new Uint8Array(res.rawPayload))
  const pages = document.numPages
  const { text } = await extractText(document, { mergePages: true })
  return { pages, text: text.replace(/\s+/g, ' ') }
}

describe('the status report (PDF)', () => {
  it('names firm and client, counts progress, lists the open requests by assignee, overdue first', async () => {
    const admin = await signedInAdmin(t, { companyName: 'Ledger & Co' })
    const orgId = admin.user.company.id
    const audit = await createAudit(t, admin.cookie, { name: 'FY2026 year end' })
    const ada = await signedInClientUser(t, orgId, audit.client.id)
    const ids = await seedRequests(t, { organizationId: orgId, auditId: audit.id, count: 6 })
    const set = (id: string, values: ReturnType<typeof sql>) =>
      t.app.db.execute(sql`update audit_requests set ${values} where id = ${id}`)
    const titled = (i: number, title: string) => set(ids[i]!, sql`title = ${title}`)
    await titled(0, 'Bank statements ŁÓDŹ')
    await titled(1, 'Payroll register')
    await titled(2, 'Fixed asset register')
    await titled(3, 'Draft nobody sees')
    await titled(4, 'Accepted long ago')
    await titled(5, 'Unassigned lease contracts')
    const sent = sql`status = 'sent', sent_at = now() - interval '20 days'`
    // Ada: one due next year, one 12 days late, one answered (with the firm).
    await set(ids[0]!, sql`${sent}, assignee_user_id = ${ada.user.id}, due_date = '2099-01-31'`)
    await set(
      ids[1]!,
      sql`${sent}, assignee_user_id = ${ada.user.id}, due_date = current_date - 12`,
    )
    await set(
      ids[2]!,
      sql`status = 'submitted', sent_at = now() - interval '20 days', submitted_at = now(), assignee_user_id = ${ada.user.id}`,
    )
    await set(
      ids[4]!,
      sql`status = 'accepted', sent_at = now() - interval '20 days', accepted_at = now()`,
    )
    await set(ids[5]!, sent)

    const res = await pdfOf(audit.id, admin.cookie)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toContain('FY2026 year end-status-report.pdf')
    // The font is embedded (a TrueType font file in the document), so the text reads anywhere.
    expect(res.rawPayload.includes('/FontFile2')).toBe(true)
    const { pages, text } = await read(res)
    expect(pages).toBe(1)
    expect(text).toContain('Ledger & Co')
    expect(text).toContain('FY2026 year end')
    expect(text).toContain(`Status report for ${audit.client.name}`)
    expect(text).toContain('1 of 5 requests done (20%)')
    expect(text).toContain('Clara Client (3)')
    expect(text).toContain('Not assigned (1)')
    expect(text).toContain('#1 Bank statements ŁÓDŹ')
    expect(text).toContain('12 days overdue')
    expect(text).toContain('Answered, in review')
    expect(text).not.toContain('Draft nobody sees')
    expect(text).not.toContain('Accepted long ago')
    // Within Ada's, the late one first; the unassigned last.
    const at = (title: string) => text.indexOf(title)
    expect(at('Payroll register')).toBeLessThan(at('Bank statements'))
    expect(at('Bank statements')).toBeLessThan(at('Unassigned lease contracts'))

    // The client user downloads their own audit's, with the same content.
    const theirs = await read(await pdfOf(audit.id, ada.cookie))
    expect(theirs.text).toContain('#2 Payroll register')
    expect(theirs.text).not.toContain('Draft nobody sees')
    // Another client's user, and another company, find no such audit.
    const stranger = await signedInClientUser(t, orgId)
    expectError(await pdfOf(audit.id, stranger.cookie), 404, 'NOT_FOUND')
    expectError(await pdfOf(audit.id, (await signedInAdmin(t)).cookie), 404, 'NOT_FOUND')
  })

  it('an audit with nothing sent says so; a long one runs over numbered pages', async () => {
    const admin = await signedInAdmin(t)
    const orgId = admin.user.company.id
    const empty = await createAudit(t, admin.cookie)
    await seedRequests(t, { organizationId: orgId, auditId: empty.id, count: 2 })
    const none = await read(await pdfOf(empty.id, admin.cookie))
    expect(none.text).toContain('Nothing has been requested yet.')
    expect(none.text).toContain('None: every request is done.')

    const long = await createAudit(t, admin.cookie)
    await seedRequests(t, { organizationId: orgId, auditId: long.id, count: 300, sent: true })
    const report = await read(await pdfOf(long.id, admin.cookie))
    expect(report.pages).toBeGreaterThan(5)
    expect(report.text).toContain(`page ${report.pages} of ${report.pages}`)
    expect(report.text).toContain('#300 Seeded request 300')
  }, 60_000)
})
