import { authApi } from '@shared/api/auth'
import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { hasBeenHereBefore } from '@/lib/sign-in-history'
import { showCarriedToast } from '@/lib/toast'
import { answer } from '@/test/api'
import { aUser } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { LoginPage } from './login-page'

const ada = aUser({ firstName: 'Ada', email: 'ada@example.com' })
const grace = aUser({ firstName: 'Grace', email: 'grace@example.com' })

beforeEach(() => {
  window.localStorage.clear()
  window.sessionStorage.clear()
})

afterEach(() => {
  vi.restoreAllMocks()
})

/** Signs `who` in through the form; answers the toast the page it opens shows. */
async function signIn(who: typeof ada) {
  server.use(answer(authApi.login, { user: who }))
  const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
  const { user, unmount } = renderWithApp(<LoginPage />, { route: '/login', path: '/login' })
  await user.type(screen.getByLabelText('Email'), who.email)
  await user.type(screen.getByLabelText('Password'), 'a-long-password')
  await user.click(screen.getByRole('button', { name: 'Sign in' }))
  await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'))
  // The full navigation's next page shows the carried toast.
  act(() => showCarriedToast())
  const toast = (await screen.findByText('Login successful')).closest('li')
  const text = toast?.textContent
  unmount()
  vi.restoreAllMocks()
  return text
}

test('the first sign-in with this browser is welcomed, not welcomed back; the next one is', async () => {
  const first = await signIn(ada)
  expect(first).toContain('Login successful')
  expect(first).toContain('Welcome to AuditDesk!')
  expect(first).not.toContain('Welcome back')
  // The dashboard of this first visit greets them as new too.
  expect(hasBeenHereBefore(ada.id)).toBe(false)

  window.sessionStorage.clear() // a later visit
  expect(hasBeenHereBefore(ada.id)).toBe(true)
  expect(await signIn(ada)).toContain('Welcome back!')
  expect(hasBeenHereBefore(ada.id)).toBe(true)
})

test('someone else having signed in with this browser does not make a newcomer "back"', async () => {
  await signIn(grace)
  window.sessionStorage.clear()

  expect(await signIn(ada)).toContain('Welcome to AuditDesk!')
  expect(hasBeenHereBefore(ada.id)).toBe(false)
  expect(hasBeenHereBefore(grace.id)).toBe(true)
})

test('without storage everyone is welcomed with the neutral words', async () => {
  for (const method of ['getItem', 'setItem', 'removeItem'] as const)
    vi.spyOn(Storage.prototype, method).mockImplementation(() => {
      throw new Error('Storage is disabled')
    })
  expect(hasBeenHereBefore(ada.id)).toBe(false)
  expect(await signIn(ada)).toContain('Welcome to AuditDesk!')
})
