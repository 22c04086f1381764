import type { CDPSession, Page } from '@playwright/test'
import { expect, expectNoSeriousA11yViolations, loaded, signIn, test, toasts } from './fixtures'

/**
 * Chromium's virtual authenticator (DevTools protocol): a platform authenticator with resident
 * keys and user verification that answers at once, as Touch ID or Windows Hello would.
 */
async function virtualAuthenticator(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return {
    /** Whether it answers on its own (a touch of the sensor), or leaves requests waiting. */
    answers: (enabled: boolean) =>
      cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled }),
    credentials: async () =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  }
}

async function signOut(page: Page) {
  await page.context().clearCookies()
  await page.goto('/login')
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
}

test('a passkey: added in Settings, then the second step after a password, a sign-in with no password, and removed', async ({
  page,
  baseURL,
  account,
}) => {
  const authenticator = await virtualAuthenticator(page)
  await signIn(page, baseURL!, account)
  await page.goto('/settings')
  const section = page.getByRole('region', { name: 'Passkeys' })
  await expect(section.getByText('No passkeys yet.')).toBeVisible()
  await section.getByRole('button', { name: 'Add a Passkey' }).click()

  const add = page.getByRole('dialog', { name: 'Add a Passkey' })
  await add.getByLabel('Name').fill('Work laptop')
  await loaded(page)
  await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })
  await add.getByRole('button', { name: 'Add Passkey' }).click()
  // The first second factor: its recovery codes are shown once.
  const saved = page.getByRole('dialog', { name: 'Save Your Recovery Codes' })
  await expect(
    saved.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
  ).toHaveCount(10)
  await saved.getByRole('button', { name: 'I Have Saved Them' }).click()
  await expect(section.getByText('Work laptop')).toBeVisible()
  await expect(section.getByText('Never used')).toBeVisible()
  expect(await authenticator.credentials()).toHaveLength(1)

  // The sign-in page offers it in the e-mail field's autofill (conditional UI) once the form is
  // touched, which the virtual authenticator answers at once: signed in with no password, the
  // passkey being both factors.
  await signOut(page)
  await page.getByLabel('Email').click()
  await expect(page).toHaveURL('/dashboard')
  await expect(toasts(page)).toContainText('Login successful')

  // From here on the authenticator waits to be told to answer.
  await authenticator.answers(false)
  // The password is now followed by the passkey.
  await signOut(page)
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Two-factor sign-in' })).toBeVisible()
  await authenticator.answers(true)
  await page.getByRole('button', { name: 'Use Passkey' }).click()
  await expect(page).toHaveURL('/dashboard')

  // The button asks for one directly.
  await authenticator.answers(false)
  await signOut(page)
  await authenticator.answers(true)
  await page.getByRole('button', { name: 'Continue with a passkey' }).click()
  await expect(page).toHaveURL('/dashboard')
  await authenticator.answers(false)

  // Removed (with the password), it no longer signs in, though the device still holds it.
  await page.goto('/settings')
  await section.getByRole('button', { name: 'Remove Work laptop' }).click()
  const remove = page.getByRole('dialog', { name: /Remove/ })
  await remove.getByLabel('Password').fill(account.password)
  await remove.getByRole('button', { name: /Remove/ }).click()
  await expect(toasts(page)).toContainText('Passkey removed')
  await expect(section.getByText('No passkeys yet.')).toBeVisible()

  await signOut(page)
  await authenticator.answers(true)
  await page.getByRole('button', { name: 'Continue with a passkey' }).click()
  await expect(toasts(page)).toContainText('This passkey is not registered')
  await expect(page).toHaveURL(/\/login/)
})
