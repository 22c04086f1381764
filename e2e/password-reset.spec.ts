import type { Page } from '@playwright/test'
import { expect, linkFrom, test, toasts, uniqueEmail, waitForMail } from './fixtures'

const NEUTRAL_ANSWER =
  "If an account exists with this email, you'll receive a password reset link shortly."

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

test('forgot password: the mailed link sets a new password, and only the new one signs in', async ({
  page,
  account,
}) => {
  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL('/forgot-password')
  // The URL changes before React has drawn the new page; filling earlier would type into
  // the sign-in form's Email field.
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible()

  await page.getByLabel('Email').fill(account.email)
  await page.getByRole('button', { name: 'Send reset email' }).click()
  await expect(toasts(page)).toContainText(NEUTRAL_ANSWER)
  // Back to the sign-in page by itself after 3 seconds.
  await expect(page).toHaveURL('/login')

  const link = linkFrom(
    await waitForMail(account.email, /^Reset your password$/),
    '/reset-password?token=',
  )
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible()
  const form = page.getByRole('main')
  const newPassword = page.getByLabel('New password', { exact: true })
  const confirmPassword = page.getByLabel('Confirm new password')
  const submit = page.getByRole('button', { name: 'Reset password' })

  await newPassword.fill('kilroy-was-here')
  await confirmPassword.fill('kilroy-was-there')
  await submit.click()
  await expect(toasts(page)).toContainText("Passwords don't match")
  await expect(form.getByText("Passwords don't match")).toBeVisible()
  await expect(confirmPassword).toBeFocused()

  await newPassword.fill('short')
  await confirmPassword.fill('short')
  await submit.click()
  await expect(toasts(page)).toContainText('Password too short')
  await expect(form.getByText('Password must be at least 6 characters long.')).toBeVisible()

  const chosen = 'a-brand-new-secret-7'
  await newPassword.fill(chosen)
  await confirmPassword.fill(chosen)
  await submit.click()
  await expect(page.getByRole('heading', { name: 'Password Reset Successful' })).toBeVisible()
  await page.getByRole('link', { name: 'Go to Login' }).click()
  await expect(page).toHaveURL('/login')

  await signInThroughForm(page, account.email, account.password)
  await expect(toasts(page)).toContainText('Login failed')
  await expect(page).toHaveURL('/login')

  await signInThroughForm(page, account.email, chosen)
  await expect(page).toHaveURL('/dashboard')

  // The link works once.
  await page.goto(link)
  await newPassword.fill('yet-another-secret-8')
  await confirmPassword.fill('yet-another-secret-8')
  await submit.click()
  await expect(toasts(page)).toContainText('Password reset failed')
  await expect(page.getByRole('heading', { name: 'Password Reset Successful' })).toBeHidden()
})

test('forgot password asks for an address and answers the same whether or not it is known', async ({
  page,
}) => {
  await page.goto('/forgot-password')
  await page.getByRole('button', { name: 'Send reset email' }).click()
  await expect(toasts(page)).toContainText('Email required')
  await expect(page.getByRole('main').getByText('Please enter your email address.')).toBeVisible()

  await page.getByLabel('Email').fill(uniqueEmail('unknown'))
  await page.getByRole('button', { name: 'Send reset email' }).click()
  await expect(toasts(page)).toContainText(NEUTRAL_ANSWER)
  await expect(page).toHaveURL('/login')
})

test('/reset-password without a token says the link is invalid and goes to the sign-in page', async ({
  page,
}) => {
  await page.goto('/reset-password')
  await expect(toasts(page)).toContainText('Invalid reset link')
  await expect(page).toHaveURL('/login')
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
})
