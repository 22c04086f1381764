import {
  expect,
  expectNoSeriousA11yViolations,
  originHeader,
  seedRequests,
  signIn,
  test,
  toasts,
  workspaceApi,
} from './fixtures'

test('a completed audit rolls forward: the copy is shown first, then next year’s audit opens with the requests as drafts', async ({
  page,
  baseURL,
  account,
}) => {
  await signIn(page, baseURL!, account)
  const seed = workspaceApi(page, baseURL!)
  const client = await seed.client({ name: 'Contoso Ltd' })
  const project = await seed.project({ name: 'FY2026', clientId: client.id })
  const audit = await seed.audit({ name: 'Year-end 2026', projectId: project.id })
  const [bank] = await seedRequests(page, baseURL!, audit.id, ['Bank letters', 'Payroll'])
  const dated = await page.request.patch(`/api/requests/${bank}`, {
    headers: originHeader(baseURL!),
    data: { dueDate: '2027-01-15' },
  })
  expect(dated.status(), await dated.text()).toBe(200)
  const completed = await page.request.post(`/api/audits/${audit.id}/complete`, {
    headers: originHeader(baseURL!),
  })
  expect(completed.status()).toBe(200)

  await page.goto(`/audits/${audit.id}`)
  await page.getByRole('button', { name: 'Roll Forward' }).click()
  const dialog = page.getByRole('dialog', { name: 'Roll Forward' })
  await expect(dialog.getByLabel('Name')).toHaveValue('Year-end 2027')
  const copied = dialog.getByRole('region', { name: 'What will be copied' })
  await expect(copied.getByText('2 requests will be copied as drafts.')).toBeVisible()
  await expect(copied.getByText(/Jan 15, 2028 to Jan 15, 2028 \(1 without one\)/)).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  await dialog.getByRole('button', { name: 'Roll Forward' }).click()
  await expect(
    toasts(page).filter({ hasText: 'Year-end 2027 started with 2 requests' }),
  ).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Year-end 2027', level: 1 })).toBeVisible()
  await expect(page).not.toHaveURL(new RegExp(audit.id))
  await expect(page.getByRole('link', { name: 'Bank letters' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Payroll' })).toBeVisible()
})
