import { request as playwrightRequest, type APIRequestContext } from '@playwright/test'
import {
  expect,
  expectNoSeriousA11yViolations,
  loaded,
  originHeader,
  signIn,
  test,
  toasts,
  type Account,
} from './fixtures'

const SAFARI_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15'
const FIREFOX_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'

/** Another signed-in device of the same user: its own cookie jar and user agent. */
async function otherDevice(baseURL: string, account: Account, userAgent: string) {
  const device = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { 'user-agent': userAgent },
  })
  const response = await device.post('/api/auth/login', {
    headers: originHeader(baseURL),
    data: { email: account.email, password: account.password },
  })
  expect(response.status()).toBe(200)
  return device
}

const signedIn = async (device: APIRequestContext) =>
  (await device.get('/api/auth/me')).status() === 200

test('profile: the name changes and the header follows at once; the e-mail is shown read-only', async ({
  page,
  baseURL,
  account,
}) => {
  await signIn(page, baseURL!, account)
  await page.goto('/dashboard')
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Settings', exact: true })
    .click()
  await expect(page).toHaveURL('/settings')
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  await expect(page).toHaveTitle(/^Settings/)

  const profile = page.getByRole('region', { name: 'Profile' })
  await expect(profile.getByLabel('First name')).toHaveValue(account.firstName)
  await expect(profile.getByLabel('Last name')).toHaveValue(account.lastName)
  await expect(profile.getByText(account.email)).toBeVisible()
  await expect(profile.getByRole('textbox', { name: 'Email' })).toHaveCount(0)

  await profile.getByLabel('First name').fill(' ')
  await profile.getByRole('button', { name: 'Save profile' }).click()
  await expect(profile.getByText('First name is required')).toBeVisible()

  await profile.getByLabel('First name').fill('Maggie')
  await profile.getByLabel('Last name').fill('Hamilton-Lovelace')
  await profile.getByRole('button', { name: 'Save profile' }).click()
  await expect(toasts(page)).toContainText('Profile updated')
  await expect(page.getByRole('banner').getByText('Maggie Hamilton-Lovelace')).toBeVisible()

  await page.reload()
  await expect(page.getByRole('banner').getByText('Maggie Hamilton-Lovelace')).toBeVisible()
  await expect(profile.getByLabel('First name')).toHaveValue('Maggie')
})

test('password: wrong current password, mismatch, then a change that signs out the other devices', async ({
  page,
  baseURL,
  account,
}) => {
  await signIn(page, baseURL!, account)
  const laptop = await otherDevice(baseURL!, account, SAFARI_ON_MAC)
  await page.goto('/settings')
  const section = page.getByRole('region', { name: 'Password' })
  const current = section.getByLabel('Current password')
  const next = section.getByLabel('New password', { exact: true })
  const confirm = section.getByLabel('Confirm new password')
  const submit = section.getByRole('button', { name: 'Change password' })

  await current.fill('not-my-password')
  await next.fill('a-new-secret-42')
  await confirm.fill('a-new-secret-42')
  await submit.click()
  await expect(section.getByText(/current password is incorrect/i)).toBeVisible()
  await expect(current).toBeFocused()
  await expect(toasts(page)).toContainText('Failed to change password')
  expect(await signedIn(laptop)).toBe(true)

  await current.fill(account.password)
  await next.fill('short')
  await confirm.fill('short')
  await submit.click()
  await expect(section.getByText('Password must be at least 6 characters long.')).toBeVisible()

  await next.fill('a-new-secret-42')
  await confirm.fill('a-new-secret-43')
  await submit.click()
  await expect(section.getByText('Passwords do not match')).toBeVisible()

  await confirm.fill('a-new-secret-42')
  await submit.click()
  await expect(toasts(page)).toContainText('Password changed')
  await expect(toasts(page)).toContainText('signed out on your other devices')
  await expect(current).toHaveValue('')
  await expect(next).toHaveValue('')
  await expect(confirm).toHaveValue('')

  // The other device is signed out; this one stays; the new password works.
  expect(await signedIn(laptop)).toBe(false)
  await laptop.dispose()
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  const sessions = page.getByRole('list', { name: 'Active sessions' }).getByRole('listitem')
  await expect(sessions).toHaveCount(1)
  await signIn(page, baseURL!, { ...account, password: 'a-new-secret-42' })
})

test('sessions: device names, "This device", sign out one, then everywhere else', async ({
  page,
  baseURL,
  account,
}) => {
  await signIn(page, baseURL!, account)
  const mac = await otherDevice(baseURL!, account, SAFARI_ON_MAC)
  await page.goto('/settings')
  const section = page.getByRole('region', { name: 'Sessions' })
  const rows = section.getByRole('list', { name: 'Active sessions' }).getByRole('listitem')
  await expect(rows).toHaveCount(2)

  const thisDevice = rows.filter({ hasText: 'This device' })
  // Playwright's desktop Chrome announces itself as Chrome on Windows.
  await expect(thisDevice).toContainText('Chrome on Windows')
  await expect(thisDevice).toContainText('127.0.0.1')
  await expect(thisDevice.getByRole('button')).toHaveCount(0)
  const macRow = rows.filter({ hasText: 'Safari on macOS' })
  await expect(macRow).toContainText('Last seen just now')

  await macRow.getByRole('button', { name: /^Sign out Safari on macOS/ }).click()
  await expect(toasts(page)).toContainText('Session signed out')
  await expect(rows).toHaveCount(1)
  expect(await signedIn(mac)).toBe(false)
  await mac.dispose()
  await expect(section.getByText('You are not signed in anywhere else.')).toBeVisible()
  await expect(section.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled()

  const devices = [
    await otherDevice(baseURL!, account, FIREFOX_ON_WINDOWS),
    await otherDevice(baseURL!, account, SAFARI_ON_MAC),
  ]
  await page.reload()
  await expect(rows).toHaveCount(3)
  await expect(rows.filter({ hasText: 'Firefox on Windows' })).toHaveCount(1)
  await section.getByRole('button', { name: 'Sign out everywhere else' }).click()
  await expect(toasts(page)).toContainText('2 other sessions were signed out.')
  await expect(rows).toHaveCount(1)
  for (const device of devices) {
    expect(await signedIn(device)).toBe(false)
    await device.dispose()
  }
  // This one is still signed in.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
})

test('appearance: light, dark and system themes, kept across a reload', async ({
  page,
  baseURL,
  account,
}) => {
  await signIn(page, baseURL!, account)
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.goto('/settings')
  const html = page.locator('html')
  const section = page.getByRole('region', { name: 'Appearance' })
  await expect(section.getByRole('radio', { name: 'Light' })).toBeChecked()
  await expect(html).not.toHaveClass(/\bdark\b/)

  await section.getByRole('radio', { name: 'Dark' }).click()
  await expect(html).toHaveClass(/\bdark\b/)
  // The header's toggle and the setting agree.
  await page.getByRole('banner').getByRole('button', { name: 'Toggle theme' }).click()
  await expect(html).not.toHaveClass(/\bdark\b/)
  await expect(section.getByRole('radio', { name: 'Light' })).toBeChecked()

  // System follows the device (dark here), before the app code runs on the next load.
  await section.getByRole('radio', { name: 'System' }).click()
  await expect(html).toHaveClass(/\bdark\b/)
  await page.reload()
  await expect(html).toHaveClass(/\bdark\b/)
  await expect(section.getByRole('radio', { name: 'System' })).toBeChecked()
  await page.emulateMedia({ colorScheme: 'light' })
  await expect(html).not.toHaveClass(/\bdark\b/)
})

test('axe: /settings with two sessions (light and dark)', async ({ page, baseURL, account }) => {
  await signIn(page, baseURL!, account)
  const device = await otherDevice(baseURL!, account, SAFARI_ON_MAC)
  for (const theme of ['light', 'dark']) {
    await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme)
    await page.goto('/settings')
    await expect(page.getByRole('list', { name: 'Active sessions' })).toBeVisible()
    await page.waitForLoadState('networkidle')
    await loaded(page)
    await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })
  }
  await device.dispose()
})

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('/settings fits the width', async ({ page, baseURL, account }) => {
    await signIn(page, baseURL!, account)
    const device = await otherDevice(baseURL!, account, FIREFOX_ON_WINDOWS)
    await page.goto('/settings')
    await expect(page.getByRole('list', { name: 'Active sessions' })).toBeVisible()
    await loaded(page)
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
    await expect(page.getByRole('button', { name: /^Sign out Firefox on Windows/ })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Change password' })).toBeVisible()
    await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })
    await device.dispose()
  })
})
