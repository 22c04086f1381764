import { request as playwrightRequest, type Page } from '@playwright/test'
import {
  createClientUser,
  expect,
  expectNoSeriousA11yViolations,
  invitationLink,
  originHeader,
  signIn,
  test,
  toasts,
  uniqueEmail,
  workspaceApi,
} from './fixtures'

/** One of the firm's people (staff), invited through the API and joined from a cookie-less context. */
async function createStaffUser(page: Page, baseURL: string, firstName: string, lastName: string) {
  const email = uniqueEmail('staff')
  const invited = await page.request.post('/api/invitations', {
    headers: originHeader(baseURL),
    data: { email, role: 'staff' },
  })
  expect(invited.status(), await invited.text()).toBe(201)
  const token = new URL(await invitationLink(email)).searchParams.get('token')
  const context = await playwrightRequest.newContext({ baseURL })
  try {
    const accepted = await context.post('/api/invitations/accept', {
      headers: originHeader(baseURL),
      data: { token, firstName, lastName, password: 'enigma-machine-39' },
    })
    expect(accepted.status(), await accepted.text()).toBe(201)
  } finally {
    await context.dispose()
  }
}

test('the audit team: its creator leads it; Edit Team gives it another lead and members; the client sees it read-only', async ({
  page,
  baseURL,
  account,
  browser,
}) => {
  await signIn(page, baseURL!, account)
  const seed = workspaceApi(page, baseURL!)
  const client = await seed.client({ name: 'Wingtip Toys' })
  const project = await seed.project({ name: 'Controls Review', clientId: client.id })
  const audit = await seed.audit({ name: 'ITGC audit', projectId: project.id })
  await createStaffUser(page, baseURL!, 'Alan', 'Turing')
  const grace = await createClientUser(page, baseURL!, client.id)
  const creator = `${account.firstName} ${account.lastName}`

  // The creator leads the audit they created; nobody else is on it yet.
  await page.goto(`/audits/${audit.id}`)
  const team = page.getByRole('list', { name: 'Team' })
  await expect(team.getByRole('listitem')).toHaveCount(1)
  await expect(team.getByRole('listitem')).toHaveText(`${creator}Lead`)

  // Alan leads it from now on; the creator stays on as a member.
  const editTeam = page.getByRole('button', { name: 'Edit Team' })
  await editTeam.click()
  const dialog = page.getByRole('dialog', { name: 'Edit Team' })
  const lead = dialog.getByRole('combobox', { name: 'Lead' })
  await expect(lead).toHaveValue(creator)
  await expect(dialog.getByRole('checkbox', { name: /Alan Turing/ })).not.toBeChecked()
  await expect(dialog.getByRole('checkbox', { name: new RegExp(creator) })).toHaveCount(0)
  await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })
  await lead.click()
  // The firm's people only: the client's user is not offered.
  await expect(page.getByRole('option')).toHaveText(['No lead', 'Alan Turing', creator])
  await page.getByRole('option', { name: 'Alan Turing' }).click()
  await dialog.getByRole('checkbox', { name: new RegExp(creator) }).check()
  await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })
  await dialog.getByRole('button', { name: 'Save Team' }).click()
  await expect(dialog).toBeHidden()
  await expect(toasts(page).filter({ hasText: 'Team updated' })).toBeVisible()
  await expect(editTeam).toBeFocused()
  await expect(team.getByRole('listitem')).toHaveText(['Alan TuringLead', creator])

  // It is stored: the page reads it again after a reload.
  await page.reload()
  await expect(team.getByRole('listitem')).toHaveText(['Alan TuringLead', creator])

  // The client's user sees who runs the audit, and cannot change it.
  const clientContext = await browser.newContext({ baseURL })
  const clientPage = await clientContext.newPage()
  await signIn(clientPage, baseURL!, grace)
  await clientPage.goto(`/audits/${audit.id}`)
  await expect(clientPage.getByRole('heading', { level: 1, name: 'ITGC audit' })).toBeVisible()
  await expect(clientPage.getByRole('list', { name: 'Team' }).getByRole('listitem')).toHaveText([
    'Alan TuringLead',
    creator,
  ])
  await expect(clientPage.getByRole('button', { name: 'Edit Team' })).toHaveCount(0)
  await expectNoSeriousA11yViolations(clientPage, { sameOriginOnly: true })
  await clientContext.close()
})
