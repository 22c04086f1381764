import { remindersApi } from '@shared/api/reminders'
import { screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { answer, refusal } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { UnsubscribePage } from './unsubscribe-page'

const show = (search: string) =>
  renderWithApp(<UnsubscribePage />, { route: `/unsubscribe${search}`, path: '/unsubscribe' })

test('nothing is sent on opening; the button posts the token (no body) and shows the answer', async () => {
  const calls: { token: string | null; body: string }[] = []
  server.use(
    answer(remindersApi.unsubscribe, async ({ request }) => {
      calls.push({
        token: new URL(request.url).searchParams.get('token'),
        body: await request.text(),
      })
      return { message: 'You will no longer get reminders by e-mail.' }
    }),
  )
  const { user } = show('?token=abc123')

  expect(screen.getByRole('heading', { level: 1, name: 'Stop these e-mails?' })).toBeVisible()
  expect(calls).toEqual([])
  await user.click(screen.getByRole('button', { name: 'Unsubscribe' }))

  expect(
    await screen.findByRole('heading', { level: 1, name: 'You are unsubscribed' }),
  ).toBeInTheDocument()
  expect(screen.getByText('You will no longer get reminders by e-mail.')).toBeInTheDocument()
  expect(calls).toEqual([{ token: 'abc123', body: '' }])
})

test("a refused token shows the server's message and the way to the settings", async () => {
  server.use(
    answer(remindersApi.unsubscribe, () =>
      refusal(400, { code: 'INVALID_TOKEN', message: 'This unsubscribe link is not valid.' }),
    ),
  )
  const { user } = show('?token=forged')

  await user.click(screen.getByRole('button', { name: 'Unsubscribe' }))

  expect(
    await screen.findByRole('heading', { level: 1, name: 'Could not unsubscribe' }),
  ).toBeInTheDocument()
  expect(screen.getByText('This unsubscribe link is not valid.')).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Go to Settings' })).toHaveAttribute('href', '/settings')
  expect(screen.queryByRole('button', { name: /Unsubscribe|Try again/ })).toBeNull()
})

test('a server failure can be tried again', async () => {
  server.use(
    answer(remindersApi.unsubscribe, () =>
      refusal(503, { code: 'UNAVAILABLE', message: 'The service is unavailable' }),
    ),
  )
  const { user } = show('?token=abc123')

  await user.click(screen.getByRole('button', { name: 'Unsubscribe' }))

  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Something went wrong. Please try again.',
  )
  expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled()
})

test('a link without its token says it is incomplete', () => {
  show('')
  expect(screen.getByRole('heading', { level: 1, name: 'Could not unsubscribe' })).toBeVisible()
  expect(screen.getByText('This unsubscribe link is incomplete.')).toBeInTheDocument()
})
