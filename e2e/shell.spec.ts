import { expect, signIn, test } from './fixtures'

const SEVEN_DAYS_S = 7 * 24 * 60 * 60

test('the header shows the user and company; sidebar links navigate and mark the current page', async ({
  page,
  baseURL,
  account,
}) => {
  await signIn(page, baseURL!, account)
  await page.goto('/dashboard')
  const header = page.getByRole('banner')
  await expect(header.getByText(`${account.firstName} ${account.lastName}`)).toBeVisible()
  await expect(header.getByText(account.companyName)).toBeVisible()

  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page')
  const administration = nav.getByRole('group', { name: 'Administration' })
  await expect(administration.getByRole('link', { name: 'Categories' })).toHaveAttribute(
    'href',
    '/categories',
  )
  await expect(administration.getByRole('link', { name: 'Admin Settings' })).toHaveAttribute(
    'href',
    '/admin',
  )
  await expect(nav.getByRole('link', { name: 'Settings', exact: true })).toHaveAttribute(
    'href',
    '/settings',
  )

  await nav.getByRole('link', { name: 'Projects' }).click()
  await expect(page).toHaveURL('/projects')
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Projects' })).toHaveAttribute('aria-current', 'page')
  await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute(
    'aria-current',
    'page',
  )
})

test('logging out from the sidebar footer lands on the home page and ends the session', async ({
  page,
  baseURL,
  account,
}) => {
  await signIn(page, baseURL!, account)
  await page.goto('/dashboard')
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Logout' })
    .click()
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

  await page.goto('/dashboard')
  await expect(page).toHaveURL('/login?redirect=%2Fdashboard')
})

test('the theme toggle switches to dark, persists, and applies before the app code runs', async ({
  page,
  baseURL,
  account,
}) => {
  await signIn(page, baseURL!, account)
  await page.goto('/dashboard')
  const html = page.locator('html')
  const toggle = page.getByRole('banner').getByRole('button', { name: 'Toggle theme' })
  const storedTheme = () => page.evaluate(() => window.localStorage.getItem('theme'))

  await expect(html).not.toHaveClass(/\bdark\b/)
  await toggle.click()
  await expect(html).toHaveClass(/\bdark\b/)
  expect(await storedTheme()).toBe('dark')

  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await expect(html).toHaveClass(/\bdark\b/)

  // No flash of the light theme: the class comes from the blocking script in <head>, not from
  // the app. With every app script blocked, the page still starts dark.
  await page.route('**/assets/*.js', (route) => route.abort())
  await page.reload()
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true)
  await page.unroute('**/assets/*.js')

  await page.reload()
  await toggle.click()
  await expect(html).not.toHaveClass(/\bdark\b/)
  expect(await storedTheme()).toBe('light')
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await expect(html).not.toHaveClass(/\bdark\b/)
})

test('Ctrl+B collapses and expands the sidebar, and a 7-day cookie keeps the state across reloads', async ({
  page,
  baseURL,
  account,
}) => {
  await signIn(page, baseURL!, account)
  await page.goto('/dashboard')
  const trigger = page.getByRole('button', { name: 'Toggle Sidebar' })
  const nav = page.getByRole('navigation', { name: 'Main' })
  const navWidth = async () => (await nav.boundingBox())?.width ?? 0
  const sidebarCookie = async () =>
    (await page.context().cookies()).find((cookie) => cookie.name === 'sidebar_state')

  await expect(trigger).toHaveAttribute('aria-expanded', 'true')
  await expect(nav.getByText('Clients')).toBeVisible()
  expect(await navWidth()).toBeGreaterThan(200)

  await page.keyboard.press('Control+b')
  await expect(trigger).toHaveAttribute('aria-expanded', 'false')
  await expect.poll(navWidth).toBeLessThan(64)
  // Collapsed to icons, the links keep their names.
  await expect(nav.getByRole('link', { name: 'Clients' })).toBeVisible()

  const collapsed = await sidebarCookie()
  expect(collapsed?.value).toBe('false')
  expect(collapsed!.path).toBe('/')
  const lifetime = collapsed!.expires - Date.now() / 1000
  expect(lifetime).toBeGreaterThan(SEVEN_DAYS_S - 300)
  expect(lifetime).toBeLessThanOrEqual(SEVEN_DAYS_S + 5)

  await page.reload()
  await expect(trigger).toHaveAttribute('aria-expanded', 'false')
  await expect.poll(navWidth).toBeLessThan(64)

  await page.keyboard.press('Control+b')
  await expect(trigger).toHaveAttribute('aria-expanded', 'true')
  await expect.poll(navWidth).toBeGreaterThan(200)
  expect((await sidebarCookie())?.value).toBe('true')

  // The header button does the same.
  await trigger.click()
  await expect(trigger).toHaveAttribute('aria-expanded', 'false')
  expect((await sidebarCookie())?.value).toBe('false')
})

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the sidebar is hidden and opens as a slide-in panel', async ({
    page,
    baseURL,
    account,
  }) => {
    await signIn(page, baseURL!, account)
    await page.goto('/dashboard')
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()

    const trigger = page.getByRole('button', { name: 'Toggle Sidebar' })
    await expect(trigger).toHaveAttribute('aria-expanded', 'false')
    await trigger.click()
    const panel = page.getByRole('dialog', { name: 'Main navigation' })
    await expect(panel).toBeVisible()
    await expect(panel.getByRole('link', { name: 'Dashboard' })).toBeFocused()

    await page.keyboard.press('Escape')
    await expect(panel).toBeHidden()
    await expect(trigger).toBeFocused()

    await trigger.click()
    await expect(panel).toBeVisible()
    await panel.getByRole('link', { name: 'Clients' }).click()
    await expect(page).toHaveURL('/clients')
    await expect(panel).toBeHidden()
    await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible()

    // The panel's own close button closes it too.
    await trigger.click()
    await panel.getByRole('button', { name: 'Close' }).click()
    await expect(panel).toBeHidden()
  })
})

test('an unknown path shows the public 404 page when signed out', async ({ page }) => {
  await page.goto('/no-such-page')
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible()
  await expect(page).toHaveURL('/no-such-page')
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login')
  await page.getByRole('link', { name: 'Go to home page' }).click()
  await expect(page).toHaveURL('/')
})

test('an unknown path shows "404 Page Not Found" inside the layout when signed in', async ({
  page,
  baseURL,
  account,
}) => {
  await signIn(page, baseURL!, account)
  await page.goto('/no-such-page')
  await expect(
    page.getByRole('main').getByRole('heading', { name: '404 Page Not Found' }),
  ).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  await expect(page.getByRole('banner').getByText(account.companyName)).toBeVisible()
  await page.getByRole('link', { name: 'Back to Dashboard' }).click()
  await expect(page).toHaveURL('/dashboard')
})
