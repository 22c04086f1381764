import { notificationPreferencesApi } from '@shared/api/reminders'
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS_BY_SIDE,
  type UpdateNotificationPreferencesInput,
} from '@shared/schemas/reminders'
import { screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import { answer, refusal } from '@/test/api'
import { aUser, notificationPreferences } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { NotificationsSection } from './notifications-section'

const row = (label: string) => screen.getByRole('row', { name: new RegExp(`^${label}`) })

test('one row a kind the firm hears of; e-mail-only kinds have no in-app box; Save sends only what changed', async () => {
  const saved = notificationPreferences({ comment: { inApp: true, email: false } })
  const patches: UpdateNotificationPreferencesInput[] = []
  server.use(
    answer(notificationPreferencesApi.get, saved),
    answer(notificationPreferencesApi.update, async ({ request }) => {
      const body = (await request.json()) as UpdateNotificationPreferencesInput
      patches.push(body)
      return notificationPreferences({
        comment: { inApp: true, email: true },
        mention: { inApp: false, email: true },
      })
    }),
  )
  const { user } = renderWithApp(<NotificationsSection />)

  const table = await screen.findByRole('table', {
    name: 'Notifications, in the app and by e-mail',
  })
  expect(within(table).getAllByRole('row')).toHaveLength(NOTIFICATION_KINDS_BY_SIDE.firm.length + 1)
  // Client-side matters are not the firm's.
  expect(screen.queryByRole('row', { name: /^Reminders of requests/ })).not.toBeInTheDocument()
  expect(screen.queryByRole('row', { name: /^A request is returned/ })).not.toBeInTheDocument()
  // A file prepared in the background: in the app and by e-mail alike.
  expect(
    within(row('A file I asked to be prepared is ready')).getAllByRole('checkbox'),
  ).toHaveLength(2)
  const digest = row('Summary of open requests')
  expect(within(digest).getAllByRole('checkbox')).toHaveLength(1)
  expect(within(digest).getByText('E-mail only')).toBeInTheDocument()

  const commentByEmail = within(row('A new comment on a request I take part in')).getByRole(
    'checkbox',
    { name: /By e-mail$/ },
  )
  expect(commentByEmail).not.toBeChecked()
  await user.click(commentByEmail)
  await user.click(
    within(row('Someone mentions me')).getByRole('checkbox', { name: /In the app$/ }),
  )
  await user.click(screen.getByRole('button', { name: 'Save notifications' }))

  expect(await screen.findByText('Notification settings saved')).toBeInTheDocument()
  expect(patches).toEqual([{ comment: { email: true }, mention: { inApp: false } }])
  expect(commentByEmail).toBeChecked()
})

test('a failed save says so and keeps the choices', async () => {
  server.use(
    answer(notificationPreferencesApi.get, notificationPreferences()),
    answer(notificationPreferencesApi.update, () =>
      refusal(400, { code: 'VALIDATION', message: 'digest: email must be true or false' }),
    ),
  )
  const { user } = renderWithApp(<NotificationsSection />)

  await screen.findByRole('table')
  const digest = within(row('Summary of open requests')).getByRole('checkbox')
  await user.click(digest)
  await user.click(screen.getByRole('button', { name: 'Save notifications' }))

  expect(await screen.findByText('Failed to save notification settings')).toBeInTheDocument()
  expect(screen.getByText('digest: email must be true or false')).toBeInTheDocument()
  expect(digest).not.toBeChecked()
})

test('a client user sees only what can reach a client', async () => {
  server.use(answer(notificationPreferencesApi.get, notificationPreferences()))
  renderWithApp(<NotificationsSection />, { user: aUser({ role: 'client' }) })

  const table = await screen.findByRole('table')
  const kinds = within(table)
    .getAllByRole('rowheader')
    .map((header) => header.textContent)
  expect(kinds).toEqual(
    NOTIFICATION_KINDS_BY_SIDE.client.map((kind) => NOTIFICATION_KIND_LABELS[kind]),
  )
  expect(screen.queryByRole('row', { name: /^A request is submitted/ })).not.toBeInTheDocument()
  expect(kinds).toContain('A file I asked to be prepared is ready')
  const reminders = row('Reminders of requests coming due or overdue')
  expect(within(reminders).getAllByRole('checkbox')).toHaveLength(1)
  expect(within(reminders).getByText('E-mail only')).toBeInTheDocument()
  expect(screen.getByText(/Reminders and summaries come by e-mail only/)).toBeInTheDocument()
})
