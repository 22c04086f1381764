import { expect, signIn, test, workspaceApi } from './fixtures'

const CLIENTS = 120
const nameOf = (index: number) => `Client ${String(index).padStart(3, '0')}`

test('120 clients: the list reads the next page as one scrolls, and the search finds one by name on the server', async ({
  page,
  baseURL,
  account,
}) => {
  test.setTimeout(120_000)
  await signIn(page, baseURL!, account)
  const api = workspaceApi(page, baseURL!)
  for (let start = 1; start <= CLIENTS; start += 10) {
    await Promise.all(
      Array.from({ length: 10 }, (_, offset) => api.client({ name: nameOf(start + offset) })),
    )
  }

  const pages: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname === '/api/clients') pages.push(url.search)
  })
  await page.goto('/clients')
  const list = page.getByRole('list', { name: 'Clients' })
  await expect(list.getByRole('heading', { name: nameOf(1) })).toBeVisible()
  // One page of 100: the 120th is not there yet, and the page holds only the rows near the view.
  expect(await list.getByRole('listitem').count()).toBeLessThan(100)
  await expect(list.getByRole('listitem').first()).toHaveAttribute('aria-setsize', '100')

  // Scrolling to the end reads the next page; the 120th client is the last card.
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await expect(list.getByRole('heading', { name: nameOf(CLIENTS) })).toBeVisible({
      timeout: 1_000,
    })
  }).toPass({ timeout: 20_000 })
  await expect(list.getByRole('listitem').last()).toHaveAttribute('aria-setsize', String(CLIENTS))
  expect(pages.filter((search) => search.includes('cursor='))).toHaveLength(1)
  await expect(page.getByRole('button', { name: 'Load more clients' })).toHaveCount(0)

  // The search goes to the server, and finds a client past the first page.
  await page.evaluate(() => window.scrollTo(0, 0))
  const search = page.getByRole('searchbox', { name: 'Search clients' })
  await search.fill(nameOf(117))
  await expect(list.getByRole('heading')).toHaveText([nameOf(117)])
  expect(pages.some((query) => query.includes('q=Client+117'))).toBe(true)

  await search.fill('Nobody by this name')
  await expect(page.getByText('No clients found', { exact: true })).toBeVisible()
  await expect(
    page.getByText('No results for “Nobody by this name”', { exact: false }),
  ).toBeVisible()
})

test('"Load more" reads the next page from the keyboard', async ({ page, baseURL, account }) => {
  test.setTimeout(120_000)
  await signIn(page, baseURL!, account)
  const api = workspaceApi(page, baseURL!)
  for (let start = 1; start <= 110; start += 10) {
    await Promise.all(
      Array.from({ length: 10 }, (_, offset) => api.client({ name: nameOf(start + offset) })),
    )
  }
  await page.goto('/clients')
  const more = page.getByRole('button', { name: 'Load more clients' })
  await more.focus()
  await page.keyboard.press('Enter')
  await expect(
    page.getByRole('list', { name: 'Clients' }).getByRole('heading', { name: nameOf(110) }),
  ).toBeVisible()
})
