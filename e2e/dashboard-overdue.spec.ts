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

for (const { width, height, theme } of [
  { width: 1440, height: 900, theme: 'light' },
  { width: 390, height: 844, theme: 'dark' },
] as const) {
  test(`the firm's dashboard names what is overdue and opens it filtered (${width} px, ${theme})`, async ({
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
    // Three overdue (the oldest twelve days), two still to come.
    await seedRequests(
      page,
      baseURL!,
      audit.id,
      ['Bank letters', 'Payroll', 'Leases', 'Fixed assets', 'Inventory count'],
      { assigneeId: grace.id, dueDate: (index) => day(index < 3 ? -12 + index * 4 : 10) },
    )
    await sendDrafts(page, baseURL!, audit.id)

    await page.goto('/dashboard')
    if (theme === 'dark') {
      await page.getByRole('banner').getByRole('button', { name: 'Toggle theme' }).click()
      await expect(page.locator('html')).toHaveClass(/dark/)
    }
    const card = page
      .getByRole('heading', { name: 'Overdue 3' })
      .locator('xpath=ancestor::*[@data-slot="card"][1]')
    await expect(page.getByRole('heading', { name: 'Overdue 3' })).toBeVisible()
    await expect(card.getByText('3 in your audits.')).toBeVisible()
    const link = card.getByRole('link', { name: 'Group audit: 3 overdue requests' })
    await expect(link).toBeVisible()
    await expect(card.getByText(/^Northwind Traders · your audit · the oldest due /)).toBeVisible()
    await loaded(page)
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(
      width,
    )
    await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })

    await link.click()
    await expect(page).toHaveURL(new RegExp(`/audits/${audit.id}\\?overdue=1$`))
    await expect(requestRows(page)).toHaveCount(3)
  })
}
