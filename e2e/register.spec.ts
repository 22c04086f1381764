import { APP_NAME } from '../web/lib/site'
import {
  expect,
  expectNoSeriousA11yViolations,
  linkFrom,
  registerAccount,
  test,
  toasts,
  uniqueEmail,
  waitForMail,
  waitForMails,
} from './fixtures'

const VERIFY_SUBJECT = /^Verify your email address$/

test('registering in the page, verifying the e-mail and signing in lands on the dashboard', async ({
  page,
}) => {
  const email = uniqueEmail('register')
  const password = 'difference-engine-1843'

  await page.goto('/register')
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible()

  await page.getByLabel('First name').fill('Ada')
  await page.getByLabel('Last name').fill('Lovelace')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Confirm password').fill(password)
  await page.getByLabel('Company name').fill('Analytical Engines Ltd')

  await page.getByRole('combobox', { name: 'Company size' }).click()
  await page.getByRole('option', { name: '51-200 employees' }).click()
  await expect(page.getByRole('combobox', { name: 'Company size' })).toHaveText('51-200 employees')

  await page.getByRole('combobox', { name: 'Industry' }).click()
  await page.getByRole('option', { name: 'Professional Services' }).click()
  await expect(page.getByRole('combobox', { name: 'Industry' })).toHaveText('Professional Services')

  await page.getByLabel('Company phone').fill('+44 20 7946 0018')

  // The human check solved itself in the page while the form was filled in: nothing to tick.
  await expect(page.locator('altcha-widget .altcha[data-state="verified"]')).toBeVisible()

  // The button reads 'Creating account...' and is disabled while the request runs.
  let releaseRegistration!: () => void
  const registrationReleased = new Promise<void>((resolve) => (releaseRegistration = resolve))
  await page.route('**/api/auth/register', async (route) => {
    await registrationReleased
    await route.continue()
  })
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('button', { name: 'Creating account...' })).toBeDisabled()
  releaseRegistration()

  await expect(page).toHaveURL(`/registration-confirmation?email=${encodeURIComponent(email)}`)
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible()
  await expect(page.getByText(email, { exact: true })).toBeVisible()

  const mail = await waitForMail(email, VERIFY_SUBJECT)
  const link = linkFrom(mail, '/verify-email?token=')

  const verification = page.waitForResponse((r) => r.url().endsWith('/api/auth/verify-email'))
  await page.goto(link)
  const reply = (await (await verification).json()) as { message: string }
  expect(reply.message).toBeTruthy()
  await expect(page.getByRole('heading', { name: 'Email Verified' })).toBeVisible()
  await expect(page.getByText(reply.message, { exact: true })).toBeVisible()
  await expect(page.getByText('Welcome, Ada Lovelace!')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Go to Login Now' })).toBeVisible()

  // Redirects to the sign-in page by itself after 3 seconds.
  await expect(page).toHaveURL('/login')
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  // The verified address is filled in.
  await expect(page.getByLabel('Email')).toHaveValue(email)

  await page.getByLabel('Password', { exact: true }).fill(password)

  await page.getByRole('button', { name: 'Sign in' }).click()

  await expect(page).toHaveURL('/dashboard')
  await expect(toasts(page)).toContainText('Login successful')
  // A first sign-in with this browser: welcomed, not welcomed back.
  await expect(toasts(page)).toContainText(`Welcome to ${APP_NAME}!`)
  await expect(toasts(page)).not.toContainText('Welcome back')
  await expect(page.getByText('Welcome, Ada. Here is an overview of your work.')).toBeVisible()
  const header = page.getByRole('banner')
  await expect(header.getByText('Ada Lovelace')).toBeVisible()
  await expect(header.getByText('Analytical Engines Ltd')).toBeVisible()
})

test("'Request a new one' on the confirmation page sends a new verification mail that works", async ({
  page,
  request,
  baseURL,
}) => {
  const account = await registerAccount(request, baseURL!, {
    firstName: 'Grace',
    lastName: 'Hopper',
  })
  await waitForMails(account.email, VERIFY_SUBJECT, 1)

  await page.goto(`/registration-confirmation?email=${encodeURIComponent(account.email)}`)
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible()
  await expect(page.getByText(account.email, { exact: true })).toBeVisible()

  await page.getByRole('button', { name: 'Request a new one' }).click()
  await expect(toasts(page).filter({ hasText: 'Check your inbox' })).toBeVisible()

  const mails = await waitForMails(account.email, VERIFY_SUBJECT, 2)
  expect(mails).toHaveLength(2)
  const newest = linkFrom(mails[1]!, '/verify-email?token=')
  expect(newest).not.toBe(linkFrom(mails[0]!, '/verify-email?token='))

  await page.goto(newest)
  await expect(page.getByText('Welcome, Grace Hopper!')).toBeVisible()
})

test('a verification link opened in another browser asks for the password before it verifies', async ({
  page,
  request,
  baseURL,
}) => {
  // Registered through another browser (the API context keeps its own cookies).
  const account = await registerAccount(request, baseURL!, {
    firstName: 'Katherine',
    lastName: 'Johnson',
  })
  const link = linkFrom(await waitForMail(account.email, VERIFY_SUBJECT), '/verify-email?token=')

  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1, name: 'Enter Your Password' })).toBeVisible()
  await expect(page.getByText(/opened in another browser/)).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.getByLabel('Password').fill('not my password')
  await page.getByRole('button', { name: 'Verify Email' }).click()
  await expect(
    page.getByText('This is not the password chosen when this address was registered.'),
  ).toBeVisible()
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Verify Email' }).click()
  await expect(page.getByText('Welcome, Katherine Johnson!')).toBeVisible()
})

test('the confirmation page without an address says "your email"', async ({ page }) => {
  await page.goto('/registration-confirmation')
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible()
  await expect(page.getByText('your email', { exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login')
})

test.describe('verify-email page', () => {
  test('without a token it says so', async ({ page }) => {
    await page.goto('/verify-email')
    await expect(page.getByRole('heading', { name: 'Verification Failed' })).toBeVisible()
    await expect(page.getByText('No verification token provided')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Back to Registration' })).toBeVisible()
  })

  test('with a bogus token it shows the error state', async ({ page }) => {
    const verification = page.waitForResponse((r) => r.url().endsWith('/api/auth/verify-email'))
    await page.goto('/verify-email?token=not-a-real-token')
    const response = await verification
    expect(response.ok()).toBe(false)
    await expect(page.getByRole('heading', { name: 'Verification Failed' })).toBeVisible()
    await expect(page.getByText(/expired/).first()).toBeVisible()
    await page.getByRole('link', { name: 'Back to Registration' }).click()
    await expect(page).toHaveURL('/register')
  })
})

test('the register form checks every field, the password confirmation and the human check', async ({
  page,
}) => {
  // The human check never gets its challenge here, so it cannot solve itself before the submit.
  await page.route('**/api/auth/captcha', () => new Promise<void>(() => {}))
  await page.goto('/register')
  const form = page.getByRole('main')
  await page.getByRole('button', { name: 'Create account' }).click()
  for (const message of [
    'First name is required',
    'Last name is required',
    'Email is required',
    'Company name is required',
    'Select a company size',
    'Select an industry',
    'Company phone is required',
  ]) {
    await expect(form.getByText(message)).toBeVisible()
  }
  await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true')

  await page.getByLabel('First name').fill('Alan')
  await page.getByLabel('Last name').fill('Turing')
  await page.getByLabel('Email').fill(uniqueEmail('validation'))
  await page.getByLabel('Password', { exact: true }).fill('bombe-1940')
  await page.getByLabel('Confirm password').fill('bombe-1941')
  await page.getByLabel('Company name').fill('Bletchley Audit')
  await page.getByRole('combobox', { name: 'Company size' }).click()
  await page.getByRole('option', { name: '1-10 employees' }).click()
  await page.getByRole('combobox', { name: 'Industry' }).click()
  await page.getByRole('option', { name: 'Government' }).click()
  await page.getByLabel('Company phone').fill('+44 1908 640404')

  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(toasts(page)).toContainText('Password mismatch')
  await expect(form.getByText('Passwords do not match')).toBeVisible()

  await page.getByLabel('Confirm password').fill('bombe-1940')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(toasts(page)).toContainText('CAPTCHA required')
  await expect(page.getByRole('group', { name: 'Human verification' })).toHaveAccessibleDescription(
    'Please complete the CAPTCHA verification',
  )
  await expect(page).toHaveURL('/register')
})
