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

test('a client’s answer in progress survives a reload, a Back and leaving the page, until it is submitted', async ({
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
  const headers = originHeader(baseURL!)
  const created = await page.request.post(`/api/audits/${audit.id}/requests`, {
    headers,
    data: { title: 'Revenue policy', responseRequired: true, assigneeId: grace.id },
  })
  expect(created.status(), await created.text()).toBe(201)
  const request = (await created.json()) as { id: string }
  const sent = await page.request.post(`/api/audits/${audit.id}/send`, { headers, data: {} })
  expect(sent.status(), await sent.text()).toBe(200)

  const clientContext = await browser.newContext({ baseURL })
  const clientPage = await clientContext.newPage()
  await signIn(clientPage, baseURL!, grace)
  await clientPage.goto(`/requests/${request.id}`)
  const answer = clientPage.getByLabel('Your answer')
  await answer.fill('Revenue is recognised')
  await expect(clientPage.getByText('Draft saved')).toBeVisible()
  await expectNoSeriousA11yViolations(clientPage, { sameOriginOnly: true })

  // A reload brings it back.
  await clientPage.reload()
  await expect(answer).toHaveValue('Revenue is recognised')

  // Typed, then straight away to My requests: saved on the way out; Back brings it back.
  await answer.fill('Revenue is recognised on delivery')
  await clientPage.getByRole('link', { name: 'Back to My Requests' }).click()
  await expect(clientPage).toHaveURL('/my-requests')
  await clientPage.goBack()
  await expect(answer).toHaveValue('Revenue is recognised on delivery')

  // The firm sees none of it.
  await page.goto(`/requests/${request.id}`)
  await expect(page.getByRole('heading', { level: 1, name: /Revenue policy/ })).toBeVisible()
  await expect(page.getByText('Revenue is recognised on delivery')).toHaveCount(0)

  // Submitted: the draft is spent.
  await clientPage.getByRole('button', { name: 'Submit Answer' }).click()
  await expect(toasts(clientPage).filter({ hasText: 'Answer submitted' })).toBeVisible()
  await clientPage.reload()
  await expect(clientPage.getByRole('list', { name: 'Versions' })).toContainText(
    'Revenue is recognised on delivery',
  )
  await expect(clientPage.getByLabel('Your answer')).toHaveCount(0)
  await clientContext.close()
})
