import type { Page } from '@playwright/test'
import { expect, registerAccount, test, toasts, uniqueEmail, waitForMails } from './fixtures'

async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
}

/** Holds the requests matching `url` until the returned function is called. */
async function holdRequests(page: Page, url: string) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(url, async (route) => {
    await released
    await route.continue()
  })
  return release
}

test('a signed-out visit to a guarded page shows Loading, asks to sign in, then returns there', async ({
  page,
  account,
}) => {
  const releaseSessionCheck = await holdRequests(page, '**/api/auth/me')
  const sessionCheck = page.waitForRequest('**/api/auth/me')
  await page.goto('/clients')
  await sessionCheck

  // While the session check runs, the guard shows Loading in the shell's skeleton (not a blank
  // page) and stays on the page.
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible()
  await expect(page.locator('[data-slot="skeleton"]').first()).toBeVisible()
  await expect(page).toHaveURL('/clients')
  releaseSessionCheck()

  await expect(page).toHaveURL('/login?redirect=%2Fclients')
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()

  await fillSignIn(page, account.email, account.password)
  await page.getByRole('button', { name: 'Sign in' }).click()

  await expect(page).toHaveURL('/clients')
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible()
  await expect(toasts(page)).toContainText('Login successful')
})

test('signing in with an off-site ?redirect= lands on the dashboard instead', async ({
  page,
  account,
}) => {
  for (const target of ['//evil.example', 'https://evil.example', '/\\evil.example']) {
    await page.context().clearCookies()
    await page.goto(`/login?redirect=${target}`)
    await fillSignIn(page, account.email, account.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page, `redirect=${target}`).toHaveURL('/dashboard')
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  }
})

test('a wrong password shows a destructive "Login failed" toast and stays on the sign-in page', async ({
  page,
  account,
}) => {
  await page.goto('/login')
  await fillSignIn(page, account.email, 'not-the-password')

  // The button reads 'Signing in...' and is disabled while the request runs.
  const releaseLogin = await holdRequests(page, '**/api/auth/login')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled()
  releaseLogin()

  const toast = toasts(page)
  await expect(toast).toContainText('Login failed')
  await expect(toast).toContainText('Invalid email or password')
  await expect(toast).toHaveClass(/destructive/)
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled()
  await expect(page).toHaveURL('/login')

  // An unknown address gets the very same answer.
  await page.getByRole('button', { name: 'Close' }).click()
  await expect(toast).toBeHidden()
  await fillSignIn(page, uniqueEmail('nobody'), 'not-the-password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(toast).toContainText('Invalid email or password')
  await expect(page).toHaveURL('/login')
})

test('the sign-in form requires both fields', async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByText('Email is required')).toBeVisible()
  await expect(page.getByText('Password is required')).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
  await expect(page).toHaveURL('/login')
})

test('an unverified account is told to verify first and can have the link sent again', async ({
  page,
  request,
  baseURL,
}) => {
  const account = await registerAccount(request, baseURL!)
  await waitForMails(account.email, /^Verify your email address$/, 1)

  await page.goto('/login')
  await fillSignIn(page, account.email, account.password)
  await page.getByRole('button', { name: 'Sign in' }).click()

  await expect(toasts(page)).toContainText('Email not verified')
  const notice = page.getByRole('status').filter({ hasText: 'has not been verified' })
  await expect(notice).toContainText(account.email)
  await notice.getByRole('button', { name: 'Resend verification email' }).click()
  await expect(toasts(page)).toContainText('Check your inbox')

  await waitForMails(account.email, /^Verify your email address$/, 2)
  await expect(page).toHaveURL('/login')
})
