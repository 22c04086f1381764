import ExcelJS from 'exceljs'
import { readFile } from 'node:fs/promises'
import {
  createClientUser,
  expect,
  expectNoSeriousA11yViolations,
  originHeader,
  signIn,
  test,
  toasts,
  workspaceApi,
} from './fixtures'

const pdfBytes = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
)

test('a client attaches files to a document-required request; the auditor downloads them and exports the audit', async ({
  page,
  baseURL,
  account,
  browser,
}) => {
  test.slow()
  await signIn(page, baseURL!, account)
  const seed = workspaceApi(page, baseURL!)
  const client = await seed.client({ name: 'Tailspin Toys' })
  const project = await seed.project({ name: 'Statutory Audit', clientId: client.id })
  const audit = await seed.audit({ name: 'FY2026 statutory audit', projectId: project.id })
  const grace = await createClientUser(page, baseURL!, client.id)
  const headers = originHeader(baseURL!)
  const created = await page.request.post(`/api/audits/${audit.id}/requests`, {
    headers,
    data: { title: 'Signed bank confirmation', documentRequired: true, assigneeId: grace.id },
  })
  expect(created.status(), await created.text()).toBe(201)
  const request = (await created.json()) as { id: string }
  const sent = await page.request.post(`/api/audits/${audit.id}/send`, { headers, data: {} })
  expect(sent.status(), await sent.text()).toBe(200)

  // The client: Submit waits for a document; two files at once through the file input.
  const clientContext = await browser.newContext({ baseURL })
  const clientPage = await clientContext.newPage()
  await signIn(clientPage, baseURL!, grace)
  await clientPage.goto(`/requests/${request.id}`)
  const submit = clientPage.getByRole('button', { name: 'Submit Answer' })
  await expect(submit).toBeDisabled()
  await expect(clientPage.getByText('needs a document: attach a file above')).toBeVisible()
  await expectNoSeriousA11yViolations(clientPage, { sameOriginOnly: true })
  const input = clientPage.getByLabel('Choose files')
  await input.setInputFiles([
    { name: 'bank-confirmation.pdf', mimeType: 'application/pdf', buffer: pdfBytes },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Draft notes\n') },
  ])
  const attached = clientPage.getByRole('list', { name: 'Attached files' })
  await expect(attached.getByRole('listitem')).toHaveCount(2)
  await expect(attached).toContainText('bank-confirmation.pdf')
  await expect(attached).toContainText(`${pdfBytes.length} bytes`)
  await expect(attached).toContainText('notes.txt')
  await expectNoSeriousA11yViolations(clientPage, { sameOriginOnly: true })

  // Bytes that are not a PDF, whatever the name says: refused with the file's name.
  await input.setInputFiles({
    name: 'x.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(64)]),
  })
  await expect(clientPage.getByRole('alert').filter({ hasText: 'x.pdf' })).toContainText(
    'not accepted',
  )
  await expect(attached.getByRole('listitem')).toHaveCount(2)

  // A file dropped on the upload area.
  const dataTransfer = await clientPage.evaluateHandle(() => {
    const transfer = new DataTransfer()
    transfer.items.add(new File(['Account,Balance\n1000,42\n'], 'ledger.csv', { type: 'text/csv' }))
    return transfer
  })
  const dropZone = clientPage.getByText('Drag and drop files here').locator('..')
  await dropZone.dispatchEvent('dragover', { dataTransfer })
  await dropZone.dispatchEvent('drop', { dataTransfer })
  await expect(attached.getByRole('listitem')).toHaveCount(3)
  await expect(attached).toContainText('ledger.csv')

  const folder = process.env.E2E_SCREENSHOTS
  if (folder)
    await clientPage.screenshot({ path: `${folder}/request-files-client.png`, fullPage: true })

  // Remove one, then submit.
  await clientPage.getByRole('button', { name: 'Remove notes.txt' }).click()
  await expect(toasts(clientPage).filter({ hasText: 'File removed' })).toBeVisible()
  await expect(attached.getByRole('listitem')).toHaveCount(2)
  await expect(attached).not.toContainText('notes.txt')
  await expect(submit).toBeEnabled()
  await submit.click()
  await expect(toasts(clientPage).filter({ hasText: 'Answer submitted' })).toBeVisible()
  const clientVersion = clientPage.getByRole('list', { name: 'Files of version 1' })
  await expect(clientVersion).toContainText('bank-confirmation.pdf')
  await expect(clientPage.getByRole('button', { name: /^Remove/ })).toHaveCount(0)

  // The auditor sees the file in version 1 and downloads the same bytes.
  await page.goto(`/requests/${request.id}`)
  const version = page.getByRole('list', { name: 'Files of version 1' })
  await expect(version.getByRole('listitem')).toHaveCount(2)
  await expect(version).toContainText('bank-confirmation.pdf')
  await expect(version).toContainText('ledger.csv')
  const downloading = page.waitForEvent('download')
  await version.getByRole('link', { name: 'Download bank-confirmation.pdf' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('bank-confirmation.pdf')
  expect((await readFile(await download.path())).equals(pdfBytes)).toBe(true)
  await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })

  // The audit's exports: the CSV tracker names the request; the ZIP link is there.
  await page.goto(`/audits/${audit.id}`)
  await expect(page.getByRole('link', { name: 'Download accepted files (ZIP)' })).toHaveAttribute(
    'href',
    `/api/audits/${audit.id}/export.zip`,
  )
  const reporting = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Status report (PDF)' }).click()
  const report = await reporting
  expect(report.suggestedFilename()).toMatch(/-status-report\.pdf$/)
  expect((await readFile(await report.path())).subarray(0, 5).toString()).toBe('%PDF-')
  const exporting = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Export CSV' }).click()
  const csv = await exporting
  expect(csv.suggestedFilename()).toMatch(/\.csv$/)
  expect(await readFile(await csv.path(), 'utf8')).toContain('Signed bank confirmation')
  const exportingWorkbook = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Export Excel' }).click()
  const xlsx = await exportingWorkbook
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/)
  const book = new ExcelJS.Workbook()
  await book.xlsx.readFile(await xlsx.path())
  const sheet = book.getWorksheet('Requests')!
  const titleColumn = (sheet.getRow(1).values as unknown[]).indexOf('Title')
  const titles = sheet.getColumn(titleColumn).values
  expect(titles).toContain('Signed bank confirmation')
  await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })

  // Client users see no exports.
  await clientPage.goto(`/audits/${audit.id}`)
  await expect(
    clientPage.getByRole('heading', { level: 1, name: 'FY2026 statutory audit' }),
  ).toBeVisible()
  await expect(clientPage.getByRole('link', { name: 'Export CSV' })).toHaveCount(0)
  await expect(clientPage.getByRole('link', { name: 'Export Excel' })).toHaveCount(0)
  await clientContext.close()
})
