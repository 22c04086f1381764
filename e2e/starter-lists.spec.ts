import {
  expect,
  expectNoSeriousA11yViolations,
  signIn,
  test,
  toasts,
  workspaceApi,
} from './fixtures'

test('a new firm copies a starter list from its empty Templates page and has a sectioned checklist to work from', async ({
  page,
  baseURL,
  account,
}) => {
  await signIn(page, baseURL!, account)
  await page.goto('/templates')
  const lists = page.getByRole('list', { name: 'Starter lists' })
  await expect(lists.getByRole('listitem')).toHaveCount(4)
  await expect(lists.getByText('SOC 2', { exact: false }).first()).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  await lists.getByRole('button', { name: /^Copy Year-end financial statement audit/ }).click()
  await expect(toasts(page).filter({ hasText: 'added to your templates' })).toBeVisible()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Year-end financial statement audit: PBC list' }),
  ).toBeVisible()
  // Its items keep their references and sections, and their due dates before the audit's.
  await expect(page.getByRole('heading', { name: /^1\.1 Trial balance/ })).toBeVisible()
  await expect(page.getByText('1 General and planning').first()).toBeVisible()
  await expect(page.getByText(/Due \d+ days before the audit/).first()).toBeVisible()

  // Its sections move whole: Cash and bank first, its items with it.
  const sections = page.getByRole('list', { name: 'Sections' })
  await expect(sections.getByRole('listitem')).toHaveCount(10)
  await sections.getByRole('button', { name: 'Move 2 Cash and bank up' }).click()
  await expect(sections.getByRole('listitem').first()).toContainText('2 Cash and bank')
  await expect(page.getByRole('heading', { level: 3 }).first()).toHaveText(
    /^2\.1 Listing of all bank/,
  )

  // An audit from it narrows its request table to a section.
  const templateId = new URL(page.url()).pathname.split('/').pop()!
  const seed = workspaceApi(page, baseURL!)
  const client = await seed.client({ name: 'Contoso Ltd' })
  const project = await seed.project({ name: 'FY2026', clientId: client.id })
  const audit = await seed.audit({ name: 'Year-end 2026', projectId: project.id, templateId })
  await page.goto(`/audits/${audit.id}`)
  await page.getByRole('combobox', { name: 'Section' }).click()
  await page.getByRole('option', { name: /^2 Cash and bank/ }).click()
  await expect(page).toHaveURL(/section=2\+Cash/)
  await expect(page.getByRole('link', { name: /Listing of all bank/ })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Trial balance as of the period end' })).toHaveCount(
    0,
  )

  // Later, from the Templates page's own button.
  await page.goto('/templates')
  await page.getByRole('button', { name: 'Starter Lists' }).click()
  const dialog = page.getByRole('dialog', { name: 'Starter Lists' })
  await dialog.getByRole('button', { name: /^Copy ISO/ }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('heading', { level: 1, name: /ISO/ })).toBeVisible()
})
