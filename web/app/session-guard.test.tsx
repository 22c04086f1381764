import { mfaApi } from '@shared/api/mfa'
import { authApi } from '@shared/api/auth'
import { screen, waitFor } from '@testing-library/react'
import { lazy, type JSX } from 'react'
import { Route, Routes } from 'react-router'
import { afterEach, expect, test } from 'vitest'
import { answer } from '@/test/api'
import { aUser } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { SessionGuard } from './session-guard'

afterEach(() => {
  document.cookie = 'sidebar_state=; max-age=0; path=/'
})

/** Answers the session check only when the returned function is called. */
function heldSessionCheck(user = aUser()) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  server.use(
    answer(authApi.me, async () => {
      await released
      return user
    }),
  )
  return release
}

function showGuarded(page = <h1>Clients</h1>) {
  return renderWithApp(
    <Routes>
      <Route element={<SessionGuard />}>
        <Route path="/clients" element={page} />
      </Route>
    </Routes>,
    { route: '/clients' },
  )
}

const skeletons = () => document.querySelectorAll('[data-slot="skeleton"]')

test('while the session is checked, the shell shows with skeletons (not a blank page), then the page', async () => {
  const release = heldSessionCheck()
  showGuarded()

  expect(await screen.findByRole('status')).toHaveTextContent('Loading...')
  expect(screen.getByText('AuditDesk')).toBeVisible()
  expect(skeletons().length).toBeGreaterThan(5)
  expect(document.querySelector('[aria-busy="true"]')).not.toBeNull()
  expect(screen.queryByRole('heading', { name: 'Clients' })).toBeNull()

  release()
  expect(await screen.findByRole('heading', { level: 1, name: 'Clients' })).toBeVisible()
  expect(skeletons()).toHaveLength(0)
  expect(screen.queryByRole('status')).toBeNull()
})

test('the shell skeleton stays while the signed-in page’s code loads', async () => {
  let loadPage!: () => void
  const Page = lazy(
    () =>
      new Promise<{ default: () => JSX.Element }>((resolve) => {
        loadPage = () => resolve({ default: () => <h1>Clients</h1> })
      }),
  )
  server.use(answer(authApi.me, aUser()))
  showGuarded(<Page />)

  await waitFor(() => expect(loadPage).toBeTypeOf('function'))
  expect(screen.getByRole('status')).toHaveTextContent('Loading...')
  expect(skeletons().length).toBeGreaterThan(5)

  loadPage()
  expect(await screen.findByRole('heading', { level: 1, name: 'Clients' })).toBeVisible()
  expect(skeletons()).toHaveLength(0)
})

test('a collapsed sidebar (its cookie) is drawn collapsed, so nothing jumps', async () => {
  document.cookie = 'sidebar_state=false; path=/'
  heldSessionCheck()
  showGuarded()

  await screen.findByRole('status')
  expect(screen.getByText('AuditDesk')).toHaveClass('sr-only')
})

test('someone the company’s two-factor policy holds sees only the set-up, until they have set it up', async () => {
  let user = aUser({ mfaSetupRequired: true })
  server.use(
    answer(authApi.me, () => user),
    answer(mfaApi.setupTotp, {
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      otpauthUrl: 'otpauth://totp/AuditDesk:margaret%40example.com?secret=JBSWY3DPEHPK3PXP',
      qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></svg>',
    }),
    answer(mfaApi.confirmTotp, () => {
      user = { ...user, mfaSetupRequired: false }
      return { recoveryCodes: ['abcde-fghij'] }
    }),
  )
  const { user: person } = showGuarded()

  expect(
    await screen.findByRole('heading', { level: 1, name: 'Set Up Two-Factor Sign-In' }),
  ).toBeVisible()
  expect(screen.getByText(/Hamilton Assurance LLP requires two-factor sign-in/)).toBeVisible()
  expect(screen.queryByRole('heading', { name: 'Clients' })).toBeNull()

  await person.click(screen.getByRole('button', { name: 'Set Up Authenticator App' }))
  await person.type(await screen.findByLabelText('Code from the app'), '123456')
  await person.click(screen.getByRole('button', { name: 'Turn On' }))
  await person.click(await screen.findByRole('button', { name: 'I Have Saved Them' }))
  expect(await screen.findByRole('heading', { name: 'Clients' })).toBeVisible()
})
