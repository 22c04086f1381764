import type { Locator, Page } from '@playwright/test'
import {
  animationsFinished,
  expect,
  expectNoSeriousA11yViolations,
  loaded,
  signIn,
  test,
  workspaceApi,
} from './fixtures'

interface Workspace {
  clientId: string
  projectId: string
  templateId: string
}

/** One of everything, with long unbroken values where a narrow screen would suffer most. */
async function seedWorkspace(page: Page, baseURL: string): Promise<Workspace> {
  const api = workspaceApi(page, baseURL)
  const client = await api.client({
    name: 'Northwind Traders International Holdings',
    email: 'accounts.payable.department@northwind-traders-international.example',
    phone: '+44 20 7946 0958',
    address: '221B Baker Street\nMarylebone\nLondon NW1 6XE',
  })
  await api.client({ name: 'Contoso Pharmaceuticals' })
  const project = await api.project({
    name: 'FY2025 ISO 27001 Surveillance Audit',
    clientId: client.id,
    description:
      'Stage 2 surveillance of the information security management system, covering all sites.',
  })
  await api.project({ name: 'SOX walkthroughs', clientId: client.id, status: 'completed' })
  await api.project({ name: 'Vendor due diligence', clientId: client.id, status: 'on_hold' })
  await api.audit({
    name: 'Access management',
    projectId: project.id,
    description: 'Joiners, movers and leavers.',
    dueDate: '2025-11-14',
  })
  await api.audit({ name: 'Physical security', projectId: project.id, status: 'in_review' })
  await api.audit({ name: 'Supplier review', projectId: project.id, status: 'completed' })
  const category = await api.category({
    name: 'Information Security',
    description: 'Controls over access, encryption and logging.',
  })
  await api.category({ name: 'Finance' })
  const template = await api.template({
    name: 'ISO 27001 Annex A checklist',
    description: 'The controls of Annex A, one item each.',
    categoryId: category.id,
  })
  await api.template({ name: 'Uncategorised checklist' })
  await api.templateItem({
    templateId: template.id,
    title: 'Information security policies approved by management',
    description: 'Upload the signed policy set.',
    requiresDocument: true,
    requiresResponse: true,
  })
  await api.templateItem({
    templateId: template.id,
    title: 'Asset inventory',
    requiresDocument: true,
  })
  await api.templateItem({
    templateId: template.id,
    title: 'Risk owner sign-off',
    requiresResponse: true,
  })
  return { clientId: client.id, projectId: project.id, templateId: template.id }
}

interface Screen {
  name: string
  path: (w: Workspace) => string
  /** Content that is there once the screen's data has loaded. */
  ready: (page: Page) => Locator
  /** The screen's main action. */
  action?: { button: string; dialog: string }
  /** An action on one of the screen's records. */
  rowAction?: string
}

const screens: Screen[] = [
  {
    name: 'dashboard',
    path: () => '/dashboard',
    ready: (page) => page.getByRole('region', { name: 'Overview' }).getByText('2', { exact: true }),
  },
  {
    name: 'clients',
    path: () => '/clients',
    ready: (page) => page.getByRole('list', { name: 'Clients' }).getByRole('listitem').nth(1),
    action: { button: 'Add Client', dialog: 'Add Client' },
    rowAction: 'Delete Northwind Traders International Holdings',
  },
  {
    name: 'client detail',
    path: (w) => `/clients/${w.clientId}`,
    ready: (page) => page.getByRole('list', { name: 'Completed Projects' }),
    action: { button: 'Create Project', dialog: 'Create Project' },
  },
  {
    name: 'projects',
    path: () => '/projects',
    ready: (page) => page.getByRole('list', { name: 'Active projects' }),
    action: { button: 'New Project', dialog: 'New Project' },
    rowAction: 'Edit FY2025 ISO 27001 Surveillance Audit',
  },
  {
    name: 'project detail',
    path: (w) => `/projects/${w.projectId}`,
    ready: (page) => page.getByRole('list', { name: 'Audits' }).getByRole('listitem').nth(2),
    action: { button: 'Create Audit', dialog: 'Create Audit' },
    rowAction: 'Delete Physical security',
  },
  {
    name: 'templates',
    path: () => '/templates',
    ready: (page) => page.getByRole('list', { name: 'Templates' }).getByRole('listitem').nth(1),
    action: { button: 'Create Template', dialog: 'Create Template' },
    rowAction: 'Edit ISO 27001 Annex A checklist',
  },
  {
    name: 'template detail',
    path: (w) => `/templates/${w.templateId}`,
    ready: (page) =>
      page.getByRole('list', { name: 'Checklist items' }).getByRole('listitem').nth(2),
    action: { button: 'Add Item', dialog: 'Add Item' },
    rowAction: 'Delete Risk owner sign-off',
  },
  {
    name: 'categories',
    path: () => '/categories',
    ready: (page) => page.getByRole('list', { name: 'Categories' }).getByRole('listitem').nth(1),
    action: { button: 'Create Category', dialog: 'Create Category' },
    rowAction: 'Delete Information Security',
  },
]

/** The app's screens have no frames, so axe can run inside the page (see the fixture). */
async function expectAxeClean(page: Page) {
  await expect(page.locator('iframe')).toHaveCount(0)
  await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })
}

async function visit(page: Page, workspace: Workspace, screen: Screen) {
  await page.goto(screen.path(workspace))
  await expect(screen.ready(page)).toBeVisible()
  await loaded(page)
}

const screenNamed = (name: string) => screens.find((s) => s.name === name)!

/** The client dialog showing a field error, and the category delete confirmation. */
async function scanDialogs(page: Page, workspace: Workspace) {
  await test.step('client dialog, with a field error', async () => {
    await visit(page, workspace, screenNamed('clients'))
    await page.getByRole('button', { name: 'Add Client' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Client' })
    await dialog.getByRole('button', { name: 'Add Client' }).click()
    await expect(dialog.getByText('Name is required')).toBeVisible()
    await animationsFinished(page)
    await expectAxeClean(page)
  })

  await test.step('category delete confirmation', async () => {
    await visit(page, workspace, screenNamed('categories'))
    await page.getByRole('button', { name: 'Delete Information Security' }).click()
    await expect(page.getByRole('alertdialog', { name: 'Delete Category?' })).toBeVisible()
    await animationsFinished(page)
    await expectAxeClean(page)
  })
}

test('axe finds nothing serious on any workspace screen, an open dialog or the category confirmation (light)', async ({
  page,
  baseURL,
  account,
}) => {
  // Ten screens and dialogs, each scanned: longer than a single check.
  test.setTimeout(90_000)
  await signIn(page, baseURL!, account)
  const workspace = await seedWorkspace(page, baseURL!)
  for (const screen of screens) {
    await test.step(screen.name, async () => {
      await visit(page, workspace, screen)
      await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
      await expectAxeClean(page)
    })
  }

  await scanDialogs(page, workspace)
})

test('in the dark theme every workspace screen and dialog passes axe', async ({
  page,
  baseURL,
  account,
}) => {
  // Ten screens and dialogs, each scanned: longer than a single check.
  test.setTimeout(90_000)
  await signIn(page, baseURL!, account)
  const workspace = await seedWorkspace(page, baseURL!)
  await page.goto('/dashboard')
  await page.getByRole('banner').getByRole('button', { name: 'Toggle theme' }).click()
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)

  for (const screen of screens) {
    await test.step(screen.name, async () => {
      await visit(page, workspace, screen)
      await expect(page.locator('html')).toHaveClass(/\bdark\b/)
      await expectAxeClean(page)
    })
  }

  await scanDialogs(page, workspace)
})

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  const noHorizontalScroll = (page: Page) =>
    expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
      .toBe(true)

  /** Visible, and entirely within the screen's width. */
  async function expectReachable(locator: Locator) {
    await locator.scrollIntoViewIfNeeded()
    await expect(locator).toBeInViewport({ ratio: 1 })
  }

  test('workspace screens fit the width, and their actions are on screen', async ({
    page,
    baseURL,
    account,
  }) => {
    await signIn(page, baseURL!, account)
    const workspace = await seedWorkspace(page, baseURL!)
    for (const screen of screens.filter((s) => s.name !== 'dashboard')) {
      await test.step(screen.name, async () => {
        await visit(page, workspace, screen)
        await noHorizontalScroll(page)

        if (screen.rowAction)
          await expectReachable(page.getByRole('button', { name: screen.rowAction }))

        const { button, dialog: title } = screen.action!
        const trigger = page.getByRole('main').getByRole('button', { name: button })
        await expectReachable(trigger)
        await trigger.click()
        const dialog = page.getByRole('dialog', { name: title })
        await expect(dialog).toBeVisible()
        await animationsFinished(page)
        await expect(dialog).toBeInViewport({ ratio: 1 })
        await expectReachable(dialog.getByRole('button', { name: /^(Add|Create|Save)/ }))
        await noHorizontalScroll(page)
        await page.keyboard.press('Escape')
        await expect(dialog).toBeHidden()
        await expect(trigger).toBeFocused()
      })
    }
  })
})
