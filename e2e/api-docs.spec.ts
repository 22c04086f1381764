import { expect, test } from './fixtures'

test('the API reference at /api/docs renders the generated document, under the app’s CSP', async ({
  page,
}) => {
  await page.goto('/api/docs')
  await expect(page).toHaveURL(/\/api\/docs\/$/)
  await expect(page).toHaveTitle('AuditDesk API')
  // Operations come from shared/api, as the server registered them.
  await expect(page.getByRole('link', { name: /^Set an audit’s team/ })).toBeVisible()
  await page.getByRole('link', { name: /^Move a draft among the audit’s drafts/ }).click()
  await expect(
    page.getByRole('heading', { name: 'Move a draft among the audit’s drafts' }),
  ).toBeVisible()
  // No call-outs to the vendor's services from a user's browser.
  await expect(page.getByRole('button', { name: 'Ask AI' })).toHaveCount(0)
  // The document it reads is the app's own.
  const document = await page.request.get('/api/openapi.json')
  expect(document.ok()).toBe(true)
  expect((await document.json()).openapi).toBe('3.1.0')
})
