import {
  createClientUser,
  expect,
  expectNoSeriousA11yViolations,
  loaded,
  signIn,
  test,
  workspaceApi,
} from './fixtures'

const FORBIDDEN = "You don't have access to this page"

test('a client user with nothing yet: dashboard and projects say what to expect, in their words', async ({
  page,
  baseURL,
  account,
}) => {
  await signIn(page, baseURL!, account)
  const client = await workspaceApi(page, baseURL!).client({ name: 'Northwind Traders' })
  const grace = await createClientUser(page, baseURL!, client.id)
  await page.context().clearCookies()
  await signIn(page, baseURL!, grace)

  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await expect(
    page.getByText(`Here is where your audits with ${account.companyName} stand.`),
  ).toBeVisible()
  for (const card of ['Active Projects', 'In Progress Audits', 'Completed Items']) {
    await expect(page.getByRole('heading', { name: card })).toBeVisible()
  }
  await expect(page.getByRole('heading', { name: 'Total Clients' })).toHaveCount(0)
  // Quick actions lead only where they may go.
  const quick = page.getByRole('heading', { name: 'Quick Actions' }).locator('xpath=../..')
  await expect(quick.getByRole('link')).toHaveCount(2)
  await expect(quick.getByRole('link', { name: /client|template/i })).toHaveCount(0)
  await loaded(page)
  await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })

  await page.goto('/projects')
  await page.getByRole('tab', { name: /^All/ }).click()
  await expect(
    page
      .getByRole('tabpanel')
      .getByText('No projects yet. Your audit firm will add them here.', { exact: true }),
  ).toBeVisible()

  await page.goto('/templates')
  await expect(page.getByRole('heading', { level: 1, name: FORBIDDEN })).toBeVisible()
  await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })
})

test('any read the API refuses with 403 shows the forbidden state, not an error', async ({
  page,
  baseURL,
  account,
}) => {
  await signIn(page, baseURL!, account)
  const seed = workspaceApi(page, baseURL!)
  const client = await seed.client({ name: 'Northwind Traders' })
  const project = await seed.project({ name: 'FY25 audit', clientId: client.id })
  const forbidden = { status: 403, json: { message: 'Forbidden', code: 'FORBIDDEN' } }
  // The list (with its status query) and the tab counts.
  await page.route(/\/api\/projects(\/counts)?(\?.*)?$/, (route) => route.fulfill(forbidden))
  await page.route(`**/api/projects/${project.id}`, (route) => route.fulfill(forbidden))

  await page.goto('/projects')
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible()
  await expect(page.getByRole('tabpanel').getByRole('heading', { name: FORBIDDEN })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0)

  await page.goto(`/projects/${project.id}`)
  await expect(page.getByRole('heading', { level: 1, name: FORBIDDEN })).toBeVisible()
  await page.getByRole('link', { name: 'Back to Dashboard' }).click()
  await expect(page).toHaveURL('/dashboard')
})
