import type { Page } from '@playwright/test'
import {
  createClientUser,
  expect,
  expectNoSeriousA11yViolations,
  loaded,
  requestRows,
  seedRequests,
  sendDrafts,
  signIn,
  test,
  workspaceApi,
} from './fixtures'

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

/** The portfolio's audit rows (the header row left out). */
const auditRows = (page: Page) =>
  page
    .getByRole('table', { name: 'Audits' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })

const rowOf = (page: Page, audit: string) =>
  auditRows(page).filter({ has: page.getByRole('link', { name: audit, exact: true }) })

for (const { width, height, theme } of [
  { width: 1440, height: 900, theme: 'light' },
  { width: 390, height: 844, theme: 'dark' },
] as const) {
  test(`the firm's audits: the slipping one flagged with its holder, filters, sorting and exports (${width} px, ${theme})`, async ({
    page,
    baseURL,
    account,
  }) => {
    await page.setViewportSize({ width, height })
    await signIn(page, baseURL!, account)
    const seed = workspaceApi(page, baseURL!)

    // Healthy: sent today, due in ten days.
    const contoso = await seed.client({ name: 'Contoso' })
    const contosoProject = await seed.project({ name: 'Contoso annual', clientId: contoso.id })
    const healthy = await seed.audit({ name: 'Contoso FY2026', projectId: contosoProject.id })
    const alan = await createClientUser(page, baseURL!, contoso.id, {
      firstName: 'Alan',
      lastName: 'Turing',
    })
    await seedRequests(page, baseURL!, healthy.id, ['Bank letters', 'Payroll'], {
      assigneeId: alan.id,
      dueDate: () => day(10),
    })
    await sendDrafts(page, baseURL!, healthy.id)

    // Slipping: every request two weeks overdue, all on one client contact.
    const northwind = await seed.client({ name: 'Northwind Traders' })
    const northwindProject = await seed.project({
      name: 'Northwind annual',
      clientId: northwind.id,
    })
    const slipping = await seed.audit({ name: 'Northwind FY2026', projectId: northwindProject.id })
    const grace = await createClientUser(page, baseURL!, northwind.id)
    await seedRequests(page, baseURL!, slipping.id, ['Leases', 'Fixed assets', 'Inventory'], {
      assigneeId: grace.id,
      dueDate: () => day(-14),
    })
    await sendDrafts(page, baseURL!, slipping.id)

    // Never sent: a draft only.
    const globex = await seed.client({ name: 'Globex' })
    const globexProject = await seed.project({ name: 'Globex annual', clientId: globex.id })
    const notSent = await seed.audit({ name: 'Globex FY2026', projectId: globexProject.id })
    await seedRequests(page, baseURL!, notSent.id, ['Board minutes'])

    await page.goto('/dashboard')
    if (theme === 'dark') {
      await page.getByRole('banner').getByRole('button', { name: 'Toggle theme' }).click()
      await expect(page.locator('html')).toHaveClass(/dark/)
    }
    // From the sidebar (behind its trigger on a phone).
    if (width < 768) await page.getByRole('button', { name: 'Toggle Sidebar' }).click()
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Audits' })
      .click()
    await expect(page).toHaveURL(/\/audits$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Audits' })).toBeVisible()
    await expect(page).toHaveTitle(/^Audits · /)
    await expect(auditRows(page)).toHaveCount(3)

    const slippingRow = rowOf(page, 'Northwind FY2026')
    await expect(slippingRow.getByText('Slipping', { exact: true })).toBeVisible()
    await expect(slippingRow.getByText('held by Grace Hopper · 3 open')).toBeVisible()
    await expect(slippingRow.getByText('most 14 days late')).toBeVisible()
    const healthyRow = rowOf(page, 'Contoso FY2026')
    await expect(healthyRow.getByText('Open', { exact: true })).toBeVisible()
    await expect(healthyRow.getByText('Slipping', { exact: true })).toHaveCount(0)
    await expect(rowOf(page, 'Globex FY2026').getByText('Not sent', { exact: true })).toBeVisible()
    await expect(rowOf(page, 'Globex FY2026').getByText('Slipping', { exact: true })).toHaveCount(0)

    const totals = page.getByRole('region', { name: 'Totals' })
    await expect(
      totals.getByRole('link', { name: '1 audit slipping: show only these' }),
    ).toBeVisible()
    await expect(
      page.getByRole('region', { name: 'Requests by status' }).locator('svg.recharts-surface'),
    ).toBeVisible()
    await loaded(page)
    // The table scrolls in its own region: never the page.
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(
      width,
    )
    await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })

    // Slipping only: the slipping audit alone.
    await page.getByRole('button', { name: 'Slipping only' }).click()
    await expect(page).toHaveURL(/\/audits\?slipping=true$/)
    await expect(auditRows(page)).toHaveCount(1)
    await expect(rowOf(page, 'Northwind FY2026')).toBeVisible()
    // The view survives a reload.
    await page.reload()
    await expect(page.getByRole('button', { name: 'Slipping only' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect(auditRows(page)).toHaveCount(1)
    await page.getByRole('button', { name: 'Slipping only' }).click()
    await expect(page).toHaveURL(/\/audits$/)
    await expect(auditRows(page)).toHaveCount(3)

    // Sorting: by audit name, then the most overdue first.
    await page.getByRole('button', { name: 'Audit', exact: true }).click()
    await expect(page).toHaveURL(/sort=audit/)
    await expect(page.getByRole('columnheader', { name: 'Audit', exact: true })).toHaveAttribute(
      'aria-sort',
      'ascending',
    )
    await expect(auditRows(page).first()).toContainText('Contoso FY2026')
    await expect(auditRows(page).last()).toContainText('Northwind FY2026')
    await page.getByRole('button', { name: 'Overdue', exact: true }).click()
    await expect(page).toHaveURL(/sort=-overdue/)
    await expect(auditRows(page).first()).toContainText('Northwind FY2026')

    // The whole filtered table as files.
    const exportingWorkbook = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Export Excel' }).click()
    expect((await exportingWorkbook).suggestedFilename()).toMatch(/\.xlsx$/)
    const exportingCsv = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Export CSV' }).click()
    expect((await exportingCsv).suggestedFilename()).toMatch(/\.csv$/)

    // The overdue count opens the audit's overdue requests.
    await rowOf(page, 'Northwind FY2026')
      .getByRole('link', { name: /^3 overdue requests in Northwind FY2026/ })
      .click()
    await expect(page).toHaveURL(new RegExp(`/audits/${slipping.id}\\?overdue=1$`))
    await expect(requestRows(page)).toHaveCount(3)

    // /reports is the same screen, its filter kept.
    await page.goto('/reports?stage=not_sent')
    await expect(page).toHaveURL(/\/audits\?stage=not_sent$/)
    await expect(auditRows(page)).toHaveCount(1)
    await expect(rowOf(page, 'Globex FY2026')).toBeVisible()
  })
}
