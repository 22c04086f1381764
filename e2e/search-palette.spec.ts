import type { Page } from '@playwright/test'
import {
  animationsFinished,
  expect,
  expectNoSeriousA11yViolations,
  loaded,
  seedRequests,
  originHeader,
  signIn,
  test,
  workspaceApi,
} from './fixtures'

const TARGET = 'Marzipan stock count'

/** A firm with a client, a project, an audit and two requests that share an unusual word. */
async function firmWithRequests(
  page: Page,
  baseURL: string,
  account: Parameters<typeof signIn>[2],
) {
  await signIn(page, baseURL, account)
  const seed = workspaceApi(page, baseURL)
  const client = await seed.client({ name: 'Northwind Traders' })
  const project = await seed.project({ name: 'Annual Review 2026', clientId: client.id })
  const audit = await seed.audit({ name: 'FY2026 audit', projectId: project.id })
  const [, target] = await seedRequests(page, baseURL, audit.id, [
    'Marzipan supplier invoices',
    TARGET,
    'Bank statements',
  ])
  return { requestId: target! }
}

const searchButton = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: 'Search' })
const palette = (page: Page) => page.getByRole('dialog', { name: 'Search' })
const selectedOption = (page: Page) =>
  palette(page).locator('[role="option"][aria-selected="true"]')

test('Ctrl/⌘+K, a few letters, arrows and Enter open a request; the palette then offers it under Recent', async ({
  page,
  baseURL,
  account,
}) => {
  const { requestId } = await firmWithRequests(page, baseURL!, account)
  await page.goto('/dashboard')
  await loaded(page)
  await expect(searchButton(page)).toBeVisible()

  await page.keyboard.press('ControlOrMeta+k')
  await expect(palette(page)).toBeVisible()
  const box = palette(page).getByRole('combobox', { name: 'Search' })
  await expect(box).toBeFocused()
  await expect(palette(page)).toContainText('Type a word')

  // Part of the word: the last word of a search is matched as a prefix.
  await page.keyboard.type('marzi')
  const requests = palette(page).getByRole('group', { name: 'Requests' })
  await expect(requests.getByRole('option', { name: new RegExp(TARGET) })).toBeVisible()
  await expect(requests.getByRole('option', { name: /Marzipan supplier invoices/ })).toBeVisible()
  await expect(requests.getByRole('option', { name: /Bank statements/ })).toHaveCount(0)
  await expect(selectedOption(page)).toHaveCount(1)
  await animationsFinished(page)
  await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })

  // Down the list (it wraps) until the request is the chosen line, then open it.
  await page.keyboard.press('ArrowDown')
  for (let step = 0; step < 10; step += 1) {
    if ((await selectedOption(page).textContent())?.includes(TARGET)) break
    await page.keyboard.press('ArrowDown')
  }
  await expect(selectedOption(page)).toContainText(TARGET)
  await page.keyboard.press('Enter')

  await expect(page).toHaveURL(new RegExp(`/requests/${requestId}$`))
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(TARGET) })).toBeVisible()
  await expect(palette(page)).toBeHidden()

  // From another page, the empty box offers it again; Enter opens it.
  await page.goto('/dashboard')
  await loaded(page)
  await expect(searchButton(page)).toBeVisible()
  await page.keyboard.press('ControlOrMeta+k')
  const recent = palette(page).getByRole('group', { name: 'Recent' })
  await expect(recent.getByRole('option', { name: new RegExp(TARGET) })).toBeVisible()
  await expect(selectedOption(page)).toContainText(TARGET)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/requests/${requestId}$`))

  // Escape closes it, the focus back where it was.
  await searchButton(page).focus()
  await page.keyboard.press('Enter')
  await expect(palette(page)).toBeVisible()
  await page.keyboard.type('zzqx')
  await expect(palette(page)).toContainText('No results for “zzqx”')
  await page.keyboard.press('Escape')
  await expect(palette(page)).toBeHidden()
  await expect(searchButton(page)).toBeFocused()
})

test('a result that is an internal note opens its request on the note, in its tab, focused', async ({
  page,
  baseURL,
  account,
}) => {
  const { requestId } = await firmWithRequests(page, baseURL!, account)
  const posted = await page.request.post(`/api/requests/${requestId}/comments`, {
    headers: originHeader(baseURL!),
    data: { body: 'The quince figures need a second look', internal: true },
  })
  expect(posted.status()).toBe(201)
  const { id: noteId } = (await posted.json()) as { id: string }

  await page.goto('/dashboard')
  await loaded(page)
  await expect(searchButton(page)).toBeVisible()
  await page.keyboard.press('ControlOrMeta+k')
  await expect(palette(page).getByRole('combobox', { name: 'Search' })).toBeFocused()
  await page.keyboard.type('quince')
  const comments = palette(page).getByRole('group', { name: 'Comments' })
  await expect(comments.getByRole('option', { name: /Internal note by/ })).toBeVisible()
  await expect(selectedOption(page)).toContainText('quince')
  await page.keyboard.press('Enter')

  await expect(page).toHaveURL(new RegExp(`/requests/${requestId}#comment-${noteId}$`))
  await expect(page.getByRole('tab', { name: /Internal notes/ })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  const note = page.locator(`#comment-${noteId}`)
  await expect(note).toBeFocused()
  await expect(note).toContainText('The quince figures need a second look')
  await expect(note).toBeInViewport()
})

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the header has a search icon button; the palette fits the screen, dark theme too', async ({
    page,
    baseURL,
    account,
  }) => {
    const { requestId } = await firmWithRequests(page, baseURL!, account)
    await page.goto('/dashboard')
    await loaded(page)
    await page.getByRole('banner').getByRole('button', { name: 'Toggle theme' }).click()
    await expect(searchButton(page)).toBeInViewport()

    await searchButton(page).click()
    await expect(palette(page)).toBeVisible()
    await page.keyboard.type('marzipan stock')
    const option = palette(page).getByRole('option', { name: new RegExp(TARGET) })
    await expect(option).toBeVisible()
    await animationsFinished(page)
    const box = await palette(page).boundingBox()
    expect(box!.x).toBeGreaterThanOrEqual(0)
    expect(box!.x + box!.width).toBeLessThanOrEqual(390)
    await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })

    await option.click()
    await expect(page).toHaveURL(new RegExp(`/requests/${requestId}$`))
  })
})
