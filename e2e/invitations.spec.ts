import {
  createVerifiedAccount,
  expect,
  expectNoSeriousA11yViolations,
  invitationLink,
  inviteUser,
  signIn,
  test,
  toasts,
  uniqueEmail,
  workspaceApi,
} from './fixtures'

test('admin invites a client user → mail → accept → the client user’s reduced, read-only app; forbidden pages say so', async ({
  page,
  baseURL,
  account,
}) => {
  // The whole journey, seven forbidden pages included: it ran out of 45 s once on a loaded CI.
  test.slow()
  await signIn(page, baseURL!, account)
  const seed = workspaceApi(page, baseURL!)
  const northwind = await seed.client({ name: 'Northwind Traders' })
  const contoso = await seed.client({ name: 'Contoso Ltd' })
  const ours = await seed.project({ name: 'Northwind FY25 audit', clientId: northwind.id })
  await seed.audit({ name: 'Access review', projectId: ours.id, dueDate: '2031-03-14' })
  const theirs = await seed.project({ name: 'Contoso ISO audit', clientId: contoso.id })
  const template = await seed.template({ name: 'SOC 2 readiness' })

  // The admin invites from Admin Settings → Invitations.
  await page.goto('/admin')
  await page.getByRole('tab', { name: 'Invitations' }).click()
  await expect(page).toHaveURL('/admin?tab=invitations')
  await expect(page.getByText('No pending invitations')).toBeVisible()
  await page.getByRole('button', { name: 'Invite user' }).click()
  const dialog = page.getByRole('dialog', { name: 'Invite user' })
  const email = uniqueEmail('grace')
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByRole('radio', { name: 'Client' }).check()
  await dialog.getByRole('combobox', { name: 'Client' }).click()
  await page.getByRole('option', { name: 'Northwind Traders' }).click()
  await dialog.getByRole('button', { name: 'Send invitation' }).click()
  await expect(dialog).toBeHidden()
  await expect(toasts(page)).toContainText('Invitation sent')
  const row = page.getByRole('list', { name: 'Pending invitations' }).getByRole('listitem')
  await expect(row).toHaveCount(1)
  await expect(row).toContainText(email)
  await expect(row).toContainText('Client')
  await expect(row).toContainText('Northwind Traders')

  // The invitee opens the mailed link, in a browser with no session.
  const link = await invitationLink(email)
  expect(new URL(link).pathname).toBe('/accept-invitation')
  await page.context().clearCookies()
  await page.goto(link)
  await expect(
    page.getByRole('heading', { level: 1, name: `Join ${account.companyName}` }),
  ).toBeVisible()
  await expect(page.getByText('Client · Northwind Traders')).toBeVisible()
  await expect(page.getByText(email)).toBeVisible()
  // Name and password, nothing else: the e-mail is already proven.
  await expect(page.getByRole('main').locator('input')).toHaveCount(3)
  await expect(page.getByLabel('Email')).toHaveCount(0)

  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('First name is required')).toBeVisible()
  await expect(page.getByLabel('First name')).toBeFocused()
  await page.getByLabel('First name').fill('Grace')
  await page.getByLabel('Last name').fill('Hopper')
  await page.getByLabel('Password', { exact: true }).fill('short')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('Password must be at least 6 characters long.')).toBeVisible()
  await page.getByLabel('Password', { exact: true }).fill('cobol-compiler-59')
  await page.getByRole('button', { name: 'Show password' }).click()
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text')
  await page.getByRole('button', { name: 'Create account' }).click()

  // Signed in at once, on the reduced app.
  await expect(page).toHaveURL('/dashboard')
  await expect(toasts(page)).toContainText(`Welcome to ${account.companyName}!`)
  await expect(page.getByRole('banner').getByText('Grace Hopper')).toBeVisible()
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Projects' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Settings', exact: true })).toBeVisible()
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible()
  for (const hidden of ['Clients', 'Templates', 'Categories', 'Admin Settings']) {
    await expect(nav.getByRole('link', { name: hidden })).toHaveCount(0)
  }
  await expect(nav.getByRole('group', { name: 'Administration' })).toHaveCount(0)

  // The dashboard counts their client's records only, and shows their own activity.
  await expect(page.getByRole('heading', { name: 'Total Clients' })).toHaveCount(0)
  const activeProjects = page.getByRole('listitem').filter({ hasText: 'Active Projects' })
  await expect(activeProjects).toContainText('1')
  await expect(page.getByRole('list', { name: 'Recent activity' })).toContainText(
    `Grace Hopper accepted the invitation for ${email}`,
  )

  // Projects: their client's only, read-only.
  await nav.getByRole('link', { name: 'Projects' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible()
  await expect(page.getByText('Northwind FY25 audit')).toBeVisible()
  await expect(page.getByText('Contoso ISO audit')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'New Project' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0)

  await page.getByRole('link', { name: 'Northwind FY25 audit' }).click()
  await expect(page).toHaveURL(`/projects/${ours.id}`)
  await expect(page.getByText('Access review')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Create Audit' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0)
  // No link into the Clients pages they cannot open.
  await expect(page.getByRole('link', { name: 'Northwind Traders' })).toHaveCount(0)

  // Another client's project is not found, like a missing one.
  await page.goto(`/projects/${theirs.id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Project not found' })).toBeVisible()

  // Staff pages: a clear forbidden state inside the app shell, never a crash.
  for (const path of [
    '/clients',
    `/clients/${northwind.id}`,
    '/templates',
    `/templates/${template.id}`,
    '/categories',
    '/admin',
    '/admin?tab=users',
  ]) {
    await page.goto(path)
    await expect(
      page.getByRole('heading', { level: 1, name: "You don't have access to this page" }),
    ).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    await expect(page).toHaveTitle(/^Access denied/)
  }
  await page.getByRole('link', { name: 'Back to Dashboard' }).click()
  await expect(page).toHaveURL('/dashboard')

  // The link works once.
  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1, name: 'Invitation not valid' })).toBeVisible()
})

test('the accept page: a missing or unknown token shows the invalid state with a way to sign in', async ({
  page,
}) => {
  await page.goto('/accept-invitation')
  await expect(page.getByRole('heading', { level: 1, name: 'Invitation not valid' })).toBeVisible()
  await expect(page.getByText('This invitation link is incomplete.')).toBeVisible()

  await page.goto('/accept-invitation?token=not-a-real-token')
  await expect(page.getByRole('heading', { level: 1, name: 'Invitation not valid' })).toBeVisible()
  await expect(page.getByRole('alert')).toContainText('invalid or has expired')
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('link', { name: 'Go to Login' }).click()
  await expect(page).toHaveURL('/login')
})

test('an invitation to an address with an account is accepted with its password; the header then switches between the two companies', async ({
  page,
  request,
  baseURL,
  account,
}) => {
  await signIn(page, baseURL!, account)
  const email = uniqueEmail('taken')
  await inviteUser(page, baseURL!, { email, role: 'admin' })
  const link = await invitationLink(email)
  // The invitee has (and verified) a company of their own. An unverified registration would not
  // hold the address: accepting would claim it.
  const own = await createVerifiedAccount(request, baseURL!, {
    email,
    companyName: 'Second Look Advisors',
  })

  await page.context().clearCookies()
  await page.goto(link)
  await expect(
    page.getByRole('heading', { level: 1, name: `Join ${account.companyName}` }),
  ).toBeVisible()
  await expect(page.getByText(email).first()).toBeVisible()
  // No names to choose: only the account's password.
  await expect(page.getByLabel('First name')).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('button', { name: 'Accept invitation' }).click()
  await expect(page.getByText('Password is required')).toBeVisible()
  await page.getByLabel('Password').fill('not the password')
  await page.getByRole('button', { name: 'Accept invitation' }).click()
  await expect(page.getByText('Password is incorrect')).toBeVisible()
  await page.getByLabel('Password').fill(own.password)
  await page.getByRole('button', { name: 'Accept invitation' }).click()
  await expect(page).toHaveURL('/dashboard')
  await expect(toasts(page)).toContainText(`Welcome to ${account.companyName}!`)

  // The header names the company and offers the person's other one.
  const switcher = page.getByRole('button', {
    name: `Company: ${account.companyName}. Switch company`,
  })
  await switcher.click()
  const menu = page.getByRole('menu')
  await expect(menu.getByRole('menuitemradio', { name: /Hamilton Assurance LLP/ })).toHaveAttribute(
    'aria-checked',
    'true',
  )
  await expectNoSeriousA11yViolations(page)
  await menu.getByRole('menuitemradio', { name: /Second Look Advisors/ }).click()
  await expect(page).toHaveURL('/dashboard')
  await expect(toasts(page)).toContainText('Switched to Second Look Advisors')
  await expect(
    page.getByRole('button', { name: 'Company: Second Look Advisors. Switch company' }),
  ).toBeVisible()
  // Remembered: the next sign-in lands in the company chosen last.
  await page.context().clearCookies()
  await signIn(page, baseURL!, own)
  await page.goto('/dashboard')
  await expect(
    page.getByRole('button', { name: 'Company: Second Look Advisors. Switch company' }),
  ).toBeVisible()
})

test.describe('the accept page on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('axe and layout of the form', async ({ page, baseURL, account }) => {
    await signIn(page, baseURL!, account)
    const client = await workspaceApi(page, baseURL!).client({ name: 'Fabrikam Inc' })
    const email = uniqueEmail('phone')
    await inviteUser(page, baseURL!, { email, role: 'client', clientId: client.id })
    const link = await invitationLink(email)
    await page.context().clearCookies()
    await page.goto(link)
    await expect(page.getByRole('heading', { level: 1, name: /^Join / })).toBeVisible()
    await expect(page.getByText('Client · Fabrikam Inc')).toBeVisible()
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
    await expectNoSeriousA11yViolations(page)
  })
})
