import type { Page } from '@playwright/test'
import {
  createClientUser,
  expect,
  expectNoSeriousA11yViolations,
  requestRows,
  seedRequests,
  sendDrafts,
  signIn,
  submitAnswers,
  test,
  toasts,
  workspaceApi,
  type Account,
} from './fixtures'

const REQUESTS = 200

/**
 * An audit of 200 requests: 170 sent to Grace (the first 12 answered, due dates spread over the
 * past and the coming months), then 30 drafts added after the send.
 */
async function bigAudit(page: Page, baseURL: string, account: Account) {
  await signIn(page, baseURL, account)
  const seed = workspaceApi(page, baseURL)
  const client = await seed.client({ name: 'Northwind Traders' })
  const project = await seed.project({ name: 'Annual Review 2026', clientId: client.id })
  const audit = await seed.audit({ name: 'Group audit', projectId: project.id })
  const grace = await createClientUser(page, baseURL, client.id)
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
  const sent = await seedRequests(
    page,
    baseURL,
    audit.id,
    Array.from({ length: REQUESTS - 30 }, (_, index) => `Supporting schedule ${index + 1}`),
    { assigneeId: grace.id, dueDate: (index) => day((index % 40) - 10) },
  )
  await sendDrafts(page, baseURL, audit.id)
  await submitAnswers(baseURL, grace, sent.slice(0, 12))
  await seedRequests(
    page,
    baseURL,
    audit.id,
    Array.from({ length: 30 }, (_, index) => `Draft question ${index + 1}`),
    { documentRequired: (index) => index % 2 === 0 },
  )
  return { audit, grace }
}

/** The rows of the table that are at least partly on screen. */
const rowsOnScreen = (page: Page) =>
  page.evaluate(
    () =>
      [...document.querySelectorAll('table[aria-label="Requests"] tbody tr[data-row-id]')].filter(
        (row) => {
          const box = row.getBoundingClientRect()
          return box.bottom > 0 && box.top < window.innerHeight
        },
      ).length,
  )

const chip = (page: Page, name: RegExp) =>
  page.getByRole('group', { name: 'Status' }).getByRole('button', { name })
/**
 * How many requests match, as the page tells assistive technology (the table's row count, or
 * the list's set size): only the rows near the screen are in the page.
 */
async function expectMatching(page: Page, count: number) {
  const table = page.getByRole('table', { name: 'Requests' })
  if (await table.count()) await expect(table).toHaveAttribute('aria-rowcount', String(count + 1))
  else
    await expect(
      page.getByRole('list', { name: 'Requests' }).getByRole('listitem').first(),
    ).toHaveAttribute('aria-setsize', String(count))
}

const bar = (page: Page) => page.getByRole('toolbar', { name: 'Actions for the chosen requests' })

for (const theme of ['light', 'dark'] as const) {
  test(`the request table of 200 requests at 1440×900 (${theme}): a screen of rows, filters, sort, selection and bulk decisions`, async ({
    page,
    baseURL,
    account,
  }) => {
    test.slow()
    await page.setViewportSize({ width: 1440, height: 900 })
    if (theme === 'dark')
      await page.addInitScript(() => window.localStorage.setItem('theme', 'dark'))
    const { audit } = await bigAudit(page, baseURL!, account)

    await page.goto(`/audits/${audit.id}`)
    const table = page.getByRole('table', { name: 'Requests' })
    await expect(table).toHaveAttribute('aria-rowcount', String(REQUESTS + 1))
    await expect(chip(page, /^All 200/)).toHaveAttribute('aria-pressed', 'true')
    await expect(chip(page, /^Submitted 12/)).toBeVisible()
    // Scrolled to the table: its header stays in view, and at least 20 rows fill the screen;
    // only the rows near it are in the page.
    await page.evaluate(() => {
      const top = document
        .querySelector('table[aria-label="Requests"]')!
        .getBoundingClientRect().top
      window.scrollTo(0, window.scrollY + top)
    })
    await page.mouse.wheel(0, 200)
    await expect.poll(() => rowsOnScreen(page)).toBeGreaterThanOrEqual(20)
    expect(await requestRows(page).count()).toBeLessThan(REQUESTS)
    await expect(table.getByRole('columnheader', { name: /Status/ })).toBeInViewport()
    await page.evaluate(() => window.scrollTo(0, 0))
    await expectNoSeriousA11yViolations(page)

    // The answers waiting for review: accept the first three, chosen with x and Shift+click.
    await page.evaluate(() => window.scrollTo(0, 0))
    await chip(page, /^Submitted 12/).click()
    await expect(page).toHaveURL(/status=submitted/)
    await expectMatching(page, 12)
    await requestRows(page).nth(0).focus()
    await page.keyboard.press('x')
    await page.keyboard.press('ArrowDown')
    await expect(requestRows(page).nth(1)).toBeFocused()
    await requestRows(page)
      .nth(2)
      .getByRole('checkbox')
      .click({ modifiers: ['Shift'] })
    await expect(bar(page)).toContainText('3 selected')
    await expectNoSeriousA11yViolations(page)
    await bar(page).getByRole('button', { name: 'Accept' }).click()
    await expect(toasts(page).filter({ hasText: '3 requests accepted' })).toBeVisible()
    await expectMatching(page, 9)
    await expect(chip(page, /^Accepted 3/)).toBeVisible()

    // Return two with one reason.
    await requestRows(page).nth(0).getByRole('checkbox').click()
    await requestRows(page).nth(1).getByRole('checkbox').click()
    await bar(page).getByRole('button', { name: 'Return' }).click()
    const returnDialog = page.getByRole('dialog', { name: 'Return 2 requests' })
    await returnDialog.getByLabel('What is missing').fill('The signature page is missing.')
    await returnDialog.getByRole('button', { name: 'Return' }).click()
    await expect(toasts(page).filter({ hasText: '2 requests returned' })).toBeVisible()
    await expectMatching(page, 7)

    // Sorted by due date, latest first: the server's order.
    await page.getByRole('button', { name: 'Clear filters' }).first().click()
    await expect(page).not.toHaveURL(/status=/)
    const due = table.getByRole('columnheader', { name: /Due/ })
    await due.getByRole('button').click()
    await due.getByRole('button').click()
    await expect(due).toHaveAttribute('aria-sort', 'descending')
    await expect(page).toHaveURL(/sort=-dueDate/)

    // The drafts: mark two not applicable, delete one; search finds one by its number.
    await chip(page, /^Draft 30/).click()
    await expectMatching(page, 30)
    await requestRows(page).nth(0).getByRole('checkbox').click()
    await requestRows(page).nth(1).getByRole('checkbox').click()
    await bar(page).getByRole('button', { name: 'Not Applicable' }).click()
    const naDialog = page.getByRole('dialog', { name: 'Mark 2 requests Not Applicable' })
    await naDialog.getByLabel('Reason').fill('Not relevant for the group.')
    await naDialog.getByRole('button', { name: 'Mark Not Applicable' }).click()
    await expect(toasts(page).filter({ hasText: '2 requests marked not applicable' })).toBeVisible()
    await expectMatching(page, 28)
    await requestRows(page).nth(0).getByRole('checkbox').click()
    await bar(page).getByRole('button', { name: 'Delete' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await expect(toasts(page).filter({ hasText: '1 request deleted' })).toBeVisible()
    await expectMatching(page, 27)
    await page.getByLabel('Search requests').fill('#20')
    await expect(requestRows(page)).toHaveCount(0)
    await expect(page.getByText('No requests match')).toBeVisible()
    await page.getByRole('button', { name: 'Clear filters' }).last().click()
    await page.getByLabel('Search requests').fill('#20')
    await expect(requestRows(page)).toHaveCount(1)
    await expect(requestRows(page)).toContainText('Supporting schedule 20')

    // Remind the client of a waiting request; Enter on a row opens it.
    await requestRows(page).nth(0).getByRole('checkbox').click()
    await bar(page).getByRole('button', { name: 'Remind' }).click()
    await expect(toasts(page).filter({ hasText: '1 request reminded' })).toBeVisible()
    await requestRows(page).nth(0).focus()
    await page.keyboard.press('Enter')
    await expect(
      page.getByRole('heading', { level: 1, name: '#20 Supporting schedule 20' }),
    ).toBeVisible()
    // Back: the same filter, from the address.
    await page.goBack()
    await expect(page.getByLabel('Search requests')).toHaveValue('#20')
    await expect(requestRows(page)).toHaveCount(1)
  })
}

test('at 390 px the requests are a list with the same filters and bulk actions', async ({
  page,
  baseURL,
  account,
}) => {
  test.slow()
  await page.setViewportSize({ width: 390, height: 844 })
  const { audit } = await bigAudit(page, baseURL!, account)

  await page.goto(`/audits/${audit.id}`)
  await expect(page.getByRole('table', { name: 'Requests' })).toHaveCount(0)
  const list = page.getByRole('list', { name: 'Requests' })
  await expect(list.getByRole('listitem').first()).toBeVisible()
  await chip(page, /^Submitted 12/).click()
  await expectMatching(page, 12)
  await requestRows(page).nth(0).getByRole('checkbox').check()
  await expect(bar(page)).toBeInViewport()
  await bar(page).getByRole('button', { name: 'Accept' }).click()
  await expect(toasts(page).filter({ hasText: '1 request accepted' })).toBeVisible()
  await expectMatching(page, 11)
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectNoSeriousA11yViolations(page)
})
