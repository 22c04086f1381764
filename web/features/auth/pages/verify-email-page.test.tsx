import { authApi } from '@shared/api/auth'
import { singleSignOnApi } from '@shared/api/single-sign-on'
import { REDIRECT_AFTER_VERIFY_MS } from '@shared/constants'
import { act, screen } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { answer, refusal } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { LoginPage } from './login-page'
import { VerifyEmailPage } from './verify-email-page'

// The sign-in page it leads to asks whether the address it fills in uses single sign-on.
beforeEach(() => server.use(answer(singleSignOnApi.lookup, { sso: false, enforced: false })))

afterEach(() => {
  vi.useRealTimers()
})

function verifyThenSignIn() {
  server.use(
    answer(authApi.verifyEmail, {
      message: 'Your email address has been verified. You can now sign in.',
      user: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
    }),
  )
  return renderWithApp(
    <Routes>
      <Route path="/verify-email" element={<VerifyEmailPage />} />
      <Route path="/login" element={<LoginPage />} />
    </Routes>,
    { route: '/verify-email?token=abc123' },
  )
}

test('Go to Login Now opens the sign-in form with the verified address filled in', async () => {
  const { user } = verifyThenSignIn()

  expect(await screen.findByText('Welcome, Ada Lovelace!')).toBeVisible()
  await user.click(screen.getByRole('link', { name: 'Go to Login Now' }))

  expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com')
  expect(screen.getByLabelText('Password')).toHaveValue('')
})

test('the automatic move to sign-in fills in the verified address too', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  verifyThenSignIn()

  expect(await screen.findByText('Welcome, Ada Lovelace!')).toBeVisible()
  act(() => vi.advanceTimersByTime(REDIRECT_AFTER_VERIFY_MS))

  expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com')
})

test('opened directly, the sign-in form starts empty', () => {
  renderWithApp(<LoginPage />, { route: '/login', path: '/login' })

  expect(screen.getByLabelText('Email')).toHaveValue('')
})

test('opened in another browser, the link asks for the password, says when it is wrong, then verifies', async () => {
  const asked =
    'This link was opened in another browser than the one you registered in: enter the password you chose to finish.'
  const wrong = 'This is not the password chosen when this address was registered.'
  const bodies: unknown[] = []
  server.use(
    answer(authApi.verifyEmail, async ({ request }) => {
      const body = (await request.json()) as { token: string; password?: string }
      bodies.push(body)
      if (body.password === undefined)
        return refusal(400, {
          code: 'VALIDATION',
          message: asked,
          errors: [{ path: 'password', message: asked }],
        })
      if (body.password !== 'the right one')
        return refusal(400, {
          code: 'VALIDATION',
          message: wrong,
          errors: [{ path: 'password', message: wrong }],
        })
      return {
        message: 'Your email address has been verified. You can now sign in.',
        user: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
      }
    }),
  )
  const { user } = renderWithApp(<VerifyEmailPage />, {
    route: '/verify-email?token=abc123',
    path: '/verify-email',
  })

  expect(
    await screen.findByRole('heading', { level: 1, name: 'Enter Your Password' }),
  ).toBeVisible()
  expect(screen.getByText(asked)).toBeVisible()
  // Nothing typed: said at the field, nothing sent.
  await user.click(screen.getByRole('button', { name: 'Verify Email' }))
  expect(await screen.findByText('Password is required')).toBeVisible()
  expect(bodies).toHaveLength(1)

  await user.type(screen.getByLabelText('Password'), 'a guess')
  await user.click(screen.getByRole('button', { name: 'Verify Email' }))
  expect(await screen.findByText(wrong)).toBeVisible()
  expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
    expect.stringContaining(wrong),
  )

  await user.clear(screen.getByLabelText('Password'))
  await user.type(screen.getByLabelText('Password'), 'the right one')
  await user.click(screen.getByRole('button', { name: 'Verify Email' }))
  expect(await screen.findByText('Welcome, Ada Lovelace!')).toBeVisible()
  expect(bodies).toEqual([
    { token: 'abc123' },
    { token: 'abc123', password: 'a guess' },
    { token: 'abc123', password: 'the right one' },
  ])
})

test('a link that expires while the password is asked for ends on the failure page', async () => {
  let calls = 0
  const asked = 'enter the password you chose to finish.'
  server.use(
    answer(authApi.verifyEmail, () => {
      calls += 1
      return calls === 1
        ? refusal(400, {
            code: 'VALIDATION',
            message: asked,
            errors: [{ path: 'password', message: asked }],
          })
        : refusal(400, {
            code: 'INVALID_TOKEN',
            message: 'This verification link is invalid, has expired or has already been used.',
          })
    }),
  )
  const { user } = renderWithApp(<VerifyEmailPage />, {
    route: '/verify-email?token=abc123',
    path: '/verify-email',
  })
  await user.type(await screen.findByLabelText('Password'), 'whatever')
  await user.click(screen.getByRole('button', { name: 'Verify Email' }))
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Verification Failed' }),
  ).toBeVisible()
  expect(
    screen.getByText('This verification link is invalid, has expired or has already been used.'),
  ).toBeVisible()
})
