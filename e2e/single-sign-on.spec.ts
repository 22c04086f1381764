import { startOidcProvider } from '../server/test/oidc-provider'
import {
  createVerifiedAccount,
  expect,
  expectNoSeriousA11yViolations,
  loaded,
  signIn,
  test,
  toasts,
} from './fixtures'

const CLIENT = { clientId: 'auditdesk-e2e', clientSecret: 'an e2e provider secret' }
let provider: Awaited<ReturnType<typeof startOidcProvider>>

test.beforeAll(async ({ baseURL }) => {
  provider = await startOidcProvider({
    ...CLIENT,
    redirectUris: [`${baseURL}/api/auth/sso/callback`],
  })
})
test.afterAll(async () => provider?.close())

test('an admin sets up single sign-on; a new person at the domain signs in through the provider', async ({
  page,
  request,
  baseURL,
}) => {
  // A domain of this test's own: every other test's accounts are at example.com.
  const domain = `sso-${Date.now()}.test`
  const admin = await createVerifiedAccount(request, baseURL!, { email: `ada@${domain}` })
  await signIn(page, baseURL!, admin)
  await page.goto('/admin?tab=security')
  const panel = page.getByRole('region', { name: 'Single Sign-On' })
  await expect(panel.getByLabel('Redirect URI')).toHaveValue(`${baseURL}/api/auth/sso/callback`)
  await panel.getByLabel('Issuer URL').fill(provider.issuer)
  await panel.getByLabel('Client ID').fill(CLIENT.clientId)
  await panel.getByLabel('Client Secret').fill(CLIENT.clientSecret)
  await panel.getByLabel('Domains').fill(domain)
  await panel.getByLabel('Add new people automatically').click()
  await panel.getByRole('button', { name: 'Save' }).click()
  await expect(toasts(page)).toContainText('Single sign-on saved')
  await loaded(page)
  await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })

  // Signed out: an address at the domain is offered the provider, and comes back signed in.
  await page.context().clearCookies()
  await page.goto('/login')
  const email = `new.person@${domain}`
  provider.signInBrowsersAs({ sub: 'new-person', email, email_verified: true })
  await page.getByLabel('Email').fill(email)
  await page.getByRole('link', { name: 'Continue with SSO' }).click()
  await expect(page).toHaveURL('/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  const me = await (await page.request.get('/api/auth/me')).json()
  expect(me).toMatchObject({ email, role: 'staff', firstName: 'New', lastName: 'Person' })

  // An address the provider has not verified comes back to the sign-in page, told why.
  await page.context().clearCookies()
  await page.goto('/login')
  provider.signInBrowsersAs({ sub: 'unverified', email: `kim@${domain}`, email_verified: false })
  await page.getByLabel('Email').fill(`kim@${domain}`)
  await page.getByRole('link', { name: 'Continue with SSO' }).click()
  await expect(page).toHaveURL('/login?sso=unverified_email')
  await expect(page.getByRole('alert')).toContainText(
    'Your identity provider has not verified your email address.',
  )
})

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the single sign-on panel fits the width', async ({ page, baseURL, account }) => {
    await signIn(page, baseURL!, account)
    await page.goto('/admin?tab=security')
    await expect(page.getByRole('region', { name: 'Single Sign-On' })).toBeVisible()
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390)
  })
})
