import { authApi } from '@shared/api/auth'
import { REDIRECT_AFTER_VERIFY_MS } from '@shared/constants'
import { act, screen } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { afterEach, expect, test, vi } from 'vitest'
import { answer } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { LoginPage } from './login-page'
import { VerifyEmailPage } from './verify-email-page'

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
