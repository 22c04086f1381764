import type { Page } from '@playwright/test'
import {
  createClientUser,
  expect,
  originHeader,
  requestRows,
  signIn,
  test,
  toasts,
  workspaceApi,
} from './fixtures'

/** "Within a few seconds": what the live updates promise, well under the default wait. */
const LIVE = { timeout: 5_000 }

/** Resolves once the page's live stream (GET /api/events) is open: the server listens for it. */
const liveStreamOpened = (page: Page) =>
  page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/events' && response.ok(),
  )

test('what the client does shows on the auditor’s open audit page and bell, without a reload', async ({
  page,
  baseURL,
  account,
  browser,
}) => {
  // The auditor (the company's admin) creates the audit, and so leads it.
  await signIn(page, baseURL!, account)
  const seed = workspaceApi(page, baseURL!)
  const client = await seed.client({ name: 'Northwind Traders' })
  const project = await seed.project({ name: 'Annual Review 2026', clientId: client.id })
  const audit = await seed.audit({ name: 'FY2026 audit', projectId: project.id })
  const grace = await createClientUser(page, baseURL!, client.id)

  // One request, assigned to the client user and sent, through the API.
  const headers = originHeader(baseURL!)
  const created = await page.request.post(`/api/audits/${audit.id}/requests`, {
    headers,
    data: { title: 'Bank statements', responseRequired: true, assigneeId: grace.id },
  })
  expect(created.status(), await created.text()).toBe(201)
  const request = (await created.json()) as { id: string; number: number }
  const sent = await page.request.post(`/api/audits/${audit.id}/send`, { headers, data: {} })
  expect(sent.status(), await sent.text()).toBe(200)
  // Whatever the setup told the auditor of (the accepted invitation) is read: the bell starts at 0.
  const read = await page.request.post('/api/notifications/read', { headers, data: {} })
  expect(read.status(), await read.text()).toBe(200)

  // The auditor has the audit page open.
  const opened = liveStreamOpened(page)
  await page.goto(`/audits/${audit.id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'FY2026 audit' })).toBeVisible()
  await opened
  const row = requestRows(page)
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('Sent')
  await expect(row).toContainText('Client’s move')
  const banner = page.getByRole('banner')
  const bell = banner.getByRole('button', { name: /^Notifications/ })
  await expect(bell).toHaveAccessibleName('Notifications')
  // A full reload would lose this: it shows that what follows comes without one.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }))
  const sameDocument = () => page.evaluate(() => 'sameDocument' in window)

  // The client user, in their own browser, opens the request and submits an answer.
  const clientContext = await browser.newContext({ baseURL })
  try {
    const clientPage = await clientContext.newPage()
    await signIn(clientPage, baseURL!, grace)
    await clientPage.goto(`/requests/${request.id}`)
    await expect(
      clientPage.getByRole('heading', { level: 1, name: `#${request.number} Bank statements` }),
    ).toBeVisible()
    await clientPage.getByLabel('Your answer').fill('Attached: January to December.')
    await clientPage.getByRole('button', { name: 'Submit Answer' }).click()
    await expect(toasts(clientPage).filter({ hasText: 'Answer submitted' })).toBeVisible()
  } finally {
    await clientContext.close()
  }

  // On the auditor's page, untouched: the request is submitted, the firm's move, one unread.
  await expect(row).toContainText('Submitted', LIVE)
  await expect(row).toContainText('Your move', LIVE)
  await expect(row).not.toContainText('Client’s move')
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', LIVE)
  await expect(bell).toContainText('1')
  expect(await sameDocument()).toBe(true)

  // The bell says who submitted what; following it lands on the request, and it is read.
  await bell.click()
  const panel = page.getByRole('dialog', { name: 'Notifications' })
  const notification = panel.getByRole('link', {
    name: new RegExp(`Grace Hopper submitted #${request.number} Bank statements for review`),
  })
  await expect(notification).toBeVisible()
  await expect(notification).toHaveAccessibleName(/^Unread: /)
  await notification.click()
  await expect(page).toHaveURL(`/requests/${request.id}`)
  await expect(
    page.getByRole('heading', { level: 1, name: `#${request.number} Bank statements` }),
  ).toBeVisible()
  await expect(page.getByRole('list', { name: 'Versions' })).toContainText(
    'Attached: January to December.',
  )
  await expect(panel).toBeHidden()
  await expect(bell).toHaveAccessibleName('Notifications')
  expect(await sameDocument()).toBe(true)
})
