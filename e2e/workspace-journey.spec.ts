import type { Locator, Page } from '@playwright/test'
import { dashboardStat, expect, signIn, test, toasts, workspaceApi } from './fixtures'

// Dates follow the company's date format, not the browser's locale (decision 029): this journey
// runs in a German browser, and a new company's month-first dates still read "Sep 30, 2025".
test.use({ locale: 'de-DE' })

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' })

async function expectStats(page: Page, clients: number, activeProjects: number, audits: number) {
  await expect(dashboardStat(page, 'Total Clients')).toHaveText(String(clients))
  await expect(dashboardStat(page, 'Active Projects')).toHaveText(String(activeProjects))
  await expect(dashboardStat(page, 'In Progress Audits')).toHaveText(String(audits))
  await expect(dashboardStat(page, 'Completed Items')).toHaveText('0')
}

/** A card of a list (clients, projects, templates...) by its heading. */
function card(list: Locator, heading: string): Locator {
  return list
    .getByRole('listitem')
    .filter({ has: list.page().getByRole('heading', { name: heading, exact: true }) })
}

/** The value (dd) next to a label (dt) in a details list. */
function detail(page: Page, label: string): Locator {
  return page
    .getByRole('main')
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]')
}

const tab = (page: Page, label: string, count: number) =>
  page.getByRole('tab', { name: new RegExp(`^${label}\\s*\\(${count}\\)$`) })

test('an auditor works through every workspace screen, from an empty dashboard to cleanup', async ({
  page,
  baseURL,
  account,
}) => {
  // One journey across eight screens, all through the interface: longer than a single check.
  test.setTimeout(120_000)
  await signIn(page, baseURL!, account)

  await test.step('the dashboard of a new company shows zeros', async () => {
    await page.goto('/dashboard')
    await expectStats(page, 0, 0, 0)
    await expect(page.getByText('No recent activity')).toBeVisible()
  })

  // A second client with an active project, which the journey is not about.
  const seed = workspaceApi(page, baseURL!)
  const globex = await seed.client({ name: 'Globex Industries', email: 'audit@globex.example' })
  await seed.project({ name: 'Globex onboarding', clientId: globex.id })

  const clientList = page.getByRole('list', { name: 'Clients' })

  await test.step('create a client, then edit it', async () => {
    await nav(page).getByRole('link', { name: 'Clients' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible()
    await expect(card(clientList, 'Globex Industries')).toBeVisible()

    await page.getByRole('button', { name: 'Add Client' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Client' })
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Acme Corp')
    await dialog.getByRole('textbox', { name: 'Email' }).fill('controller@acme.example')
    await dialog.getByRole('textbox', { name: 'Phone' }).fill('+1 555 0100')
    await dialog.getByRole('textbox', { name: 'Address' }).fill('1 Main Street\nSpringfield')
    await dialog.getByRole('button', { name: 'Add Client' }).click()
    await expect(dialog).toBeHidden()
    await expect(toasts(page)).toContainText('Client created successfully')
    const acme = card(clientList, 'Acme Corp')
    await expect(acme).toContainText('controller@acme.example')
    await expect(acme).toContainText('+1 555 0100')

    await acme.getByRole('button', { name: 'Edit Acme Corp' }).click()
    const edit = page.getByRole('dialog', { name: 'Edit Client' })
    await expect(edit.getByRole('textbox', { name: 'Name' })).toHaveValue('Acme Corp')
    await edit.getByRole('textbox', { name: 'Name' }).fill('Acme Corporation')
    await edit.getByRole('textbox', { name: 'Phone' }).fill('+1 555 0199')
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await expect(edit).toBeHidden()
    await expect(toasts(page)).toContainText('Client updated successfully')
    await expect(card(clientList, 'Acme Corporation')).toContainText('+1 555 0199')
    await expect(card(clientList, 'Acme Corp')).toHaveCount(0)
  })

  await test.step('search clients by part of the name, ignoring case', async () => {
    const search = page.getByRole('searchbox', { name: 'Search clients' })
    await search.fill('cME coRP')
    await expect(clientList.getByRole('listitem')).toHaveCount(1)
    await expect(card(clientList, 'Acme Corporation')).toBeVisible()

    await search.fill('initech')
    await expect(page.getByText('No clients found', { exact: true })).toBeVisible()
    await expect(clientList).toBeHidden()

    await search.fill('')
    await expect(clientList.getByRole('listitem')).toHaveCount(2)
  })

  await test.step('open the client by clicking its card and create a project there', async () => {
    // The card itself, not its title: the middle of the card lies between the title and the buttons.
    await card(clientList, 'Acme Corporation').click()
    await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Acme Corporation' })).toBeVisible()
    await expect(detail(page, 'Email')).toHaveText('controller@acme.example')
    await expect(detail(page, 'Phone')).toHaveText('+1 555 0199')
    await expect(detail(page, 'Address')).toHaveText('1 Main Street\nSpringfield')
    await expect(page.getByText('No projects for this client yet', { exact: true })).toBeVisible()

    await page.getByRole('button', { name: 'Create Project' }).click()
    const dialog = page.getByRole('dialog', { name: 'Create Project' })
    await expect(dialog).toContainText('A new project for Acme Corporation.')
    await dialog.getByRole('textbox', { name: 'Name' }).fill('FY2025 SOC 2')
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Type II, twelve months.')
    await dialog.getByRole('button', { name: 'Create Project' }).click()
    await expect(dialog).toBeHidden()
    await expect(toasts(page)).toContainText('Project created successfully')
    // The new project opens; its client's page lists it.
    await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('heading', { level: 1, name: 'FY2025 SOC 2' })).toBeVisible()
    await detail(page, 'Client').getByRole('link', { name: 'Acme Corporation' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Acme Corporation' })).toBeVisible()

    const active = page.getByRole('region', { name: 'Active Projects (1)' })
    await expect(active.getByRole('heading', { name: /^Active Projects\s*1$/ })).toBeVisible()
    await expect(card(active, 'FY2025 SOC 2')).toContainText('Active')
    const completed = page.getByRole('region', { name: 'Completed Projects (0)' })
    await expect(completed).toContainText('No completed projects')
    await expect(page.getByText('No projects for this client yet')).toBeHidden()
  })

  await test.step('on the Projects page, completing the project moves it between tabs', async () => {
    await nav(page).getByRole('link', { name: 'Projects' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible()
    await expect(tab(page, 'Active', 2)).toHaveAttribute('aria-selected', 'true')
    await expect(tab(page, 'Completed', 0)).toBeVisible()
    await expect(tab(page, 'All', 2)).toBeVisible()
    const activeList = page.getByRole('list', { name: 'Active projects' })
    const project = card(activeList, 'FY2025 SOC 2')
    await expect(project).toContainText('Acme Corporation')
    await expect(project).toContainText('Active')

    await project.getByRole('button', { name: 'Edit FY2025 SOC 2' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Project' })
    await expect(dialog.getByRole('combobox', { name: 'Client' })).toHaveValue('Acme Corporation')
    await dialog.getByRole('combobox', { name: 'Status' }).click()
    await page.getByRole('option', { name: 'Completed' }).click()
    await expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveText('Completed')
    await dialog.getByRole('button', { name: 'Save Changes' }).click()
    await expect(dialog).toBeHidden()
    await expect(toasts(page)).toContainText('Project updated successfully')

    await expect(tab(page, 'Active', 1)).toBeVisible()
    await expect(tab(page, 'Completed', 1)).toBeVisible()
    await expect(tab(page, 'All', 2)).toBeVisible()
    await expect(card(activeList, 'FY2025 SOC 2')).toHaveCount(0)
    await expect(card(activeList, 'Globex onboarding')).toBeVisible()

    await tab(page, 'Completed', 1).click()
    const completedList = page.getByRole('list', { name: 'Completed projects' })
    await expect(card(completedList, 'FY2025 SOC 2')).toContainText('Completed')
    await card(completedList, 'FY2025 SOC 2').click()
    await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/)
  })

  const audits = page.getByRole('list', { name: 'Audits' })

  await test.step('on the project, create, edit and delete audits', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'FY2025 SOC 2' })).toBeVisible()
    await expect(detail(page, 'Client')).toHaveText('Acme Corporation')
    await expect(detail(page, 'Status')).toHaveText('Completed')
    await expect(detail(page, 'Description')).toHaveText('Type II, twelve months.')
    await expect(
      page.getByText('No audits for this project yet. Click "Create Audit" to get started.', {
        exact: true,
      }),
    ).toBeVisible()

    await page.getByRole('button', { name: 'Create Audit' }).click()
    let dialog = page.getByRole('dialog', { name: 'Create Audit' })
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Access review')
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Quarterly user access review.')
    await dialog.getByLabel('Due date (optional)').fill('2025-09-30')
    await dialog.getByRole('button', { name: 'Create Audit' }).click()
    await expect(dialog).toBeHidden()
    await expect(toasts(page)).toContainText('Audit created successfully')
    // The new audit opens; back on the project, it is listed.
    await expect(page).toHaveURL(/\/audits\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Access review' })).toBeVisible()
    await page.goBack()
    await expect(page.getByRole('heading', { level: 1, name: 'FY2025 SOC 2' })).toBeVisible()

    const access = card(audits, 'Access review')
    await expect(access).toContainText('In Progress')
    await expect(access).toContainText('Quarterly user access review.')
    await expect(access.locator('time')).toHaveText('Sep 30, 2025')
    await expect(access.locator('time')).toHaveAttribute('datetime', '2025-09-30')
    await expect(page.getByRole('heading', { name: /^Audits\s*1$/ })).toBeVisible()

    await page.getByRole('button', { name: 'Create Audit' }).click()
    dialog = page.getByRole('dialog', { name: 'Create Audit' })
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Change management')
    await dialog.getByRole('button', { name: 'Create Audit' }).click()
    await expect(dialog).toBeHidden()
    await expect(toasts(page)).toContainText('Audit created successfully')
    await expect(page.getByRole('heading', { level: 1, name: 'Change management' })).toBeVisible()
    await page.goBack()
    await expect(card(audits, 'Change management')).toContainText('No due date')

    await card(audits, 'Change management')
      .getByRole('button', { name: 'Edit Change management' })
      .click()
    dialog = page.getByRole('dialog', { name: 'Edit Audit' })
    await expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveText('In Progress')
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Change management review')
    await dialog.getByRole('combobox', { name: 'Status' }).click()
    await page.getByRole('option', { name: 'In Review' }).click()
    await dialog.getByLabel('Due date (optional)').fill('2025-12-01')
    await dialog.getByRole('button', { name: 'Save Changes' }).click()
    await expect(dialog).toBeHidden()
    await expect(toasts(page)).toContainText('Audit updated successfully')
    const change = card(audits, 'Change management review')
    await expect(change).toContainText('In Review')
    await expect(change.locator('time')).toHaveText('Dec 1, 2025')

    await change.getByRole('button', { name: 'Delete Change management review' }).click()
    await expect(toasts(page)).toContainText('Audit deleted successfully')
    await expect(change).toHaveCount(0)
    await expect(audits.getByRole('listitem')).toHaveCount(1)
  })

  const categoryList = page.getByRole('list', { name: 'Categories' })

  await test.step('create and edit a category', async () => {
    await nav(page).getByRole('link', { name: 'Categories' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible()
    await page.getByRole('button', { name: 'Create Category' }).click()
    let dialog = page.getByRole('dialog', { name: 'Create Category' })
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Security')
    await dialog.getByRole('button', { name: 'Create Category' }).click()
    await expect(dialog).toBeHidden()
    await expect(toasts(page)).toContainText('Category created successfully')
    await expect(card(categoryList, 'Security')).toContainText('No description')

    await page.getByRole('button', { name: 'Edit Security' }).click()
    dialog = page.getByRole('dialog', { name: 'Edit Category' })
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Information Security')
    await dialog
      .getByRole('textbox', { name: 'Description (optional)' })
      .fill('Access, encryption and logging controls.')
    await dialog.getByRole('button', { name: 'Save Changes' }).click()
    await expect(dialog).toBeHidden()
    await expect(toasts(page)).toContainText('Category updated successfully')
    await expect(card(categoryList, 'Information Security')).toContainText(
      'Access, encryption and logging controls.',
    )
  })

  const templateList = page.getByRole('list', { name: 'Templates' })
  const items = page.getByRole('list', { name: 'Checklist items' }).getByRole('listitem')

  await test.step('create a template with that category and build its checklist', async () => {
    await nav(page).getByRole('link', { name: 'Templates' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible()
    await page.getByRole('button', { name: 'Create Template' }).click()
    const dialog = page.getByRole('dialog', { name: 'Create Template' })
    await dialog.getByRole('textbox', { name: 'Name' }).fill('SOC 2 Readiness')
    await dialog.getByRole('combobox', { name: 'Category' }).click()
    await page.getByRole('option', { name: 'Information Security' }).click()
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Before the first SOC 2 audit.')
    await dialog.getByRole('button', { name: 'Create Template' }).click()
    await expect(dialog).toBeHidden()
    await expect(toasts(page)).toContainText('Template created successfully')

    // The new template opens, ready for its items.
    await expect(page).toHaveURL(/\/templates\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('heading', { level: 1, name: 'SOC 2 Readiness' })).toBeVisible()
    await expect(detail(page, 'Category')).toHaveText('Information Security')
    await expect(detail(page, 'Total items')).toHaveText('0')
    await expect(detail(page, 'Description')).toHaveText('Before the first SOC 2 audit.')

    // Added in the order 2, 0, 1: the checklist shows them by order, not by creation.
    const added = [
      { title: 'Access control policy', order: 2, document: true, response: false },
      { title: 'Risk assessment', order: 0, document: false, response: true },
      { title: 'Vendor list', order: 1, document: true, response: true },
    ]
    for (const [count, item] of added.entries()) {
      await page.getByRole('button', { name: 'Add Item' }).click()
      const itemDialog = page.getByRole('dialog', { name: 'Add Item' })
      const order = itemDialog.getByRole('spinbutton', { name: 'Order' })
      // A new item's order defaults to the current number of items.
      await expect(order).toHaveValue(String(count))
      await expect(order).toHaveAccessibleDescription('Lower numbers appear first in the checklist')
      await itemDialog.getByRole('textbox', { name: 'Title' }).fill(item.title)
      await order.fill(String(item.order))
      if (item.document) await itemDialog.getByRole('switch', { name: 'Requires Document' }).click()
      if (item.response) await itemDialog.getByRole('switch', { name: 'Requires Response' }).click()
      await itemDialog.getByRole('button', { name: 'Add Item' }).click()
      await expect(itemDialog).toBeHidden()
      await expect(toasts(page)).toContainText('Item added successfully')
      await expect(detail(page, 'Total items')).toHaveText(String(count + 1))
    }

    await expect(items).toHaveText([
      /^1\s*Risk assessment/,
      /^2\s*Vendor list/,
      /^3\s*Access control policy/,
    ])
    await expect(items.nth(0).getByText('Response Required', { exact: true })).toBeVisible()
    await expect(items.nth(0).getByText('Document Required', { exact: true })).toHaveCount(0)
    await expect(items.nth(1).getByText('Document Required', { exact: true })).toBeVisible()
    await expect(items.nth(1).getByText('Response Required', { exact: true })).toBeVisible()
    await expect(items.nth(2).getByText('Document Required', { exact: true })).toBeVisible()
    await expect(items.nth(2).getByText('Response Required', { exact: true })).toHaveCount(0)
  })

  await test.step('edit and delete checklist items', async () => {
    await page.getByRole('button', { name: 'Edit Vendor list' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Item' })
    await expect(dialog.getByRole('spinbutton', { name: 'Order' })).toHaveValue('1')
    await expect(dialog.getByRole('switch', { name: 'Requires Document' })).toBeChecked()
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Vendor inventory')
    await dialog.getByRole('spinbutton', { name: 'Order' }).fill('5')
    await dialog.getByRole('switch', { name: 'Requires Document' }).click()
    await dialog.getByRole('button', { name: 'Save Changes' }).click()
    await expect(dialog).toBeHidden()
    await expect(toasts(page)).toContainText('Item updated successfully')
    await expect(items).toHaveText([
      /^1\s*Risk assessment/,
      /^2\s*Access control policy/,
      /^3\s*Vendor inventory/,
    ])
    await expect(items.nth(2).getByText('Document Required', { exact: true })).toHaveCount(0)
    await expect(items.nth(2).getByText('Response Required', { exact: true })).toBeVisible()

    await page.getByRole('button', { name: 'Delete Risk assessment' }).click()
    await expect(toasts(page)).toContainText('Item deleted successfully')
    await expect(items).toHaveText([/^1\s*Access control policy/, /^2\s*Vendor inventory/])
    await expect(detail(page, 'Total items')).toHaveText('2')

    await page.getByRole('link', { name: 'Back to Templates' }).click()
    await expect(card(templateList, 'SOC 2 Readiness')).toContainText('2 items')
  })

  await test.step('deleting the category asks first; its template keeps going without one', async () => {
    await nav(page).getByRole('link', { name: 'Categories' }).click()
    const category = card(categoryList, 'Information Security')
    await category.getByRole('button', { name: 'Delete Information Security' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Delete Category?' })
    await expect(confirm).toContainText(
      'Templates using this category will not be deleted; they will simply have no category.',
    )
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect(confirm).toBeHidden()
    await expect(category).toBeVisible()

    await category.getByRole('button', { name: 'Delete Information Security' }).click()
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
    await expect(confirm).toBeHidden()
    await expect(toasts(page)).toContainText('Category deleted successfully')
    await expect(category).toHaveCount(0)
    await expect(
      page.getByText("No categories yet. Click 'Create Category' to get started.", { exact: true }),
    ).toBeVisible()

    await nav(page).getByRole('link', { name: 'Templates' }).click()
    const template = card(templateList, 'SOC 2 Readiness')
    await expect(template).toContainText('No category')
    await template.click()
    await expect(detail(page, 'Category')).toHaveText('None')
    await page.getByRole('link', { name: 'Back to Templates' }).click()

    await template.getByRole('button', { name: 'Delete SOC 2 Readiness' }).click()
    await expect(toasts(page)).toContainText('Template deleted successfully')
    await expect(template).toHaveCount(0)
    await expect(
      page.getByText("No templates yet. Click 'Create Template' to get started.", { exact: true }),
    ).toBeVisible()
  })

  await test.step('the dashboard counts what was done', async () => {
    await nav(page).getByRole('link', { name: 'Dashboard' }).click()
    // Two clients; Globex's project is active (Acme's is completed); one audit in progress.
    await expectStats(page, 2, 1, 1)
  })

  await test.step('a client with a project cannot be deleted until its project is gone', async () => {
    await nav(page).getByRole('link', { name: 'Clients' }).click()
    const acme = card(clientList, 'Acme Corporation')
    await acme.getByRole('button', { name: 'Delete Acme Corporation' }).click()
    const toast = toasts(page)
    await expect(toast).toContainText('Failed to delete client')
    await expect(toast).toContainText(
      'This client still has a project. Delete its projects first, then delete the client.',
    )
    await expect(acme).toBeVisible()

    await acme.click()
    await card(page.getByRole('region', { name: 'Completed Projects (1)' }), 'FY2025 SOC 2').click()
    await card(audits, 'Access review')
      .getByRole('button', { name: 'Delete Access review' })
      .click()
    await expect(toasts(page)).toContainText('Audit deleted successfully')
    await expect(
      page.getByText('No audits for this project yet. Click "Create Audit" to get started.'),
    ).toBeVisible()

    await page.getByRole('link', { name: 'Back to Projects' }).click()
    await tab(page, 'Completed', 1).click()
    await page.getByRole('button', { name: 'Delete FY2025 SOC 2' }).click()
    await expect(toasts(page)).toContainText('Project deleted successfully')
    await expect(tab(page, 'Completed', 0)).toBeVisible()
    await expect(page.getByRole('tabpanel')).toContainText('No completed projects')

    await nav(page).getByRole('link', { name: 'Clients' }).click()
    await acme.getByRole('button', { name: 'Delete Acme Corporation' }).click()
    await expect(toasts(page)).toContainText('Client deleted successfully')
    await expect(acme).toHaveCount(0)
    await expect(clientList.getByRole('listitem')).toHaveCount(1)

    await nav(page).getByRole('link', { name: 'Dashboard' }).click()
    await expectStats(page, 1, 1, 0)
  })
})
