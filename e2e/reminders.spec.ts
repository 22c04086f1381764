import type { Page } from '@playwright/test'
import { expect, expectNoSeriousA11yViolations, loaded, signIn, test, toasts } from './fixtures'

async function settled(page: Page) {
  await page.waitForLoadState('networkidle')
  await loaded(page)
}

/** The chips of a day list ("Days before the due date"), in their order. */
const days = (page: Page, name: string) => page.getByRole('list', { name }).getByRole('listitem')

test('Admin Settings → Reminders: days, hour and time zone are saved on the server and kept across a reload', async ({
  page,
  baseURL,
  account,
}) => {
  await signIn(page, baseURL!, account)
  await page.goto('/dashboard')
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Admin Settings' })
    .click()
  await page.getByRole('tab', { name: 'Reminders' }).click()
  await expect(page).toHaveURL('/admin?tab=reminders')
  await expect(page.getByRole('heading', { level: 2, name: 'Reminders' })).toBeVisible()

  // A new company's policy.
  await expect(page.getByRole('switch', { name: 'Send reminders' })).toBeChecked()
  await expect(days(page, 'Days before the due date')).toHaveText(['3 days', '1 day'])
  await expect(days(page, 'Days after the due date')).toHaveText(['1 day', '3 days', '7 days'])
  await expect(page.getByRole('checkbox', { name: 'On the due date' })).toBeChecked()
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue(/^UTC/)

  // Days: one removed, one added with Enter (which does not submit), one with the Add button.
  await page.getByRole('button', { name: 'Remove 3 days before the due date' }).click()
  const before = page.getByRole('spinbutton', { name: 'A day before the due date' })
  await before.fill('5')
  await before.press('Enter')
  await expect(days(page, 'Days before the due date')).toHaveText(['5 days', '1 day'])
  await page.getByRole('spinbutton', { name: 'A day after the due date' }).fill('14')
  await page.getByRole('button', { name: 'Add a day after the due date' }).click()
  await expect(days(page, 'Days after the due date')).toHaveText([
    '1 day',
    '3 days',
    '7 days',
    '14 days',
  ])
  await expect(toasts(page)).toHaveCount(0)

  // The hour, in the company's time zone, chosen here too.
  await page.getByRole('combobox', { name: 'Send at' }).click()
  await page.getByRole('option', { name: '07:00' }).click()
  const zone = page.getByRole('combobox', { name: 'Time zone' })
  await zone.fill('tokyo')
  await page.getByRole('option', { name: /^Asia\/Tokyo/ }).click()
  await expect(page.getByText('The hour in the company’s time zone, Asia/Tokyo.')).toBeVisible()
  await page.getByRole('checkbox', { name: 'Never' }).check()

  await page.getByRole('button', { name: 'Save reminders' }).click()
  await expect(toasts(page)).toContainText('Reminder settings saved')

  await page.reload()
  await expect(days(page, 'Days before the due date')).toHaveText(['5 days', '1 day'])
  await expect(days(page, 'Days after the due date')).toHaveText([
    '1 day',
    '3 days',
    '7 days',
    '14 days',
  ])
  await expect(page.getByRole('combobox', { name: 'Send at' })).toHaveText('07:00')
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue(/^Asia\/Tokyo/)
  await expect(page.getByRole('checkbox', { name: 'Never' })).toBeChecked()
  await expect(page.getByRole('spinbutton', { name: /Tell the audit’s lead after/ })).toBeDisabled()

  // The time zone is the company's: the Company tab shows the same.
  await page.getByRole('tab', { name: 'Company' }).click()
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue(/^Asia\/Tokyo/)

  // Escalation back on, after 10 days overdue.
  await page.getByRole('tab', { name: 'Reminders' }).click()
  await page.getByRole('checkbox', { name: 'Never' }).uncheck()
  const escalation = page.getByRole('spinbutton', { name: /Tell the audit’s lead after/ })
  await expect(escalation).toBeFocused()
  await escalation.fill('10')
  await page.getByRole('button', { name: 'Save reminders' }).click()
  await expect(toasts(page)).toContainText('Reminder settings saved')
  await page.reload()
  await expect(page.getByRole('spinbutton', { name: /Tell the audit’s lead after/ })).toHaveValue(
    '10',
  )
})

test('Reminders: a day out of range is refused next to its list, before any call', async ({
  page,
  baseURL,
  account,
}) => {
  await signIn(page, baseURL!, account)
  await page.goto('/admin?tab=reminders')
  const after = page.getByRole('spinbutton', { name: 'A day after the due date' })
  await after.fill('400')
  await after.press('Enter')
  await expect(
    page
      .getByRole('group', { name: 'Days after the due date' })
      .getByText('Enter a whole number of days from 1 to 365'),
  ).toBeVisible()
  await expect(days(page, 'Days after the due date')).toHaveText(['1 day', '3 days', '7 days'])
})

test('Settings → Notifications: a choice is saved on the server and kept across a reload', async ({
  page,
  baseURL,
  account,
}) => {
  await signIn(page, baseURL!, account)
  await page.goto('/settings')
  const section = page.getByRole('region', { name: 'Notifications' })
  const row = (label: RegExp) => section.getByRole('row', { name: label })
  const commentsByEmail = row(/^A new comment on a request/).getByRole('checkbox', {
    name: /By e-mail$/,
  })
  const mentionsInApp = row(/^Someone mentions me/).getByRole('checkbox', { name: /In the app$/ })

  // Everything on at first; summaries come by e-mail only. Reminders reach client users only.
  await expect(commentsByEmail).toBeChecked()
  await expect(mentionsInApp).toBeChecked()
  await expect(row(/^Summary of open requests/).getByRole('checkbox')).toHaveCount(1)
  await expect(row(/^Summary of open requests/)).toContainText('E-mail only')
  await expect(row(/^Reminders of requests/)).toHaveCount(0)

  await commentsByEmail.uncheck()
  await mentionsInApp.uncheck()
  await section.getByRole('button', { name: 'Save notifications' }).click()
  await expect(toasts(page)).toContainText('Notification settings saved')

  await page.reload()
  await expect(commentsByEmail).not.toBeChecked()
  await expect(mentionsInApp).not.toBeChecked()
  await expect(
    row(/^Someone mentions me/).getByRole('checkbox', { name: /By e-mail$/ }),
  ).toBeChecked()
})

test('the unsubscribe page asks first, and says when its link is not valid', async ({ page }) => {
  await page.goto('/unsubscribe?token=not-a-real-token')
  await expect(page.getByRole('heading', { level: 1, name: 'Stop these e-mails?' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('button', { name: 'Unsubscribe' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Could not unsubscribe' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Go to Settings' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})

test('axe: the Reminders tab and the Notifications section (light and dark)', async ({
  page,
  baseURL,
  account,
}) => {
  await signIn(page, baseURL!, account)
  for (const theme of ['light', 'dark']) {
    await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme)
    await page.goto('/admin?tab=reminders')
    await expect(page.getByRole('button', { name: 'Save reminders' })).toBeVisible()
    await settled(page)
    await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })
    await page.goto('/settings')
    await expect(page.getByRole('button', { name: 'Save notifications' })).toBeVisible()
    await settled(page)
    await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })
  }
})

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the Reminders tab and the Notifications section fit the width', async ({
    page,
    baseURL,
    account,
  }) => {
    await signIn(page, baseURL!, account)
    for (const [path, button] of [
      ['/admin?tab=reminders', 'Save reminders'],
      ['/settings', 'Save notifications'],
    ] as const) {
      await page.goto(path)
      await expect(page.getByRole('button', { name: button })).toBeVisible()
      await settled(page)
      await expect
        .poll(() =>
          page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          ),
        )
        .toBeLessThanOrEqual(0)
    }
  })
})
