import type { Page } from '@playwright/test'
import { expect, expectNoSeriousA11yViolations, signIn, test } from './fixtures'

/** Waits until an app page has loaded its data (no requests in flight, no busy regions). */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle')
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
}

function useDarkTheme(page: Page) {
  return page.addInitScript(() => window.localStorage.setItem('theme', 'dark'))
}

const publicPages: { path: string; ready: (page: Page) => Promise<void> }[] = [
  { path: '/', ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
  {
    path: '/login',
    ready: (page) => expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible(),
  },
  {
    path: '/register',
    // Including the human check widget (which may already be solving itself).
    ready: (page) => expect(page.locator('altcha-widget .altcha')).toBeVisible(),
  },
  {
    path: '/registration-confirmation?email=someone%40example.com',
    ready: (page) => expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible(),
  },
  {
    path: '/verify-email?token=not-a-real-token',
    ready: (page) => expect(page.getByRole('link', { name: 'Back to Registration' })).toBeVisible(),
  },
  {
    path: '/forgot-password',
    ready: (page) => expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible(),
  },
  {
    path: '/reset-password?token=x',
    ready: (page) =>
      expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible(),
  },
  {
    path: '/no-such-page',
    ready: (page) =>
      expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible(),
  },
]

for (const { path, ready } of publicPages) {
  test(`axe: ${path} (light)`, async ({ page }) => {
    await page.goto(path)
    await ready(page)
    await expectNoSeriousA11yViolations(page)
  })
}

test('axe: /login (dark)', async ({ page }) => {
  await useDarkTheme(page)
  await page.goto('/login')
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await expectNoSeriousA11yViolations(page)
})

test('axe: /login after a failed sign-in, with its toast (light)', async ({ page }) => {
  await page.goto('/login')
  await page.getByLabel('Email').fill('nobody@example.com')
  await page.getByLabel('Password', { exact: true }).fill('wrong-password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(
    page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem'),
  ).toContainText('Login failed')
  await expectNoSeriousA11yViolations(page)
})

for (const theme of ['light', 'dark'] as const) {
  test(`axe: /dashboard and the app 404 (${theme})`, async ({ page, baseURL, account }) => {
    if (theme === 'dark') await useDarkTheme(page)
    await signIn(page, baseURL!, account)

    await page.goto('/dashboard')
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    await settled(page)
    await expectNoSeriousA11yViolations(page)

    await page.goto('/no-such-page')
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible()
    await settled(page)
    await expectNoSeriousA11yViolations(page)
  })
}

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('axe: /dashboard with the sidebar panel open', async ({ page, baseURL, account }) => {
    await signIn(page, baseURL!, account)
    await page.goto('/dashboard')
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    await settled(page)
    await expectNoSeriousA11yViolations(page)

    await page.getByRole('button', { name: 'Toggle Sidebar' }).click()
    await expect(page.getByRole('dialog', { name: 'Main navigation' })).toBeVisible()
    await expectNoSeriousA11yViolations(page)
  })
})
