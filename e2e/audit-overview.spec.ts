import type { Page } from '@playwright/test'
import {
  createClientUser,
  expect,
  expectNoSeriousA11yViolations,
  loaded,
  originHeader,
  requestRows,
  seedRequests,
  sendDrafts,
  signIn,
  submitAnswers,
  test,
  workspaceApi,
} from './fixtures'

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

/** The firm decides on an answer through the API (the page's session). */
async function decide(
  page: Page,
  baseURL: string,
  requestId: string,
  decision: 'accept' | 'return',
) {
  const response = await page.request.post(`/api/requests/${requestId}/${decision}`, {
    headers: originHeader(baseURL),
    data: decision === 'return' ? { reason: 'Page 2 is missing' } : {},
  })
  expect(response.status(), await response.text()).toBe(200)
}

for (const { width, height, theme } of [
  { width: 1440, height: 900, theme: 'light' },
  { width: 390, height: 844, theme: 'dark' },
] as const) {
  test(`the audit's Overview shows its figures and opens the requests they count (${width} px, ${theme})`, async ({
    page,
    baseURL,
    account,
  }) => {
    await page.setViewportSize({ width, height })
    await signIn(page, baseURL!, account)
    const seed = workspaceApi(page, baseURL!)
    const client = await seed.client({ name: 'Northwind Traders' })
    const project = await seed.project({ name: 'Annual Review 2026', clientId: client.id })
    const audit = await seed.audit({ name: 'Group audit', projectId: project.id })
    const grace = await createClientUser(page, baseURL!, client.id)
    // Six sent to Grace: three overdue (40, 12 and 3 days late), three due in ten days, two of
    // which she answers: one accepted, one returned. Then one draft, not sent.
    const lateness = [-40, -12, -3, 10, 10, 10]
    const ids = await seedRequests(
      page,
      baseURL!,
      audit.id,
      ['Bank letters', 'Payroll', 'Leases', 'Fixed assets', 'Inventory count', 'Board minutes'],
      { assigneeId: grace.id, dueDate: (index) => day(lateness[index]!) },
    )
    await sendDrafts(page, baseURL!, audit.id)
    await submitAnswers(baseURL!, grace, [ids[3]!, ids[4]!])
    await decide(page, baseURL!, ids[3]!, 'accept')
    await decide(page, baseURL!, ids[4]!, 'return')
    await seedRequests(page, baseURL!, audit.id, ['Related parties'])

    await page.goto(`/audits/${audit.id}`)
    if (theme === 'dark') {
      await page.getByRole('banner').getByRole('button', { name: 'Toggle theme' }).click()
      await expect(page.locator('html')).toHaveClass(/dark/)
    }
    const requestsTab = page.getByRole('tab', { name: 'Requests' })
    const overviewTab = page.getByRole('tab', { name: 'Overview' })
    await expect(requestsTab).toHaveAttribute('aria-selected', 'true')
    // The tabs take the keyboard: an arrow moves to Overview and opens it.
    await requestsTab.focus()
    await page.keyboard.press('ArrowRight')
    await expect(overviewTab).toBeFocused()
    await expect(overviewTab).toHaveAttribute('aria-selected', 'true')
    await expect(page).toHaveURL(new RegExp(`/audits/${audit.id}\\?view=overview$`))

    const overview = page.getByRole('tabpanel', { name: 'Overview' })
    await expect(overview.getByText('1 of 6 sent requests done')).toBeVisible()
    await expect(overview.getByRole('progressbar', { name: 'Sent requests done' })).toHaveAttribute(
      'aria-valuetext',
      '1 of 6 sent requests done, 17%',
    )
    const overdue = overview.getByRole('region', { name: 'Overdue' })
    await expect(overdue.getByRole('link', { name: '3 overdue requests' })).toBeVisible()
    await expect(overview.getByRole('region', { name: 'Turnaround' })).toContainText(
      '1 of 2 answers returned to the client',
    )
    const byStatus = overview.getByRole('region', { name: 'Requests by status' })
    const burnDown = overview.getByRole('region', { name: 'Burn-down', exact: true })
    await expect(byStatus.locator('svg.recharts-surface')).toBeVisible()
    await expect(burnDown.locator('svg.recharts-surface')).toBeVisible()
    await expect(
      overview.getByRole('region', { name: 'Open requests by assignee' }).getByRole('row', {
        name: 'Grace Hopper 5 3',
      }),
    ).toBeVisible()
    await loaded(page)

    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(
      width,
    )
    await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })

    // The chart's figures as a table, for whoever cannot read the chart.
    await burnDown.getByRole('button', { name: 'Show as table' }).click()
    await expect(burnDown.getByRole('table')).toBeVisible()
    await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })

    await byStatus.getByRole('link', { name: 'Sent 4' }).click()
    await expect(page).toHaveURL(new RegExp(`/audits/${audit.id}\\?status=sent$`))
    await expect(requestsTab).toHaveAttribute('aria-selected', 'true')
    await expect(requestRows(page)).toHaveCount(4)

    await page.goBack()
    await expect(page).toHaveURL(new RegExp(`/audits/${audit.id}\\?view=overview$`))
    await expect(overviewTab).toHaveAttribute('aria-selected', 'true')
    await expect(overview.getByText('1 of 6 sent requests done')).toBeVisible()
  })
}
