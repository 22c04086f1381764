import type { Locator, Page } from '@playwright/test'
import {
  expect,
  expectNoSeriousA11yViolations,
  invitationLink,
  loaded,
  signIn,
  test,
  toasts,
  uniqueEmail,
  workspaceApi,
} from './fixtures'

const FORBIDDEN = "You don't have access to this page"

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' })

/** A card of a list by its heading. */
function card(list: Locator, heading: string): Locator {
  return list
    .getByRole('listitem')
    .filter({ has: list.page().getByRole('heading', { name: heading, exact: true }) })
}

// Staff are the firm's people without its administration: they run clients, projects and audits,
// read the templates, and never see the company's settings. The interface follows the server's
// `permissions`, not the role's name.
test('an admin invites a staff member, who runs the engagements and reads the templates', async ({
  page,
  baseURL,
  account,
}) => {
  test.setTimeout(120_000)
  await signIn(page, baseURL!, account)
  const seed = workspaceApi(page, baseURL!)
  const category = await seed.category({ name: 'Security' })
  const template = await seed.template({ name: 'SOC 2 readiness', categoryId: category.id })
  await seed.templateItem({ templateId: template.id, title: 'Asset inventory' })

  const email = uniqueEmail('staff')
  await test.step('the admin invites them as Staff from Admin Settings', async () => {
    await page.goto('/admin?tab=invitations')
    await page.getByRole('button', { name: 'Invite user' }).click()
    const dialog = page.getByRole('dialog', { name: 'Invite user' })
    await dialog.getByLabel('Email').fill(email)
    await dialog.getByRole('radio', { name: 'Staff', exact: true }).check()
    // The firm's people belong to no client.
    await expect(dialog.getByRole('combobox', { name: 'Client' })).toHaveCount(0)
    await dialog.getByRole('button', { name: 'Send invitation' }).click()
    await expect(dialog).toBeHidden()
    await expect(toasts(page)).toContainText('Invitation sent')
    const row = page.getByRole('list', { name: 'Pending invitations' }).getByRole('listitem')
    await expect(row).toHaveCount(1)
    await expect(row).toContainText(email)
    await expect(row).toContainText('Staff')
  })

  const staff = {
    firstName: 'Katherine',
    lastName: 'Johnson',
    email,
    password: 'orbital-mechanics-62',
    companyName: account.companyName,
  }

  await test.step('the invitee accepts the mailed link, then signs in', async () => {
    const link = await invitationLink(email)
    await page.context().clearCookies()
    await page.goto(link)
    await expect(
      page.getByRole('heading', { level: 1, name: `Join ${account.companyName}` }),
    ).toBeVisible()
    await expect(page.getByText('You have been invited as a staff member.')).toBeVisible()
    await page.getByLabel('First name').fill(staff.firstName)
    await page.getByLabel('Last name').fill(staff.lastName)
    await page.getByLabel('Password', { exact: true }).fill(staff.password)
    await page.getByRole('button', { name: 'Create account' }).click()
    await expect(page).toHaveURL('/dashboard')

    // And with the chosen password, from a fresh browser session.
    await page.context().clearCookies()
    await signIn(page, baseURL!, staff)
    await page.goto('/dashboard')
    await expect(page.getByRole('banner').getByText('Katherine Johnson')).toBeVisible()
  })

  await test.step('the sidebar has the firm’s pages but no Admin Settings', async () => {
    for (const link of ['Dashboard', 'Clients', 'Projects', 'Templates', 'Categories']) {
      await expect(nav(page).getByRole('link', { name: link, exact: true })).toBeVisible()
    }
    await expect(nav(page).getByRole('link', { name: 'Admin Settings' })).toHaveCount(0)
    await expect(nav(page).getByRole('link', { name: 'My Requests' })).toHaveCount(0)
    // The dashboard counts the firm's clients and offers only what staff may do.
    await expect(page.getByRole('heading', { name: 'Total Clients' })).toBeVisible()
    const quick = page.getByRole('heading', { name: 'Quick Actions' }).locator('xpath=../..')
    await expect(quick.getByRole('link', { name: 'Add a new client' })).toBeVisible()
    await expect(quick.getByRole('link', { name: /template|invite/i })).toHaveCount(0)
  })

  await test.step('Admin Settings is forbidden', async () => {
    for (const path of ['/admin', '/admin?tab=users']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: FORBIDDEN })).toBeVisible()
      await expect(page.getByRole('tab', { name: 'Users' })).toHaveCount(0)
    }
    expect((await page.request.get('/api/users')).status()).toBe(403)
  })

  await test.step('templates and categories are readable, with no buttons to change them', async () => {
    await nav(page).getByRole('link', { name: 'Templates' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible()
    const templates = page.getByRole('list', { name: 'Templates' })
    await expect(card(templates, 'SOC 2 readiness')).toContainText('Security')
    await expect(page.getByRole('button', { name: 'Create Template' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0)
    await loaded(page)
    await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })

    await card(templates, 'SOC 2 readiness').click()
    await expect(page).toHaveURL(`/templates/${template.id}`)
    await expect(page.getByRole('heading', { level: 1, name: 'SOC 2 readiness' })).toBeVisible()
    await expect(page.getByRole('list', { name: 'Checklist items' })).toContainText(
      'Asset inventory',
    )
    await expect(page.getByRole('button', { name: 'Add Item' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0)

    await nav(page).getByRole('link', { name: 'Categories' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Security', exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Create Category' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0)
  })

  await test.step('they create a client, a project and an audit', async () => {
    await nav(page).getByRole('link', { name: 'Clients' }).click()
    await page.getByRole('button', { name: 'Add Client' }).click()
    const clientDialog = page.getByRole('dialog', { name: 'Add Client' })
    await clientDialog.getByRole('textbox', { name: 'Name' }).fill('Initech')
    await clientDialog.getByRole('button', { name: 'Add Client' }).click()
    await expect(clientDialog).toBeHidden()
    await expect(toasts(page)).toContainText('Client created successfully')
    await expect(card(page.getByRole('list', { name: 'Clients' }), 'Initech')).toBeVisible()

    await nav(page).getByRole('link', { name: 'Projects' }).click()
    await page.getByRole('button', { name: 'New Project' }).click()
    const projectDialog = page.getByRole('dialog', { name: 'New Project' })
    await projectDialog.getByRole('textbox', { name: 'Name' }).fill('Initech FY26 review')
    await projectDialog.getByRole('combobox', { name: 'Client' }).click()
    await page.getByRole('option', { name: 'Initech' }).click()
    await projectDialog.getByRole('button', { name: 'Create Project' }).click()
    await expect(projectDialog).toBeHidden()
    await expect(toasts(page)).toContainText('Project created successfully')
    // The new project opens; the list shows it with what staff may do.
    await expect(page.getByRole('heading', { level: 1, name: 'Initech FY26 review' })).toBeVisible()
    await page.goBack()
    const project = card(page.getByRole('list', { name: 'Active projects' }), 'Initech FY26 review')
    await expect(project.getByRole('button', { name: 'Edit Initech FY26 review' })).toBeVisible()

    await project.click()
    await expect(page.getByRole('heading', { level: 1, name: 'Initech FY26 review' })).toBeVisible()
    await page.getByRole('button', { name: 'Create Audit' }).click()
    const auditDialog = page.getByRole('dialog', { name: 'Create Audit' })
    await auditDialog.getByRole('textbox', { name: 'Name' }).fill('Controls walkthrough')
    await auditDialog.getByRole('combobox', { name: 'From template (optional)' }).click()
    await page.getByRole('option', { name: 'SOC 2 readiness (1 item)' }).click()
    await auditDialog.getByRole('button', { name: 'Create Audit' }).click()
    await expect(auditDialog).toBeHidden()
    await expect(toasts(page)).toContainText('Audit created successfully')
    // The new audit opens; the project lists it with what staff may do.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Controls walkthrough' }),
    ).toBeVisible()
    await page.goBack()
    const audit = card(page.getByRole('list', { name: 'Audits' }), 'Controls walkthrough')
    await expect(audit).toContainText('In Progress')
    // The audit's own allowedActions: staff may change and delete it.
    await expect(audit.getByRole('button', { name: 'Edit Controls walkthrough' })).toBeVisible()
    await expect(audit.getByRole('button', { name: 'Delete Controls walkthrough' })).toBeVisible()
  })
})
