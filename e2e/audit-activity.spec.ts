import {
  createClientUser,
  expect,
  expectNoSeriousA11yViolations,
  originHeader,
  seedRequests,
  signIn,
  test,
  workspaceApi,
} from './fixtures'

test('the audit’s Activity tab tells who changed what, from what to what, and narrows to a kind', async ({
  page,
  baseURL,
  account,
}) => {
  await signIn(page, baseURL!, account)
  const seed = workspaceApi(page, baseURL!)
  const client = await seed.client({ name: 'Contoso Ltd' })
  const project = await seed.project({ name: 'FY2026', clientId: client.id })
  const audit = await seed.audit({ name: 'Year-end audit', projectId: project.id })
  const grace = await createClientUser(page, baseURL!, client.id)
  const [bank, payroll] = await seedRequests(page, baseURL!, audit.id, ['Bank letters', 'Payroll'])
  const patched = await page.request.patch(`/api/requests/${bank}`, {
    headers: originHeader(baseURL!),
    data: { title: 'Bank confirmation letters', dueDate: '2031-03-31', assigneeId: grace.id },
  })
  expect(patched.status(), await patched.text()).toBe(200)
  const removed = await page.request.delete(`/api/requests/${payroll}`, {
    headers: originHeader(baseURL!),
  })
  expect(removed.status()).toBe(204)

  await page.goto(`/audits/${audit.id}`)
  await page.getByRole('tab', { name: 'Activity' }).click()
  await expect(page).toHaveURL(/view=activity/)
  const trail = page.getByRole('list', { name: 'Audit activity' })
  // Newest first: the deletion, kept though the request is gone, then the edit with its changes.
  await expect(trail.getByText('deleted the request')).toBeVisible()
  await expect(trail.getByText('#2 Payroll').first()).toBeVisible()
  const edit = trail.getByRole('listitem').filter({ hasText: 'changed the request' })
  await expect(edit.getByText('Title:')).toBeVisible()
  await expect(edit.getByText('Bank confirmation letters')).toBeVisible()
  await expect(edit.getByText('Assignee:')).toBeVisible()
  await expect(edit.getByText('nobody')).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // Narrowed to a kind (in the address, for Back and sharing).
  await page.getByRole('combobox', { name: 'Kind' }).click()
  await page.getByRole('option', { name: 'Planning' }).click()
  await expect(page).toHaveURL(/kind=planning/)
  await expect(trail.getByText('created the request').first()).toBeVisible()

  // The whole trail as CSV.
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Export trail (CSV)' }).click()
  expect((await download).suggestedFilename()).toMatch(/activity\.csv$/)
})
