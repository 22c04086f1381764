import { authApi } from '@shared/api/auth'
import { passkeysApi } from '@shared/api/passkeys'
import { useQuery } from '@tanstack/react-query'
import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { authQueries } from '@/lib/queries/auth'
import { answer } from '@/test/api'
import { aUser } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { MfaSetupRequiredPage } from './mfa-setup-required-page'

// The browser's WebAuthn prompt cannot run in a test DOM: only the library that calls it is
// replaced (Playwright covers the real ceremony).
const webauthn = vi.hoisted(() => ({ startRegistration: vi.fn() }))
vi.mock('@simplewebauthn/browser', () => webauthn)

beforeEach(() => vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {}))
afterEach(() => vi.unstubAllGlobals())

/** What the app's session guard reads: whether the policy still holds the person. */
function Held() {
  const me = useQuery(authQueries.me())
  if (!me.data) return <p>Loading</p>
  return <p>{me.data.mfaSetupRequired ? 'Held' : 'Let in'}</p>
}

test('a passkey is the second factor too: once added and its recovery codes saved, the session is let in', async () => {
  let user = aUser({ mfaSetupRequired: true })
  const bodies: unknown[] = []
  webauthn.startRegistration.mockResolvedValue({
    id: 'Y3JlZA',
    rawId: 'Y3JlZA',
    type: 'public-key',
    response: { clientDataJSON: 'e30', attestationObject: 'o2Nm' },
    clientExtensionResults: {},
  })
  server.use(
    answer(authApi.me, () => user),
    answer(passkeysApi.registerOptions, { challenge: 'Y2hhbGxlbmdl' }),
    answer(passkeysApi.register, async ({ request }) => {
      bodies.push(await request.json())
      user = { ...user, mfaSetupRequired: false }
      return {
        passkey: {
          id: '0195f1a2-0000-7000-8000-000000000003',
          name: 'My phone',
          createdAt: '2026-03-02T09:00:00.000Z',
          lastUsedAt: null,
          backedUp: true,
        },
        recoveryCodes: ['abcde-fghij'],
      }
    }),
  )
  const { user: person } = renderWithApp(
    <>
      <MfaSetupRequiredPage user={user} />
      <Held />
    </>,
  )

  expect(screen.getByText(/requires two-factor sign-in/)).toHaveTextContent(/add a passkey/)
  expect(await screen.findByText('Held')).toBeVisible()
  await person.click(screen.getByRole('button', { name: 'Add a Passkey' }))
  const dialog = await screen.findByRole('dialog', { name: 'Add a Passkey' })
  await person.clear(within(dialog).getByLabelText('Name'))
  await person.type(within(dialog).getByLabelText('Name'), 'My phone')
  await person.click(within(dialog).getByRole('button', { name: 'Add Passkey' }))
  await person.click(await screen.findByRole('button', { name: 'I Have Saved Them' }))

  expect(await screen.findByText('Let in')).toBeInTheDocument()
  expect(bodies).toEqual([
    { name: 'My phone', response: expect.objectContaining({ id: 'Y3JlZA' }) },
  ])
})
