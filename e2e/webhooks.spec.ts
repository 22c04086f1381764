import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import {
  createClientUser,
  expect,
  seedRequests,
  sendDrafts,
  signIn,
  submitAnswers,
  test,
  workspaceApi,
} from './fixtures'

test('an admin adds a webhook; a submission reaches the receiver within seconds, signed; the deliveries show it', async ({
  page,
  baseURL,
  account,
}) => {
  const received: { headers: IncomingHttpHeaders; body: string }[] = []
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })
      response.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  const { port } = receiver.address() as AddressInfo
  try {
    await signIn(page, baseURL!, account)
    await page.goto('/admin?tab=integrations')
    await page.getByRole('button', { name: 'Add Webhook' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Webhook' })
    await dialog.getByLabel('URL').fill('ftp://example.com/hook')
    await dialog.getByRole('button', { name: 'Add Webhook' }).click()
    await expect(dialog.getByText('Only https:// addresses are taken')).toBeVisible()
    await dialog.getByLabel('URL').fill(`http://127.0.0.1:${port}/events`)
    await expect(dialog.getByRole('checkbox', { name: 'Submitted by the client' })).toBeChecked()
    await dialog.getByRole('button', { name: 'Add Webhook' }).click()
    const shown = page.getByRole('dialog', { name: 'Copy the Signing Secret' })
    const secret = await shown.getByLabel('Signing secret').inputValue()
    expect(secret).toMatch(/^whsec_/)
    await shown.getByRole('button', { name: 'Done' }).click()
    const row = page.getByRole('list', { name: 'Webhooks' }).getByRole('listitem')
    await expect(row).toContainText(`http://127.0.0.1:${port}/events`)
    await expect(row).toContainText('On')

    const api = workspaceApi(page, baseURL!)
    const client = await api.client({ name: 'Hooked Ltd' })
    const clientUser = await createClientUser(page, baseURL!, client.id)
    const project = await api.project({ name: 'FY26', clientId: client.id })
    const audit = await api.audit({ name: 'Year end', projectId: project.id })
    const ids = await seedRequests(page, baseURL!, audit.id, ['Bank letter'], {
      assigneeId: clientUser.id,
    })
    await sendDrafts(page, baseURL!, audit.id)
    await submitAnswers(baseURL!, clientUser, ids)

    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1)
    const [delivery] = received
    const payload = new Webhook(secret).verify(delivery!.body, {
      'webhook-id': String(delivery!.headers['webhook-id']),
      'webhook-timestamp': String(delivery!.headers['webhook-timestamp']),
      'webhook-signature': String(delivery!.headers['webhook-signature']),
    }) as { type: string; data: { requestId: string } }
    expect(payload).toMatchObject({ type: 'request.submitted', data: { requestId: ids[0] } })

    await page.getByRole('button', { name: /^Deliveries of/ }).click()
    const deliveries = page.getByRole('dialog', { name: 'Deliveries' })
    await expect(deliveries.getByRole('listitem')).toContainText('request.submitted')
    await expect(deliveries.getByRole('listitem')).toContainText('Delivered')
    await expect(deliveries.getByRole('listitem')).toContainText('HTTP 204')
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()))
  }
})
