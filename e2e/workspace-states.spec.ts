import { randomUUID } from 'node:crypto'
import { expect, signIn, test, toasts, workspaceApi } from './fixtures'

const exactly = { exact: true } as const

test('every workspace list says what to do when it is empty, word for word', async ({
  page,
  baseURL,
  account,
}) => {
  await signIn(page, baseURL!, account)

  // A new company has nothing yet.
  await page.goto('/clients')
  await expect(
    page.getByText("No clients yet. Click 'Add Client' to get started.", exactly),
  ).toBeVisible()
  await expect(page.getByRole('list', { name: 'Clients' })).toBeHidden()

  await page.goto('/projects')
  for (const label of ['Active', 'Completed', 'All']) {
    await page.getByRole('tab', { name: new RegExp(`^${label}\\s*\\(0\\)$`) }).click()
    await expect(
      page
        .getByRole('tabpanel')
        .getByText("No projects yet. Click 'New Project' to get started.", exactly),
    ).toBeVisible()
  }

  await page.goto('/templates')
  await expect(
    page.getByText("No templates yet. Click 'Create Template' to get started.", exactly),
  ).toBeVisible()

  await page.goto('/categories')
  await expect(
    page.getByText("No categories yet. Click 'Create Category' to get started.", exactly),
  ).toBeVisible()

  // Then one of each, each still empty inside.
  const seed = workspaceApi(page, baseURL!)
  const lonely = await seed.client({ name: 'Lonely Client Ltd' })
  const busy = await seed.client({ name: 'Busy Client Ltd' })
  const paused = await seed.project({
    name: 'Paused engagement',
    clientId: busy.id,
    status: 'on_hold',
  })
  const template = await seed.template({ name: 'Empty checklist' })

  await page.goto('/clients')
  await page.getByRole('searchbox', { name: 'Search clients' }).fill('no such client')
  await expect(page.getByText('No clients found', exactly)).toBeVisible()

  await page.goto(`/clients/${lonely.id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Lonely Client Ltd' })).toBeVisible()
  await expect(page.getByText('No projects for this client yet', exactly)).toBeVisible()

  // An on-hold project is only in the All tab, so the other two tabs are empty.
  await page.goto('/projects')
  await expect(page.getByRole('tab', { name: /^Active\s*\(0\)$/ })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await expect(page.getByRole('tabpanel').getByText('No active projects', exactly)).toBeVisible()
  await page.getByRole('tab', { name: /^Completed\s*\(0\)$/ }).click()
  await expect(page.getByRole('tabpanel').getByText('No completed projects', exactly)).toBeVisible()
  await page.getByRole('tab', { name: /^All\s*\(1\)$/ }).click()
  await expect(page.getByRole('tabpanel')).toContainText('Paused engagement')
  await expect(page.getByRole('tabpanel')).toContainText('On Hold')
  await page.getByRole('searchbox', { name: 'Search projects' }).fill('no such project')
  await expect(page.getByRole('tabpanel').getByText('No projects found', exactly)).toBeVisible()
  await expect(page.getByRole('tab', { name: /^All\s*\(0\)$/ })).toBeVisible()

  await page.goto(`/projects/${paused.id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Paused engagement' })).toBeVisible()
  await expect(
    page.getByText('No audits for this project yet. Click "Create Audit" to get started.', exactly),
  ).toBeVisible()

  await page.goto(`/templates/${template.id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Empty checklist' })).toBeVisible()
  await expect(
    page.getByText("No items yet. Click 'Add Item' to build the checklist.", exactly),
  ).toBeVisible()
})

test('a detail page for an unknown id says the record was not found and links back', async ({
  page,
  baseURL,
  account,
}) => {
  await signIn(page, baseURL!, account)
  const screens = [
    { path: '/clients', title: 'Client not found', back: 'Back to Clients' },
    { path: '/projects', title: 'Project not found', back: 'Back to Projects' },
    { path: '/templates', title: 'Template not found', back: 'Back to Templates' },
  ]
  for (const { path, title, back } of screens) {
    await page.goto(`${path}/${randomUUID()}`)
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page).toHaveTitle(new RegExp(title))
    // Inside the app layout, not the public 404.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    await page.getByRole('link', { name: back }).click()
    await expect(page).toHaveURL(path)
  }
  // Not a uuid at all: the same answer.
  await page.goto('/clients/not-a-uuid')
  await expect(page.getByRole('heading', { level: 1, name: 'Client not found' })).toBeVisible()
})

test('the client dialog shows a field error for an empty name and a disabled pending button while saving', async ({
  page,
  baseURL,
  account,
}) => {
  await signIn(page, baseURL!, account)
  await page.goto('/clients')
  await page.getByRole('button', { name: 'Add Client' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Client' })
  const name = dialog.getByRole('textbox', { name: 'Name' })
  const submit = dialog.getByRole('button', { name: 'Add Client' })

  // Only spaces count as empty too.
  await name.fill('   ')
  await dialog.getByRole('textbox', { name: 'Email' }).fill('books@initech.example')
  await submit.click()
  await expect(dialog.getByText('Name is required', exactly)).toBeVisible()
  await expect(name).toHaveAttribute('aria-invalid', 'true')
  await expect(name).toHaveAccessibleDescription('Name is required')
  await expect(name).toBeFocused()
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveValue('books@initech.example')

  // Hold the create request until the pending state has been seen.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  let seen!: () => void
  const requested = new Promise<void>((resolve) => (seen = resolve))
  await page.route('**/api/clients', async (route) => {
    if (route.request().method() !== 'POST') return route.continue()
    seen()
    await held
    await route.continue()
  })

  await name.fill('Initech')
  await submit.click()
  await requested
  const pending = dialog.getByRole('button', { name: 'Creating...' })
  await expect(pending).toBeDisabled()
  await expect(pending).toHaveAttribute('aria-busy', 'true')
  await expect(dialog.getByText('Name is required')).toBeHidden()
  release()

  await expect(dialog).toBeHidden()
  await expect(toasts(page)).toContainText('Client created successfully')
  await expect(page.getByRole('list', { name: 'Clients' })).toContainText('Initech')
  await page.unroute('**/api/clients')
})

test('a save the server refuses keeps the dialog open with its input and says why', async ({
  page,
  baseURL,
  account,
}) => {
  await signIn(page, baseURL!, account)
  const template = await workspaceApi(page, baseURL!).template({ name: 'Short-lived template' })
  await page.goto(`/templates/${template.id}`)
  await page.getByRole('button', { name: 'Add Item' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Item' })
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Board minutes')

  // Someone else deletes the template meanwhile.
  const deleted = await page.request.delete(`/api/templates/${template.id}`, {
    headers: { origin: new URL(baseURL!).origin },
  })
  expect(deleted.status()).toBe(204)

  await dialog.getByRole('button', { name: 'Add Item' }).click()
  // While the dialog is open the rest of the page, toasts included, is hidden from assistive tech.
  await expect(page.getByText('Failed to add item', exactly)).toBeVisible()
  await expect(page.getByText('Template not found', exactly)).toBeVisible()
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue('Board minutes')
  await expect(dialog.getByRole('button', { name: 'Add Item' })).toBeEnabled()
})
