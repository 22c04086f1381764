import {
  authenticatorCode,
  expect,
  expectNoSeriousA11yViolations,
  loaded,
  signIn,
  test,
  toasts,
} from './fixtures'

test('turning on an authenticator app in Settings, then signing in with its code', async ({
  page,
  baseURL,
  account,
}) => {
  await signIn(page, baseURL!, account)
  await page.goto('/settings')
  const section = page.getByRole('region', { name: 'Two-factor sign-in' })
  await section.getByRole('button', { name: 'Set Up Authenticator App' }).click()

  const setup = page.getByRole('dialog', { name: 'Set Up Authenticator App' })
  await expect(setup.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  await loaded(page)
  await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })
  const key = (await setup.locator('code').textContent())!
  await setup.getByLabel('Code from the app').fill(authenticatorCode(key))
  await setup.getByRole('button', { name: 'Turn On' }).click()

  const saved = page.getByRole('dialog', { name: 'Save Your Recovery Codes' })
  await expect(
    saved.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
  ).toHaveCount(10)
  await saved.getByRole('button', { name: 'I Have Saved Them' }).click()
  await expect(section.getByText('On', { exact: true })).toBeVisible()
  await expect(section.getByText(/10 recovery codes left/)).toBeVisible()

  // Signed out, the password alone is not enough.
  await page.context().clearCookies()
  await page.goto('/login')
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Two-factor sign-in' })).toBeVisible()
  const code = page.getByLabel('Authentication code')
  await expect(code).toBeFocused()
  await expectNoSeriousA11yViolations(page)

  await code.fill('000000')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByText(/This code is not valid/)).toBeVisible()
  // The next step's code: the one that turned the app on is spent.
  await code.fill(authenticatorCode(key, 30_000))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL('/dashboard')
  await expect(toasts(page)).toContainText('Login successful')
})

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the set-up dialog fits the width', async ({ page, baseURL, account }) => {
    await signIn(page, baseURL!, account)
    await page.goto('/settings')
    await page.getByRole('button', { name: 'Set Up Authenticator App' }).click()
    const setup = page.getByRole('dialog', { name: 'Set Up Authenticator App' })
    await expect(
      setup.getByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible()
    await expect(setup.getByRole('button', { name: 'Turn On' })).toBeInViewport()
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390)
  })
})
