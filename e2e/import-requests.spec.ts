import {
  createClientUser,
  expect,
  expectNoSeriousA11yViolations,
  signIn,
  test,
  toasts,
  workspaceApi,
} from './fixtures'

test('a request list from a spreadsheet: the columns mapped by hand, the preview’s problems gone, then imported in one go', async ({
  page,
  baseURL,
  account,
}) => {
  await signIn(page, baseURL!, account)
  const seed = workspaceApi(page, baseURL!)
  const client = await seed.client({ name: 'Contoso Ltd' })
  const project = await seed.project({ name: 'FY2026', clientId: client.id })
  const audit = await seed.audit({ name: 'Year-end audit', projectId: project.id })
  const grace = await createClientUser(page, baseURL!, client.id)
  // "Due" holds quarters, not days; the days are under "Target date". The titles' header is
  // nothing the app knows.
  const csv = [
    'What we need,Due,Owner,Target date',
    `Bank confirmation letters,Q1,${grace.email},2031-01-31`,
    'Payroll reconciliation,Q1,,2031-02-15',
  ].join('\n')

  await page.goto(`/audits/${audit.id}`)
  await page.getByRole('button', { name: 'Import' }).click()
  const dialog = page.getByRole('dialog', { name: 'Import from a Spreadsheet' })
  await dialog
    .getByLabel('Spreadsheet')
    .setInputFiles({ name: 'pbc.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await expect(dialog.getByText('2 rows have problems')).toBeVisible()
  await expect(dialog.getByText('A title is required').first()).toBeVisible()
  await expect(dialog.getByText('“Q1” is not a date: write it as YYYY-MM-DD').first()).toBeVisible()
  const importButton = dialog.getByRole('button', { name: /^Import 2 Rows$/ })
  await expect(importButton).toBeDisabled()
  await expectNoSeriousA11yViolations(page)

  await dialog.getByRole('combobox', { name: 'Title' }).click()
  await page.getByRole('option', { name: 'What we need' }).click()
  await expect(dialog.getByText('A title is required')).toHaveCount(0)
  await dialog.getByRole('combobox', { name: 'Due date' }).click()
  await page.getByRole('option', { name: 'Target date' }).click()
  await expect(dialog.getByText('2 rows: 2 new requests.')).toBeVisible()
  await expect(dialog.getByRole('cell', { name: 'Grace Hopper' })).toBeVisible()
  await expect(importButton).toBeEnabled()
  await importButton.click()

  await expect(toasts(page).filter({ hasText: '2 requests added' })).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('link', { name: 'Bank confirmation letters' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Payroll reconciliation' })).toBeVisible()
})

test('a template’s checklist items from a workbook, after its last item', async ({
  page,
  baseURL,
  account,
}) => {
  await signIn(page, baseURL!, account)
  const seed = workspaceApi(page, baseURL!)
  const template = await seed.template({ name: 'Year-end PBC' })
  const csv =
    'Title;Description;Requires document\nTrial balance;At year end;yes\nBank letters;;no\n'

  await page.goto(`/templates/${template.id}`)
  await page.getByRole('button', { name: 'Import' }).click()
  const dialog = page.getByRole('dialog', { name: 'Import Items' })
  await dialog
    .getByLabel('Spreadsheet')
    .setInputFiles({ name: 'items.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await expect(dialog.getByText('2 rows: 2 new items.')).toBeVisible()
  // Items have no due date or assignee to map.
  await expect(dialog.getByRole('combobox', { name: 'Due date', exact: true })).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Import 2 Rows' }).click()
  await expect(toasts(page).filter({ hasText: '2 items added' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Trial balance' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Bank letters' })).toBeVisible()
})
