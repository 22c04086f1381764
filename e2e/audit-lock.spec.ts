import {
  createClientUser,
  expect,
  expectNoSeriousA11yViolations,
  seedRequests,
  sendDrafts,
  signIn,
  test,
  workspaceApi,
} from './fixtures'

for (const { width, height, theme } of [
  { width: 1440, height: 900, theme: 'light' },
  { width: 390, height: 844, theme: 'dark' },
] as const) {
  test(`completing an audit locks it; the admin reopens it (${width} px, ${theme})`, async ({
    page,
    baseURL,
    account,
  }) => {
    await page.setViewportSize({ width, height })
    await signIn(page, baseURL!, account)
    const seed = workspaceApi(page, baseURL!)
    const client = await seed.client({ name: 'Contoso' })
    const project = await seed.project({ name: 'Year end 2026', clientId: client.id })
    const audit = await seed.audit({ name: 'Statutory audit', projectId: project.id })
    const grace = await createClientUser(page, baseURL!, client.id)
    await seedRequests(page, baseURL!, audit.id, ['Bank letters'], { assigneeId: grace.id })
    await sendDrafts(page, baseURL!, audit.id)

    await page.goto(`/audits/${audit.id}`)
    if (theme === 'dark') {
      await page.getByRole('banner').getByRole('button', { name: 'Toggle theme' }).click()
      await expect(page.locator('html')).toHaveClass(/dark/)
    }
    await page.getByRole('button', { name: /Complete Audit/ }).click()
    const dialog = page.getByRole('alertdialog')
    await expect(dialog).toContainText('until an admin reopens it')
    await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })
    await dialog.getByRole('button', { name: 'Complete Audit' }).click()

    const notice = page.getByRole('region', { name: 'Audit locked' })
    await expect(notice).toContainText('Completed and locked.')
    await expect(page.getByRole('button', { name: /Add Request/ })).toHaveCount(0)
    await expect(page.getByRole('button', { name: /Complete Audit/ })).toHaveCount(0)
    // The firm's views and files stay.
    await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible()
    await expect(page.getByRole('link', { name: /Export Excel/ })).toBeVisible()
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
    await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })

    await notice.getByRole('button', { name: /Reopen Audit/ }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Reopen Audit' }).click()
    await expect(notice).toHaveCount(0)
    await expect(page.getByRole('button', { name: /Add Request/ })).toBeVisible()
  })
}
