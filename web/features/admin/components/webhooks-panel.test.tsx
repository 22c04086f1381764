import { webhooksApi } from '@shared/api/webhooks'
import type { WebhookDeliveryDto, WebhookDto } from '@shared/schemas/webhooks'
import { screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import { answer, answerPages, refusal } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { WebhooksPanel } from './webhooks-panel'

const HOOK_ID = '33333333-3333-4333-8333-333333333333'

function aHook(overrides: Partial<WebhookDto> = {}): WebhookDto {
  return {
    id: HOOK_ID,
    url: 'https://example.com/events',
    events: ['comment.created', 'request.submitted'],
    description: 'Practice management',
    enabled: true,
    disabledReason: null,
    failingSince: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  }
}

test('adds a hook with the chosen events and shows its secret once; a refused address shows at its field', async () => {
  const bodies: unknown[] = []
  let hooks: WebhookDto[] = []
  server.use(
    answer(webhooksApi.list, () => hooks),
    answer(webhooksApi.create, async ({ request }) => {
      const body = (await request.json()) as { url: string }
      bodies.push(body)
      if (body.url.includes('127.0.0.1'))
        return refusal(400, {
          code: 'VALIDATION',
          message: 'The address is internal: only public addresses are taken',
          errors: [
            { path: 'url', message: 'The address is internal: only public addresses are taken' },
          ],
        })
      hooks = [aHook()]
      return { ...aHook(), secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0' }
    }),
  )
  const { user } = renderWithApp(<WebhooksPanel />)
  expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Add Webhook' }))
  const dialog = await screen.findByRole('dialog', { name: 'Add Webhook' })

  await user.type(within(dialog).getByLabelText('URL'), 'https://127.0.0.1/hook')
  await user.click(within(dialog).getByRole('button', { name: 'Add Webhook' }))
  expect(
    await within(dialog).findByText('The address is internal: only public addresses are taken'),
  ).toBeInTheDocument()

  await user.clear(within(dialog).getByLabelText('URL'))
  await user.type(within(dialog).getByLabelText('URL'), 'https://example.com/events')
  await user.click(within(dialog).getByRole('checkbox', { name: 'Comment or question' }))
  await user.click(within(dialog).getByRole('button', { name: 'Add Webhook' }))

  const shown = await screen.findByRole('dialog', { name: 'Copy the Signing Secret' })
  expect(within(shown).getByLabelText('Signing secret')).toHaveValue(
    'whsec_c2VjcmV0c2VjcmV0c2VjcmV0',
  )
  expect(bodies.at(-1)).toEqual({
    url: 'https://example.com/events',
    description: null,
    events: ['comment.created', 'request.submitted'],
  })
  await user.click(within(shown).getByRole('button', { name: 'Done' }))
  const row = within(await screen.findByRole('list', { name: 'Webhooks' })).getByRole('listitem')
  expect(row).toHaveTextContent('https://example.com/events')
  expect(row).toHaveTextContent('On')
  expect(document.body).not.toHaveTextContent('whsec_c2VjcmV0c2VjcmV0c2VjcmV0')
})

test('no event chosen is refused before anything is sent', async () => {
  const bodies: unknown[] = []
  server.use(
    answer(webhooksApi.list, []),
    answer(webhooksApi.create, async ({ request }) => {
      bodies.push(await request.json())
      return { ...aHook(), secret: 'whsec_x' }
    }),
  )
  const { user } = renderWithApp(<WebhooksPanel />)
  await user.click(await screen.findByRole('button', { name: 'Add Webhook' }))
  const dialog = await screen.findByRole('dialog', { name: 'Add Webhook' })
  await user.type(within(dialog).getByLabelText('URL'), 'https://example.com/events')
  await user.click(within(dialog).getByRole('checkbox', { name: 'Submitted by the client' }))
  await user.click(within(dialog).getByRole('button', { name: 'Add Webhook' }))
  expect(await within(dialog).findByText('Choose at least one event')).toBeInTheDocument()
  expect(bodies).toEqual([])
})

test('a hook turned off for failing says why; its deliveries show tries and retry a failed one', async () => {
  const failed: WebhookDeliveryDto = {
    id: '44444444-4444-4444-8444-444444444444',
    eventId: '55555555-5555-4555-8555-555555555555',
    eventType: 'request.submitted',
    status: 'failed',
    attempts: 12,
    statusCode: 500,
    error: 'Answered 500',
    durationMs: 120,
    responseBody: 'oops',
    createdAt: '2026-11-02T10:00:00.000Z',
    lastAttemptAt: '2026-11-03T12:00:00.000Z',
    nextAttemptAt: null,
  }
  const retried: string[] = []
  server.use(
    answer(webhooksApi.list, [
      aHook({ enabled: false, disabledReason: 'Turned off after failing for 3 days' }),
    ]),
    answerPages(webhooksApi.deliveries, () => ({ items: [failed] })),
    answer(webhooksApi.retry, ({ params }) => {
      retried.push(String(params.deliveryId))
      return { ...failed, status: 'pending' as const, nextAttemptAt: '2026-11-03T12:00:00.000Z' }
    }),
  )
  const { user } = renderWithApp(<WebhooksPanel />)
  const row = within(await screen.findByRole('list', { name: 'Webhooks' })).getByRole('listitem')
  expect(row).toHaveTextContent('Off')
  expect(row).toHaveTextContent('Turned off after failing for 3 days')
  expect(within(row).getByRole('button', { name: /^Turn on/ })).toBeInTheDocument()

  await user.click(within(row).getByRole('button', { name: /^Deliveries of/ }))
  const dialog = await screen.findByRole('dialog', { name: 'Deliveries' })
  const item = await within(dialog).findByRole('listitem')
  expect(item).toHaveTextContent('Failed')
  expect(item).toHaveTextContent('HTTP 500')
  expect(item).toHaveTextContent('12 tries')
  await user.click(within(item).getByRole('button', { name: 'Retry Now' }))
  expect(await screen.findByText('Delivery queued to be tried now')).toBeInTheDocument()
  expect(retried).toEqual([failed.id])
})

test('edits a hook’s address, events and description; the secret stays as it was', async () => {
  const patches: unknown[] = []
  let hook = aHook()
  server.use(
    answer(webhooksApi.list, () => [hook]),
    answer(webhooksApi.update, async ({ request }) => {
      const body = (await request.json()) as Partial<WebhookDto>
      patches.push(body)
      hook = { ...hook, ...body }
      return hook
    }),
  )
  const { user } = renderWithApp(<WebhooksPanel />)
  const row = within(await screen.findByRole('list', { name: 'Webhooks' })).getByRole('listitem')
  await user.click(within(row).getByRole('button', { name: /^Edit / }))
  const dialog = await screen.findByRole('dialog', { name: 'Edit Webhook' })
  expect(within(dialog).getByLabelText('URL')).toHaveValue('https://example.com/events')
  expect(within(dialog).getByRole('checkbox', { name: 'Comment or question' })).toBeChecked()
  await user.clear(within(dialog).getByLabelText('URL'))
  await user.type(within(dialog).getByLabelText('URL'), 'https://example.com/v2')
  await user.click(within(dialog).getByRole('checkbox', { name: 'Comment or question' }))
  await user.click(within(dialog).getByRole('checkbox', { name: 'File uploaded' }))
  await user.click(within(dialog).getByRole('button', { name: 'Save Webhook' }))
  expect(await screen.findByText('Webhook saved')).toBeInTheDocument()
  expect(patches).toEqual([
    {
      url: 'https://example.com/v2',
      description: 'Practice management',
      events: ['file.uploaded', 'request.submitted'],
    },
  ])
  expect(screen.queryByRole('dialog', { name: 'Edit Webhook' })).not.toBeInTheDocument()
  expect(
    within(await screen.findByRole('list', { name: 'Webhooks' })).getByRole('listitem'),
  ).toHaveTextContent('https://example.com/v2')
})
