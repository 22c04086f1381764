import { invitationsApi } from '@shared/api/administration'
import type { InvitationPreview } from '@shared/schemas/invitations'
import { screen, waitFor } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { answer, refusal } from '@/test/api'
import { aUser } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { AcceptInvitationPage } from './accept-invitation-page'

const TOKEN = 'a-token-from-the-mail'
const preview = (overrides: Partial<InvitationPreview>): InvitationPreview => ({
  organizationName: 'Second Look Advisors',
  role: 'staff',
  email: 'ada@example.com',
  clientName: null,
  accountExists: true,
  signedIn: false,
  ...overrides,
})
const open = () =>
  renderWithApp(<AcceptInvitationPage />, {
    route: `/accept-invitation?token=${TOKEN}`,
    path: '/accept-invitation',
  })

afterEach(() => vi.restoreAllMocks())

test('signed in as the invited account: one button joins, with no password and no names', async () => {
  const bodies: unknown[] = []
  server.use(
    answer(invitationsApi.preview, preview({ signedIn: true })),
    answer(invitationsApi.accept, async ({ request }) => {
      bodies.push(await request.json())
      return { user: aUser() }
    }),
  )
  const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
  const { user } = open()
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Join Second Look Advisors' }),
  ).toBeVisible()
  expect(screen.queryByLabelText('Password')).toBeNull()
  expect(screen.queryByLabelText('First name')).toBeNull()
  await user.click(screen.getByRole('button', { name: 'Accept invitation' }))
  await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'))
  expect(bodies).toEqual([{ token: TOKEN }])
})

test('an account with a second factor is asked to sign in first, with a way back to this link', async () => {
  server.use(
    answer(invitationsApi.preview, preview({})),
    answer(invitationsApi.accept, () =>
      refusal(403, {
        code: 'FORBIDDEN',
        message:
          'Your account has two-factor sign-in: sign in first, then open this invitation link again to accept it.',
      }),
    ),
  )
  const { user } = open()
  await user.type(await screen.findByLabelText('Password'), 'my password')
  await user.click(screen.getByRole('button', { name: 'Accept invitation' }))
  expect(await screen.findByText(/sign in first/)).toBeVisible()
  expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    `/login?redirect=${encodeURIComponent(`/accept-invitation?token=${TOKEN}`)}`,
  )
})
