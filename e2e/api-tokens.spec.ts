import { request as playwrightRequest } from '@playwright/test'
import { expect, signIn, test, toasts } from './fixtures'

test('a token made in Settings by keyboard lets a script read and write as the user, until revoked', async ({
  page,
  baseURL,
  account,
}) => {
  await signIn(page, baseURL!, account)
  await page.goto('/settings')
  const section = page.getByRole('region', { name: 'API tokens' })
  await expect(section.getByText('No API tokens yet.')).toBeVisible()

  await section.getByRole('button', { name: 'New Token' }).focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'New API Token' })
  await expect(dialog.getByLabel('Name')).toBeFocused()
  await page.keyboard.type('Nightly sync')
  await dialog.getByRole('radio', { name: /Read and write/ }).check()
  await dialog.getByRole('button', { name: 'Create Token' }).press('Enter')

  const shown = page.getByRole('dialog', { name: 'Copy Your New Token' })
  const token = await shown.getByLabel('Token').inputValue()
  expect(token).toMatch(/^adk_/)
  await shown.getByRole('button', { name: 'Done' }).click()
  const row = section.getByRole('listitem').filter({ hasText: 'Nightly sync' })
  await expect(row).toContainText('Read and write')
  await expect(row).toContainText('Never used')
  await expect(page.getByText(token)).toHaveCount(0)

  // A script: no cookie, no Origin.
  const script = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${token}` },
  })
  try {
    const made = await script.post('/api/clients', { data: { name: 'Made by a script' } })
    expect(made.status()).toBe(201)
    const listed = await script.get('/api/clients')
    expect(listed.status()).toBe(200)
    expect(JSON.stringify(await listed.json())).toContain('Made by a script')

    await page.reload()
    await expect(row).toContainText('Last used')
    await row.getByRole('button', { name: /Revoke/ }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke Token' }).click()
    await expect(toasts(page).getByText('API token revoked')).toBeVisible()
    await expect(section.getByText('No API tokens yet.')).toBeVisible()
    expect((await script.get('/api/clients')).status()).toBe(401)
  } finally {
    await script.dispose()
  }
})
