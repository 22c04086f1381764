import { request as playwrightRequest, type Page } from '@playwright/test'
import {
  createClientUser,
  expect,
  expectNoSeriousA11yViolations,
  invitationLink,
  loaded,
  originHeader,
  seedRequests,
  sendDrafts,
  submitAnswers,
  test,
  toasts,
  uniqueEmail,
  waitForMails,
  workspaceApi,
} from './fixtures'

/** The firm's calendar day (a company registered without a time zone counts in UTC). */
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

/** A staff member of the page's (admin) company: invited, then the mailed link accepted. */
async function createStaff(page: Page, baseURL: string) {
  const staff = {
    firstName: 'Katherine',
    lastName: 'Johnson',
    email: uniqueEmail('staff'),
    password: 'orbital-mechanics-62',
  }
  const invited = await page.request.post('/api/invitations', {
    headers: originHeader(baseURL),
    data: { email: staff.email, role: 'staff' },
  })
  expect(invited.status(), await invited.text()).toBe(201)
  const token = new URL(await invitationLink(staff.email)).searchParams.get('token')
  const context = await playwrightRequest.newContext({ baseURL })
  try {
    const accepted = await context.post('/api/invitations/accept', {
      headers: originHeader(baseURL),
      data: {
        token,
        firstName: staff.firstName,
        lastName: staff.lastName,
        password: staff.password,
      },
    })
    expect(accepted.status(), await accepted.text()).toBe(201)
    const { user } = (await accepted.json()) as { user: { id: string } }
    return { ...staff, id: user.id }
  } finally {
    await context.dispose()
  }
}

test('a staff member on an audit’s team lands on My work, reminds a late client and reviews an answer', async ({
  page,
  baseURL,
  account,
}) => {
  test.setTimeout(120_000)
  // The firm: an audit whose team the staff member is on, a late request, an answer in, a
  // request due this week; and another audit of the firm they are not on.
  const headers = originHeader(baseURL!)
  const signedIn = await page.request.post('/api/auth/login', {
    headers,
    data: { email: account.email, password: account.password },
  })
  expect(signedIn.status()).toBe(200)
  const { user: admin } = (await signedIn.json()) as { user: { id: string } }
  const seed = workspaceApi(page, baseURL!)
  const client = await seed.client({ name: 'Northwind Traders' })
  const project = await seed.project({ name: 'Annual Review 2026', clientId: client.id })
  const audit = await seed.audit({ name: 'Group audit', projectId: project.id })
  const elsewhere = await seed.audit({ name: 'Other audit', projectId: project.id })
  const grace = await createClientUser(page, baseURL!, client.id)
  const staff = await createStaff(page, baseURL!)
  const team = await page.request.put(`/api/audits/${audit.id}/team`, {
    headers,
    data: { leadId: admin.id, memberIds: [staff.id] },
  })
  expect(team.status(), await team.text()).toBe(200)
  const [, answered] = await seedRequests(
    page,
    baseURL!,
    audit.id,
    ['Bank letters', 'Payroll ledger', 'Lease contracts'],
    { assigneeId: grace.id, dueDate: (index) => day([-5, 10, 2][index]!) },
  )
  await seedRequests(page, baseURL!, elsewhere.id, ['Not theirs'], {
    assigneeId: grace.id,
    dueDate: () => day(-9),
  })
  await sendDrafts(page, baseURL!, audit.id)
  await sendDrafts(page, baseURL!, elsewhere.id)
  await submitAnswers(baseURL!, grace, [answered!])

  // The staff member signs in through the form and lands on their work.
  await page.context().clearCookies()
  await page.goto('/login')
  await page.getByLabel('Email').fill(staff.email)
  await page.getByLabel('Password', { exact: true }).fill(staff.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL('/my-work')
  await expect(page.getByRole('heading', { level: 1, name: 'My work' })).toBeVisible()
  await expect(toasts(page)).toContainText('Login successful')

  const reviews = page.getByRole('region', { name: /Waiting for your review/ })
  const overdue = page.getByRole('region', { name: /Overdue/ })
  const due = page.getByRole('region', { name: /Due this week/ })
  await expect(reviews.getByRole('listitem')).toHaveCount(1)
  await expect(reviews.getByRole('listitem')).toContainText('#2 Payroll ledger')
  await expect(reviews.getByRole('listitem')).toContainText(
    'Northwind Traders · Group audit · Grace Hopper',
  )
  const northwind = overdue.getByRole('listitem').filter({
    has: page.getByRole('heading', { name: /Northwind Traders/ }),
  })
  await expect(northwind.getByRole('heading')).toHaveText(/1 overdue request$/)
  await expect(northwind).toContainText('#1 Bank letters')
  await expect(northwind).toContainText('5 days late')
  // The other audit's late request is not theirs.
  await expect(overdue).not.toContainText('Not theirs')
  await expect(due).toContainText('#3 Lease contracts')
  await expect(due).toContainText('Group audit · Grace Hopper')
  await loaded(page)
  await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })

  // Remind: Grace gets the list of her open requests of the audit.
  const mailed = (await waitForMails(grace.email, /reminds you/, 0)).length
  await northwind.getByRole('button', { name: 'Remind Grace Hopper of #1 Bank letters' }).click()
  await expect(toasts(page).filter({ hasText: 'Reminder sent to Grace Hopper' })).toBeVisible()
  await waitForMails(grace.email, /Katherine Johnson reminds you of 2 open/, mailed + 1)

  // Review: the answer opens in the review queue; accepted, it leaves My work.
  await reviews.getByRole('link', { name: 'Review #2 Payroll ledger' }).click()
  await expect(page).toHaveURL(/\/requests\/[0-9a-f-]+\?queue=review$/)
  await expect(page.getByRole('heading', { level: 1, name: '#2 Payroll ledger' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Review queue' })).toContainText('1 of 1')
  await page.getByRole('button', { name: 'Accept' }).click()
  await expect(toasts(page).filter({ hasText: 'Request accepted' })).toBeVisible()
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'My work' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'My work' })).toBeVisible()
  await expect(reviews.getByText('Nothing waiting for your review')).toBeVisible()
  await expect(overdue).toContainText('#1 Bank letters')

  // On a phone, in the dark: it fits and reads.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.getByRole('banner').getByRole('button', { name: 'Toggle theme' }).click()
  await expect(page.locator('html')).toHaveClass(/dark/)
  await loaded(page)
  await expect
    .poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth))
    .toBeLessThanOrEqual(390)
  await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })

  // The dashboard names what needs attention and leads back here.
  await page.goto('/dashboard')
  const attention = page.getByRole('region', { name: 'Needs attention' })
  await attention.getByRole('link', { name: '1 overdue on your audits' }).click()
  await expect(page).toHaveURL('/my-work#overdue')
  await expect(overdue).toBeInViewport()
})

test('a firm user with nothing waiting lands on the dashboard; My work says all is calm', async ({
  page,
  account,
}) => {
  await page.goto('/login')
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL('/dashboard')
  await expect(page.getByRole('region', { name: 'Needs attention' })).toContainText(
    '0 overdue on your audits',
  )
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'My work' })
    .click()
  await expect(page.getByText('You are all caught up')).toBeVisible()
  await loaded(page)
  await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })
})
