import { createClientUser, expect, signIn, test, workspaceApi } from './fixtures'

// Templates are firm staff's tools: an admin has every action; a client user (invited for one
// client) does not see the pages at all, and the server answers their reads with 403.
test('templates: every action for an admin; a forbidden state for a client user', async ({
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

  await page.goto('/templates')
  await expect(page.getByRole('button', { name: 'Create Template' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Edit ISO 27001 readiness' })).toBeVisible()
  await page.goto(`/templates/${template.id}`)
  await expect(page.getByRole('button', { name: 'Add Item' })).toBeVisible()

  const client = await api.client({ name: 'Northwind Traders' })
  const grace = await createClientUser(page, baseURL!, client.id)
  await page.context().clearCookies()
  await signIn(page, baseURL!, grace)
  for (const path of ['/templates', `/templates/${template.id}`]) {
    await page.goto(path)
    await expect(
      page.getByRole('heading', { level: 1, name: "You don't have access to this page" }),
    ).toBeVisible()
    await expect(page.getByText('ISO 27001 readiness')).toHaveCount(0)
    await expect(page.getByRole('button', { name: /^(Create Template|Add Item)$/ })).toHaveCount(0)
  }
  const read = await page.request.get('/api/templates')
  expect(read.status()).toBe(403)
})
