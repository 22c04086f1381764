import {
  authenticatorCode,
  createClientUser,
  expect,
  expectNoSeriousA11yViolations,
  loaded,
  originHeader,
  signIn,
  test,
  toasts,
  workspaceApi,
} from './fixtures'

test('an admin requires two-factor sign-in of everyone; a client user is held at the set-up until done', async ({
  page,
  baseURL,
  account,
  browser,
}) => {
  await signIn(page, baseURL!, account)
  const seed = workspaceApi(page, baseURL!)
  const client = await seed.client({ name: 'Northwind Traders' })
  const grace = await createClientUser(page, baseURL!, client.id)

  // Requiring it of others needs it yourself first.
  await page.goto('/admin?tab=security')
  const required = page.getByRole('combobox', { name: 'Two-factor sign-in required of' })
  await required.click()
  await page.getByRole('option', { name: 'Everyone, client users too' }).click()
  await page.getByRole('button', { name: 'Save policy' }).click()
  await expect(toasts(page).filter({ hasText: /for yourself first/ })).toBeVisible()

  const setup = await page.request.post('/api/auth/mfa/totp/setup', {
    headers: originHeader(baseURL!),
  })
  const { secret } = (await setup.json()) as { secret: string }
  const confirmed = await page.request.post('/api/auth/mfa/totp/confirm', {
    headers: originHeader(baseURL!),
    data: { code: authenticatorCode(secret) },
  })
  expect(confirmed.status()).toBe(200)
  await page.getByRole('button', { name: 'Save policy' }).click()
  await expect(toasts(page).filter({ hasText: 'Sign-in policy saved' })).toBeVisible()
  await loaded(page)
  await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })

  // The client user signs in: only the set-up, then the app.
  const context = await browser.newContext({ baseURL })
  const held = await context.newPage()
  await held.goto('/login')
  await held.getByLabel('Email').fill(grace.email)
  await held.getByLabel('Password', { exact: true }).fill(grace.password)
  await held.getByRole('button', { name: 'Sign in' }).click()
  await expect(
    held.getByRole('heading', { level: 1, name: 'Set Up Two-Factor Sign-In' }),
  ).toBeVisible()
  await expect(held.getByText(/requires two-factor sign-in/)).toBeVisible()
  await expectNoSeriousA11yViolations(held)
  await held.getByRole('button', { name: 'Set Up Authenticator App' }).click()
  const dialog = held.getByRole('dialog', { name: 'Set Up Authenticator App' })
  const key = (await dialog.locator('code').textContent())!
  await dialog.getByLabel('Code from the app').fill(authenticatorCode(key))
  await dialog.getByRole('button', { name: 'Turn On' }).click()
  await held.getByRole('button', { name: 'I Have Saved Them' }).click()
  await expect(
    held.getByRole('heading', { level: 1, name: 'Set Up Two-Factor Sign-In' }),
  ).toBeHidden()
  await expect(held.getByRole('navigation', { name: 'Main' })).toBeVisible()
  await context.close()
})
