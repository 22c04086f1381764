import { expect, signIn, test, workspaceApi } from './fixtures'

// A client-role user cannot be created from the browser yet (invitations arrive with the
// administration issue), and the server's 403 on template mutations is proven by the server
// suite. Here the interface's side of the rule: the session answers with role `client`, and
// every template and item action disappears (spec §6).
test('a client-role user sees templates and their items, without any way to change them', async ({
  page,
  baseURL,
  account,
}) => {
  await signIn(page, baseURL!, account)
  const api = workspaceApi(page, baseURL!)
  const template = await api.template({ name: 'ISO 27001 readiness' })
  await api.templateItem({
    templateId: template.id,
    title: 'Asset inventory',
    requiresDocument: true,
  })

  // As an admin, the actions are there.
  await page.goto('/templates')
  await expect(page.getByRole('button', { name: 'Create Template' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Edit ISO 27001 readiness' })).toBeVisible()

  await page.route('**/api/auth/me', async (route) => {
    const response = await route.fetch()
    await route.fulfill({ response, json: { ...(await response.json()), role: 'client' } })
  })
  await page.goto('/templates')
  await expect(page.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible()
  await expect(page.getByText('ISO 27001 readiness')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Create Template' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0)

  await page.getByText('ISO 27001 readiness').click()
  await expect(page).toHaveURL(`/templates/${template.id}`)
  await expect(page.getByText('Asset inventory')).toBeVisible()
  await expect(page.getByText('Document Required')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Add Item' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0)
})
