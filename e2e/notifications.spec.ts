import type { Page } from '@playwright/test'
import {
  animationsFinished,
  createClientUser,
  expect,
  expectNoSeriousA11yViolations,
  loaded,
  signIn,
  test,
  workspaceApi,
} from './fixtures'

/** The admin, told that the client user they invited has joined: one unread notification. */
async function adminWithANotification(
  page: Page,
  baseURL: string,
  account: Parameters<typeof signIn>[2],
) {
  await signIn(page, baseURL, account)
  const client = await workspaceApi(page, baseURL).client({ name: 'Northwind Traders' })
  await createClientUser(page, baseURL, client.id)
}

/** Set E2E_SCREENSHOTS to a folder to keep pictures of the bell. */
async function takeScreenshot(page: Page, name: string) {
  const folder = process.env.E2E_SCREENSHOTS
  if (folder) await page.screenshot({ path: `${folder}/${name}.png` })
}

const bell = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: /^Notifications/ })
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' })

test('the bell from the keyboard: opens, lists, marks all read, closes with Escape back on the bell (light and dark)', async ({
  page,
  baseURL,
  account,
}) => {
  await adminWithANotification(page, baseURL!, account)
  await page.goto('/dashboard')
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread')

  for (const theme of ['light', 'dark']) {
    if (theme === 'dark')
      await page.getByRole('banner').getByRole('button', { name: 'Toggle theme' }).click()
    await bell(page).focus()
    await page.keyboard.press('Enter')
    await expect(panel(page)).toBeVisible()
    await expect(
      panel(page).getByRole('link', { name: /Grace Hopper accepted your invitation/ }),
    ).toBeVisible()
    await animationsFinished(page)
    await loaded(page)
    await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })
    await takeScreenshot(page, `bell-panel-${theme}`)
    await page.keyboard.press('Escape')
    await expect(panel(page)).toBeHidden()
    await expect(bell(page)).toBeFocused()
  }

  await bell(page).click()
  await panel(page).getByRole('button', { name: 'Mark all as read' }).click()
  await expect(bell(page)).toHaveAccessibleName('Notifications')
  await expect(panel(page).getByRole('link', { name: /^Unread: / })).toHaveCount(0)
  await page.reload()
  await expect(bell(page)).toHaveAccessibleName('Notifications')
})

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the bell is in the header and opens a full-width sheet that fits the screen', async ({
    page,
    baseURL,
    account,
  }) => {
    await adminWithANotification(page, baseURL!, account)
    await page.goto('/projects')
    await expect(bell(page)).toBeInViewport()
    await expect(page.getByRole('banner')).toContainText(`${account.firstName} ${account.lastName}`)
    await takeScreenshot(page, 'bell-phone-header')
    await bell(page).click()
    const sheet = panel(page)
    await expect(sheet.getByRole('link', { name: /accepted your invitation/ })).toBeVisible()
    await animationsFinished(page)
    const box = (await sheet.boundingBox())!
    expect(box.x).toBe(0)
    expect(box.width).toBe(390)
    await expect
      .poll(() =>
        page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      )
      .toBeLessThanOrEqual(0)
    await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })
    await takeScreenshot(page, 'bell-phone-sheet')
    await sheet.getByRole('button', { name: 'Close' }).click()
    await expect(sheet).toBeHidden()
    await expect(bell(page)).toBeFocused()
  })
})
