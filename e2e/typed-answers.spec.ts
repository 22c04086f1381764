import {
  createClientUser,
  expect,
  expectNoSeriousA11yViolations,
  originHeader,
  signIn,
  test,
  toasts,
  workspaceApi,
} from './fixtures'

test('the firm asks a yes/no and a date question; the client answers both; the firm reads them typed', async ({
  page,
  baseURL,
  account,
  browser,
}) => {
  await signIn(page, baseURL!, account)
  const seed = workspaceApi(page, baseURL!)
  const client = await seed.client({ name: 'Northwind Traders' })
  const project = await seed.project({ name: 'Annual Review 2026', clientId: client.id })
  const audit = await seed.audit({ name: 'FY2026 audit', projectId: project.id })
  const grace = await createClientUser(page, baseURL!, client.id)

  // A yes/no question through the dialog: the type chosen, no written response to require.
  await page.goto(`/audits/${audit.id}`)
  await page.getByRole('button', { name: 'Add Request' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Request' })
  await dialog.getByLabel('Title').fill('Any litigation or claims at year end?')
  await dialog.getByRole('combobox', { name: 'Answer type' }).click()
  await page.getByRole('option', { name: 'One of a list' }).click()
  await dialog.getByRole('button', { name: 'Add Request' }).click()
  await expect(dialog.getByText('Give at least two choices')).toBeVisible()
  await dialog.getByRole('combobox', { name: 'Answer type' }).click()
  await page.getByRole('option', { name: 'Yes or no' }).click()
  await expect(dialog.getByRole('switch', { name: 'Response required' })).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Add Request' }).click()
  await expect(dialog).toBeHidden()

  // A date question through the API; both assigned and sent.
  const headers = originHeader(baseURL!)
  const dated = await page.request.post(`/api/audits/${audit.id}/requests`, {
    headers,
    data: { title: 'Date the statements were approved', answerType: 'date' },
  })
  expect(dated.status(), await dated.text()).toBe(201)
  const list = (await (await page.request.get(`/api/audits/${audit.id}/requests`)).json()) as {
    requests: Array<{ id: string; title: string; answerType: string }>
  }
  expect(list.requests.map((r) => r.answerType)).toEqual(['yes_no', 'date'])
  for (const request of list.requests) {
    const assigned = await page.request.patch(`/api/requests/${request.id}`, {
      headers,
      data: { assigneeId: grace.id },
    })
    expect(assigned.status(), await assigned.text()).toBe(200)
  }
  const sent = await page.request.post(`/api/audits/${audit.id}/send`, { headers, data: {} })
  expect(sent.status(), await sent.text()).toBe(200)
  const [yesNo, date] = list.requests

  const clientContext = await browser.newContext({ baseURL })
  const clientPage = await clientContext.newPage()
  await signIn(clientPage, baseURL!, grace)

  await clientPage.goto(`/requests/${yesNo!.id}`)
  const group = clientPage.getByRole('radiogroup', { name: 'Your answer' })
  await clientPage.getByRole('button', { name: 'Submit Answer' }).click()
  await expect(clientPage.getByText('Answer yes or no')).toBeVisible()
  await group.getByRole('radio', { name: 'No' }).click()
  await clientPage.getByLabel('Note (optional)').fill('None pending or threatened.')
  await expectNoSeriousA11yViolations(clientPage, { sameOriginOnly: true })
  await clientPage.getByRole('button', { name: 'Submit Answer' }).click()
  await expect(toasts(clientPage).filter({ hasText: 'Answer submitted' })).toBeVisible()

  await clientPage.goto(`/requests/${date!.id}`)
  await clientPage.getByLabel('Your answer (a date)').fill('2027-02-26')
  await clientPage.getByRole('button', { name: 'Submit Answer' }).click()
  await expect(toasts(clientPage).filter({ hasText: 'Answer submitted' })).toBeVisible()
  await clientContext.close()

  // The firm reads each answer as it was given.
  await page.goto(`/requests/${yesNo!.id}`)
  const versions = page.getByRole('list', { name: 'Versions' })
  await expect(versions).toContainText('No')
  await expect(versions).toContainText('None pending or threatened.')
  await page.goto(`/requests/${date!.id}`)
  await expect(page.getByRole('list', { name: 'Versions' })).toContainText('2027-02-26')
})
