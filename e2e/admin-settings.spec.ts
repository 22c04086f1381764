import type { Page } from '@playwright/test'
import {
  createClientUser,
  expect,
  expectNoSeriousA11yViolations,
  inviteUser,
  loaded,
  signIn,
  test,
  toasts,
  uniqueEmail,
  waitForMails,
  workspaceApi,
} from './fixtures'

async function settled(page: Page) {
  await page.waitForLoadState('networkidle')
  await loaded(page)
}

test('Company: the registered details, edited and saved on the server; the header follows', async ({
  page,
  baseURL,
  account,
}) => {
  await signIn(page, baseURL!, account)
  await page.goto('/admin')
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Settings' })).toBeVisible()
  await expect(page.getByRole('tab', { name: 'Company' })).toHaveAttribute('aria-selected', 'true')

  // What registration stored, not demo data.
  const name = page.getByLabel('Company name')
  await expect(name).toHaveValue(account.companyName)
  await expect(page.getByRole('combobox', { name: 'Industry' })).toHaveText('Financial Services')
  await expect(page.getByRole('combobox', { name: 'Company size' })).toHaveText('11-50 employees')
  await expect(page.getByLabel('Company phone')).toHaveValue('+1 555 0142')

  await name.fill('')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Company name is required')).toBeVisible()

  await name.fill('Hamilton & Partners LLP')
  await page.getByRole('combobox', { name: 'Industry' }).click()
  await page.getByRole('option', { name: 'Professional Services' }).click()
  await page.getByRole('combobox', { name: 'Company size' }).click()
  await page.getByRole('option', { name: '51-200 employees' }).click()
  await page.getByLabel('Company phone').fill('+44 20 7946 0000')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(toasts(page)).toContainText('Company details saved')
  await expect(page.getByRole('banner').getByText('Hamilton & Partners LLP')).toBeVisible()

  await page.reload()
  await expect(page.getByLabel('Company name')).toHaveValue('Hamilton & Partners LLP')
  await expect(page.getByRole('combobox', { name: 'Industry' })).toHaveText('Professional Services')
  await expect(page.getByRole('combobox', { name: 'Company size' })).toHaveText('51-200 employees')
  await expect(page.getByLabel('Company phone')).toHaveValue('+44 20 7946 0000')

  // The change is in the company's Recent Activity.
  await page.goto('/dashboard')
  await expect(page.getByRole('list', { name: 'Recent activity' })).toContainText(
    'Margaret Hamilton updated the company details of Hamilton & Partners LLP',
  )
})

test('tabs: keyboard reachable, kept in the URL across a reload', async ({
  page,
  baseURL,
  account,
}) => {
  await signIn(page, baseURL!, account)
  await page.goto('/admin')
  await page.getByRole('tab', { name: 'Company' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true')
  await expect(page).toHaveURL('/admin?tab=users')
  await expect(page.getByRole('heading', { level: 2, name: /^Users/ })).toBeVisible()
  await page.keyboard.press('ArrowRight')
  await expect(page).toHaveURL('/admin?tab=invitations')

  await page.reload()
  await expect(page.getByRole('tab', { name: 'Invitations' })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await expect(page.getByRole('heading', { level: 2, name: /^Pending invitations/ })).toBeVisible()

  await page.getByRole('tab', { name: 'Company' }).click()
  await expect(page).toHaveURL('/admin')
})

test('Users: the real list; change a role (a client user names their client); remove with confirmation; never yourself', async ({
  page,
  baseURL,
  account,
}) => {
  await signIn(page, baseURL!, account)
  const seed = workspaceApi(page, baseURL!)
  const northwind = await seed.client({ name: 'Northwind Traders' })
  await seed.client({ name: 'Contoso Ltd' })
  const grace = await createClientUser(page, baseURL!, northwind.id)

  await page.goto('/admin?tab=users')
  const users = page.getByRole('list', { name: 'Users' }).getByRole('listitem')
  await expect(users).toHaveCount(2)
  const me = users.filter({ hasText: account.email })
  const graceRow = users.filter({ hasText: grace.email })

  await expect(me).toContainText(`${account.firstName} ${account.lastName}`)
  await expect(me).toContainText('You')
  await expect(me).toContainText('Admin')
  await expect(me).toContainText("You can't change your own role or remove yourself.")
  await expect(me.getByRole('button')).toHaveCount(0)

  await expect(graceRow).toContainText('Grace Hopper')
  await expect(graceRow).toContainText('Client')
  await expect(graceRow).toContainText('Northwind Traders')
  await expect(graceRow).toContainText('just now')

  // Client → Admin: no client to choose.
  await graceRow.getByRole('button', { name: 'Change role of Grace Hopper' }).click()
  let dialog = page.getByRole('dialog', { name: 'Change role' })
  await expect(dialog.getByRole('radio', { name: 'Client' })).toBeChecked()
  await expect(dialog.getByRole('combobox', { name: 'Client' })).toHaveValue('Northwind Traders')
  await dialog.getByRole('radio', { name: 'Admin' }).check()
  await expect(dialog.getByRole('combobox', { name: 'Client' })).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Save role' }).click()
  await expect(dialog).toBeHidden()
  await expect(toasts(page)).toContainText('Grace Hopper is now an admin.')
  await expect(graceRow).not.toContainText('Northwind Traders')

  // Admin → Client asks which client.
  await graceRow.getByRole('button', { name: 'Change role of Grace Hopper' }).click()
  dialog = page.getByRole('dialog', { name: 'Change role' })
  await dialog.getByRole('radio', { name: 'Client' }).check()
  await dialog.getByRole('button', { name: 'Save role' }).click()
  await expect(dialog.getByText('Choose the client this user belongs to')).toBeVisible()
  await dialog.getByRole('combobox', { name: 'Client' }).click()
  await page.getByRole('option', { name: 'Contoso Ltd' }).click()
  await dialog.getByRole('button', { name: 'Save role' }).click()
  await expect(dialog).toBeHidden()
  await expect(toasts(page)).toContainText('Grace Hopper is now a client user for Contoso Ltd.')
  await expect(graceRow).toContainText('Contoso Ltd')

  // Removal cannot be undone: it asks, naming the user; Cancel keeps them.
  await graceRow.getByRole('button', { name: 'Remove Grace Hopper' }).click()
  let confirm = page.getByRole('alertdialog', { name: 'Remove Grace Hopper?' })
  await expect(confirm).toContainText(grace.email)
  await expect(confirm).toContainText('cannot be undone')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()
  await expect(users).toHaveCount(2)

  await graceRow.getByRole('button', { name: 'Remove Grace Hopper' }).click()
  confirm = page.getByRole('alertdialog', { name: 'Remove Grace Hopper?' })
  await confirm.getByRole('button', { name: 'Remove user' }).click()
  await expect(confirm).toBeHidden()
  await expect(toasts(page)).toContainText('User removed')
  await expect(users).toHaveCount(1)

  // Their session is gone: they can no longer sign in.
  const login = await page.request.post('/api/auth/login', {
    headers: { origin: new URL(baseURL!).origin },
    data: { email: grace.email, password: grace.password },
  })
  expect(login.status()).toBe(401)
})

test("Users: the server's refusal (409, e.g. the last admin) shows in the dialog and as a toast", async ({
  page,
  baseURL,
  account,
}) => {
  await signIn(page, baseURL!, account)
  const client = await workspaceApi(page, baseURL!).client({ name: 'Northwind Traders' })
  await createClientUser(page, baseURL!, client.id, { firstName: 'Ada', lastName: 'Lovelace' })
  // Another admin demoted the last other admin a moment ago: the server refuses.
  const message = 'The company needs at least one admin: promote another user first.'
  await page.route('**/api/users/*', (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({ status: 409, json: { message, code: 'CONFLICT' } })
      : route.fallback(),
  )

  await page.goto('/admin?tab=users')
  await page.getByRole('button', { name: 'Change role of Ada Lovelace' }).click()
  const dialog = page.getByRole('dialog', { name: 'Change role' })
  await dialog.getByRole('radio', { name: 'Admin' }).check()
  await dialog.getByRole('button', { name: 'Save role' }).click()
  await expect(dialog.getByRole('alert')).toHaveText(message)
  // While the dialog is open the rest of the page, toasts included, is hidden from assistive tech.
  await expect(page.getByText('Failed to change role', { exact: true })).toBeVisible()
  // The dialog keeps the choice.
  await expect(dialog.getByRole('radio', { name: 'Admin' })).toBeChecked()
})

test('Invitations: invite (the Users tab’s "Add user" is the same dialog), refuse a duplicate, resend, revoke with confirmation', async ({
  page,
  baseURL,
  account,
}) => {
  await signIn(page, baseURL!, account)
  await page.goto('/admin?tab=users')
  await page.getByRole('button', { name: 'Add user' }).click()
  const dialog = page.getByRole('dialog', { name: 'Invite user' })
  await expect(dialog.getByRole('radio', { name: 'Client' })).toBeChecked()

  // No clients yet: the dialog says what to do.
  await expect(dialog.getByText('Add a client on the Clients page first.')).toBeVisible()
  await dialog.getByRole('button', { name: 'Send invitation' }).click()
  await expect(dialog.getByText('Email is required')).toBeVisible()
  await expect(dialog.getByText('Choose the client this user belongs to')).toBeVisible()

  const email = uniqueEmail('colleague')
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByRole('radio', { name: 'Admin' }).check()
  await expect(dialog.getByRole('combobox', { name: 'Client' })).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Send invitation' }).click()
  await expect(dialog).toBeHidden()
  await expect(toasts(page)).toContainText('Invitation sent')
  await expect(page.getByRole('button', { name: 'Add user' })).toBeFocused()

  await page.getByRole('tab', { name: 'Invitations' }).click()
  const rows = page.getByRole('list', { name: 'Pending invitations' }).getByRole('listitem')
  await expect(rows).toHaveCount(1)
  const row = rows.first()
  await expect(row).toContainText(email)
  await expect(row).toContainText('Admin')
  // The company's dates read month first unless it says otherwise ("Nov 29, 2026").
  const today = await page.evaluate(() =>
    new Date().toLocaleDateString('en-US', { dateStyle: 'medium' }),
  )
  const inAWeek = await page.evaluate(() =>
    new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toLocaleDateString('en-US', {
      dateStyle: 'medium',
    }),
  )
  await expect(row).toContainText(today)
  await expect(row).toContainText(inAWeek)
  await expect(row).not.toContainText('Expired')

  // The same address again: the server's 409 next to the form, the input kept.
  await page.getByRole('button', { name: 'Invite user' }).click()
  const again = page.getByRole('dialog', { name: 'Invite user' })
  await again.getByLabel('Email').fill(email)
  await again.getByRole('radio', { name: 'Admin' }).check()
  await again.getByRole('button', { name: 'Send invitation' }).click()
  await expect(again.getByRole('alert')).toContainText('already pending')
  await expect(page.getByText('Failed to send invitation', { exact: true })).toBeVisible()
  await expect(again.getByLabel('Email')).toHaveValue(email)
  await again.getByRole('button', { name: 'Close' }).click()
  await expect(again).toBeHidden()

  // Resend mails a new link.
  await row.getByRole('button', { name: `Resend the invitation to ${email}` }).click()
  await expect(toasts(page)).toContainText('Invitation resent')
  await waitForMails(email, /invited you/, 2)

  // Revoke asks first.
  await row.getByRole('button', { name: `Revoke the invitation to ${email}` }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Revoke invitation?' })
  await expect(confirm).toContainText(email)
  await confirm.getByRole('button', { name: 'Revoke invitation' }).click()
  await expect(confirm).toBeHidden()
  await expect(toasts(page)).toContainText('Invitation revoked')
  await expect(page.getByText('No pending invitations')).toBeVisible()

  // Every step is in the company's Recent Activity, newest first.
  await page.goto('/dashboard')
  const activity = page.getByRole('list', { name: 'Recent activity' }).getByRole('listitem')
  await expect(activity.nth(0)).toContainText(
    `Margaret Hamilton revoked the invitation to ${email}`,
  )
  await expect(activity.nth(1)).toContainText(`Margaret Hamilton resent the invitation to ${email}`)
  await expect(activity.nth(2)).toContainText(`Margaret Hamilton invited ${email}`)
  await expect(activity.nth(0).locator('time')).toHaveText('just now')
})

test('Invitations: an expired one is marked with the word "Expired"', async ({
  page,
  baseURL,
  account,
}) => {
  await signIn(page, baseURL!, account)
  const email = uniqueEmail('late')
  await inviteUser(page, baseURL!, { email, role: 'admin' })
  // Seven days cannot pass in a test: the list answers as the server does for an old link.
  await page.route('**/api/invitations', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback()
    const response = await route.fetch()
    const list = (await response.json()) as { status: string; expiresAt: string }[]
    const past = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString()
    await route.fulfill({
      response,
      json: list.map((item) => ({ ...item, status: 'expired', expiresAt: past })),
    })
  })
  await page.goto('/admin?tab=invitations')
  const row = page.getByRole('list', { name: 'Pending invitations' }).getByRole('listitem')
  await expect(row).toContainText(email)
  await expect(row.getByText('Expired', { exact: true })).toBeVisible()
  await expect(row.getByRole('button', { name: /^Resend/ })).toBeVisible()
})

test('axe: every Admin Settings tab with data (light and dark), and the invite dialog', async ({
  page,
  baseURL,
  account,
}) => {
  await signIn(page, baseURL!, account)
  const client = await workspaceApi(page, baseURL!).client({ name: 'Northwind Traders' })
  await createClientUser(page, baseURL!, client.id)
  await inviteUser(page, baseURL!, {
    email: uniqueEmail('pending'),
    role: 'client',
    clientId: client.id,
  })

  for (const theme of ['light', 'dark']) {
    await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme)
    for (const tab of ['company', 'users', 'integrations', 'invitations']) {
      await page.goto(`/admin?tab=${tab}`)
      await expect(page.getByRole('tabpanel')).toBeVisible()
      await settled(page)
      await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })
    }
  }
  await page.getByRole('button', { name: 'Invite user' }).click()
  await expect(page.getByRole('dialog', { name: 'Invite user' })).toBeVisible()
  await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })
})

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('every tab fits the width; users and invitations read as cards', async ({
    page,
    baseURL,
    account,
  }) => {
    await signIn(page, baseURL!, account)
    const client = await workspaceApi(page, baseURL!).client({
      name: 'Northwind Traders International Holdings',
    })
    await createClientUser(page, baseURL!, client.id)
    const email = uniqueEmail('a-rather-long-address-for-a-phone')
    await inviteUser(page, baseURL!, { email, role: 'client', clientId: client.id })

    const tabs = page.getByRole('tablist', { name: 'Admin settings sections' })
    for (const tab of [
      'company',
      'users',
      'invitations',
      'reminders',
      'security',
      'integrations',
    ]) {
      await page.goto(`/admin?tab=${tab}`)
      await settled(page)
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow, `horizontal overflow on the ${tab} tab`).toBeLessThanOrEqual(0)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      )
      // Every tab shows whole: the list neither overflows the page nor hides a tab in a scroll.
      expect(
        await tabs.evaluate((list) => list.scrollWidth - list.clientWidth),
      ).toBeLessThanOrEqual(0)
      for (const name of [
        'Company',
        'Users',
        'Invitations',
        'Reminders',
        'Security',
        'Integrations',
      ])
        await expect(tabs.getByRole('tab', { name }), name).toBeInViewport({ ratio: 1 })
    }

    await page.goto('/admin?tab=users')
    const grace = page
      .getByRole('list', { name: 'Users' })
      .getByRole('listitem')
      .filter({ hasText: 'Grace Hopper' })
    // Each value carries its label on a phone.
    await expect(grace.getByText('Last sign-in')).toBeVisible()
    await expect(grace.getByText('Northwind Traders International Holdings')).toBeVisible()
    await expect(grace.getByRole('button', { name: 'Change role of Grace Hopper' })).toBeVisible()
    await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })

    await page.goto('/admin?tab=invitations')
    const invitation = page.getByRole('list', { name: 'Pending invitations' }).getByRole('listitem')
    await expect(invitation.getByText(email, { exact: true })).toBeVisible()
    await expect(invitation.getByText('Expires')).toBeVisible()
    await expect(invitation.getByRole('button', { name: /^Revoke/ })).toBeVisible()
  })
})
