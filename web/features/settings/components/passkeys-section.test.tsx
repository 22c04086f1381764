import { mfaApi } from '@shared/api/mfa'
import { passkeysApi } from '@shared/api/passkeys'
import type { MfaStatus } from '@shared/schemas/mfa'
import type { PasskeyDto } from '@shared/schemas/passkeys'
import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { answer, refusal } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { PasskeysSection } from './passkeys-section'

// The browser's WebAuthn prompt cannot run in a test DOM: only the library that calls it is
// replaced (Playwright covers the real ceremony).
const webauthn = vi.hoisted(() => ({ startRegistration: vi.fn() }))
vi.mock('@simplewebauthn/browser', () => webauthn)

beforeEach(() => {
  // happy-dom has no WebAuthn; the section offers passkeys only where the browser has it.
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {})
  webauthn.startRegistration.mockReset()
})
afterEach(() => vi.unstubAllGlobals())

const LAPTOP: PasskeyDto = {
  id: '0195f1a2-0000-7000-8000-000000000001',
  name: 'Work laptop',
  createdAt: '2026-03-02T09:00:00.000Z',
  lastUsedAt: '2026-03-20T16:30:00.000Z',
  backedUp: true,
}
const KEY: PasskeyDto = {
  id: '0195f1a2-0000-7000-8000-000000000002',
  name: 'Security key',
  createdAt: '2026-03-05T10:00:00.000Z',
  lastUsedAt: null,
  backedUp: false,
}
const STATUS: MfaStatus = {
  totp: { enabled: false, confirmedAt: null },
  passkeys: 2,
  recoveryCodesLeft: 10,
}
const NONE: MfaStatus = { ...STATUS, passkeys: 0, recoveryCodesLeft: 0 }
const OPTIONS = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { name: 'AuditDesk', id: 'localhost' },
  user: { id: 'dXNlcg', name: 'ada@example.com', displayName: 'Ada Lovelace' },
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
}
const CREDENTIAL = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'o2Nm', transports: ['internal'] },
  clientExtensionResults: {},
  authenticatorAttachment: 'platform',
}
const CODES = Array.from({ length: 10 }, (_, i) => `pqrs${i}-tuvw${i}`)

const rows = async () =>
  within(await screen.findByRole('list', { name: 'Passkeys' })).getAllByRole('listitem')

test('lists the passkeys: name, when added, when last used or never, and Synced when backed up', async () => {
  server.use(answer(passkeysApi.list, [LAPTOP, KEY]), answer(mfaApi.status, STATUS))
  renderWithApp(<PasskeysSection />)

  expect(screen.getByRole('heading', { name: 'Passkeys' })).toBeVisible()
  expect(screen.getByRole('status')).toHaveTextContent('Loading passkeys...')
  const [laptop, key] = await rows()
  expect(laptop).toHaveTextContent('Work laptop')
  expect(within(laptop!).getByText('Synced')).toBeVisible()
  expect(laptop).toHaveTextContent(/Added .*2026.* · Last used /)
  expect(within(laptop!).getByRole('button', { name: 'Rename Work laptop' })).toBeVisible()
  expect(within(laptop!).getByRole('button', { name: 'Remove Work laptop' })).toBeVisible()

  expect(key).toHaveTextContent('Security key')
  expect(key).toHaveTextContent(/Added .*2026.* · Never used/)
  expect(within(key!).queryByText('Synced')).toBeNull()
  expect(screen.getByRole('button', { name: 'Add a Passkey' })).toBeVisible()
})

test('without passkeys: says so and offers to add one', async () => {
  server.use(answer(passkeysApi.list, []), answer(mfaApi.status, NONE))
  renderWithApp(<PasskeysSection />)

  expect(await screen.findByText('No passkeys yet.')).toBeVisible()
  expect(screen.getByRole('button', { name: 'Add a Passkey' })).toBeVisible()
})

test('a browser without WebAuthn is told it cannot create passkeys instead of being offered to', async () => {
  vi.unstubAllGlobals()
  server.use(answer(passkeysApi.list, [KEY]), answer(mfaApi.status, STATUS))
  renderWithApp(<PasskeysSection />)

  expect(await screen.findByText('This browser cannot create passkeys.')).toBeVisible()
  expect(screen.queryByRole('button', { name: 'Add a Passkey' })).toBeNull()
})

test('a list that cannot be read shows the error with a retry', async () => {
  server.use(
    answer(passkeysApi.list, () =>
      refusal(500, { code: 'INTERNAL', message: 'Something went wrong' }),
    ),
    answer(mfaApi.status, STATUS),
  )
  renderWithApp(<PasskeysSection />)

  expect(await screen.findByText('Could not load your passkeys')).toBeVisible()
  expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible()
  expect(screen.queryByRole('button', { name: 'Add a Passkey' })).toBeNull()
})

test('renaming: the server’s refusal is said at the field; then the new name is shown', async () => {
  let list = [LAPTOP, KEY]
  const names: unknown[] = []
  server.use(
    answer(passkeysApi.list, () => list),
    answer(mfaApi.status, STATUS),
    answer(passkeysApi.rename, async ({ request, params }) => {
      const { name } = (await request.json()) as { name: string }
      names.push(name)
      if (name === 'Taken')
        return refusal(400, {
          code: 'VALIDATION',
          message: 'Choose another name',
          errors: [{ path: 'name', message: 'Choose another name' }],
        })
      const renamed = { ...list.find((passkey) => passkey.id === params.id)!, name }
      list = list.map((passkey) => (passkey.id === renamed.id ? renamed : passkey))
      return renamed
    }),
  )
  const { user } = renderWithApp(<PasskeysSection />)

  await user.click(await screen.findByRole('button', { name: 'Rename Security key' }))
  const dialog = await screen.findByRole('dialog', { name: 'Rename Passkey' })
  const field = within(dialog).getByLabelText('Name')
  expect(field).toHaveValue('Security key')

  await user.clear(field)
  await user.click(within(dialog).getByRole('button', { name: 'Save Name' }))
  expect(await within(dialog).findByText('Name is required')).toBeVisible()
  expect(names).toEqual([])

  await user.type(field, 'Taken')
  await user.click(within(dialog).getByRole('button', { name: 'Save Name' }))
  expect(await within(dialog).findByText('Choose another name')).toBeVisible()
  expect(field).toHaveAttribute('aria-invalid', 'true')
  expect(field).toHaveValue('Taken')

  await user.clear(field)
  await user.type(field, 'Desk key')
  await user.click(within(dialog).getByRole('button', { name: 'Save Name' }))
  expect(await screen.findByText('Passkey renamed')).toBeVisible()
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(await screen.findByRole('button', { name: 'Rename Desk key' })).toBeVisible()
  expect(names).toEqual(['Taken', 'Desk key'])
})

test('removing asks for the password; a wrong one is said at the field; the right one removes it', async () => {
  let list = [LAPTOP, KEY]
  const proofs: unknown[] = []
  server.use(
    answer(passkeysApi.list, () => list),
    answer(mfaApi.status, () => ({ ...STATUS, passkeys: list.length })),
    answer(passkeysApi.remove, async ({ request, params }) => {
      const proof = (await request.json()) as { password?: string }
      proofs.push(proof)
      if (proof.password !== 'correct horse')
        return refusal(400, {
          code: 'VALIDATION',
          message: 'Password is incorrect',
          errors: [{ path: 'password', message: 'Password is incorrect' }],
        })
      list = list.filter((passkey) => passkey.id !== params.id)
      return undefined
    }),
  )
  const { user } = renderWithApp(<PasskeysSection />)

  await user.click(await screen.findByRole('button', { name: 'Remove Work laptop' }))
  const dialog = await screen.findByRole('dialog', { name: 'Remove Passkey' })
  expect(within(dialog).getByText(/“Work laptop” will no longer sign you in/)).toBeVisible()
  await user.click(within(dialog).getByRole('button', { name: 'Remove Passkey' }))
  expect(await within(dialog).findByText('Password is required')).toBeVisible()

  await user.type(within(dialog).getByLabelText('Password'), 'wrong')
  await user.click(within(dialog).getByRole('button', { name: 'Remove Passkey' }))
  expect(await within(dialog).findByText('Password is incorrect')).toBeVisible()

  await user.clear(within(dialog).getByLabelText('Password'))
  await user.type(within(dialog).getByLabelText('Password'), 'correct horse')
  await user.click(within(dialog).getByRole('button', { name: 'Remove Passkey' }))
  expect(await screen.findByText('Passkey removed')).toBeVisible()
  expect(screen.queryByRole('dialog')).toBeNull()
  expect((await rows()).map((row) => within(row).getByText(/key|laptop/).textContent)).toEqual([
    'Security key',
  ])
  expect(proofs).toEqual([{ password: 'wrong' }, { password: 'correct horse' }])
})

test('removing one’s only second factor says the recovery codes stop working; the code may be a recovery code', async () => {
  server.use(answer(passkeysApi.list, [KEY]), answer(mfaApi.status, { ...STATUS, passkeys: 1 }))
  const { user } = renderWithApp(<PasskeysSection />)

  await user.click(await screen.findByRole('button', { name: 'Remove Security key' }))
  const dialog = await screen.findByRole('dialog', { name: 'Remove Passkey' })
  expect(within(dialog).getByText(/your recovery codes stop working/)).toBeVisible()
  await user.click(within(dialog).getByRole('button', { name: 'Use a code instead' }))
  expect(within(dialog).getByLabelText('Recovery code')).toBeVisible()
})

test('adding the first passkey: the typed name and the browser’s answer go to the server, then the recovery codes', async () => {
  let list: PasskeyDto[] = []
  let status = NONE
  const bodies: unknown[] = []
  webauthn.startRegistration.mockResolvedValue(CREDENTIAL)
  server.use(
    answer(passkeysApi.list, () => list),
    answer(mfaApi.status, () => status),
    answer(passkeysApi.registerOptions, OPTIONS),
    answer(passkeysApi.register, async ({ request }) => {
      const body = (await request.json()) as { name: string }
      bodies.push(body)
      const passkey = { ...KEY, name: body.name }
      list = [passkey]
      status = { ...NONE, passkeys: 1, recoveryCodesLeft: 10 }
      return { passkey, recoveryCodes: CODES }
    }),
  )
  const { user } = renderWithApp(<PasskeysSection />)

  await user.click(await screen.findByRole('button', { name: 'Add a Passkey' }))
  const dialog = await screen.findByRole('dialog', { name: 'Add a Passkey' })
  const field = within(dialog).getByLabelText('Name')
  expect((field as HTMLInputElement).value).toMatch(/^Passkey/)
  await user.clear(field)
  await user.type(field, 'Ada’s phone')
  await user.click(within(dialog).getByRole('button', { name: 'Add Passkey' }))

  const saved = await screen.findByRole('dialog', { name: 'Save Your Recovery Codes' })
  expect(
    within(within(saved).getByRole('list', { name: 'Recovery codes' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(CODES)
  expect(webauthn.startRegistration).toHaveBeenCalledWith({ optionsJSON: OPTIONS })
  expect(bodies).toEqual([{ name: 'Ada’s phone', response: CREDENTIAL }])
  // The list waits until the codes are put away.
  expect(screen.getByText('No passkeys yet.')).toBeInTheDocument()

  await user.click(within(saved).getByRole('button', { name: 'I Have Saved Them' }))
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(await screen.findByRole('button', { name: 'Rename Ada’s phone' })).toBeVisible()
})

test('adding another passkey: no codes, the dialog closes with “Passkey added”', async () => {
  let list = [LAPTOP]
  webauthn.startRegistration.mockResolvedValue(CREDENTIAL)
  server.use(
    answer(passkeysApi.list, () => list),
    answer(mfaApi.status, STATUS),
    answer(passkeysApi.registerOptions, OPTIONS),
    answer(passkeysApi.register, async ({ request }) => {
      const { name } = (await request.json()) as { name: string }
      const passkey = { ...KEY, name }
      list = [...list, passkey]
      return { passkey }
    }),
  )
  const { user } = renderWithApp(<PasskeysSection />)

  await user.click(await screen.findByRole('button', { name: 'Add a Passkey' }))
  const dialog = await screen.findByRole('dialog', { name: 'Add a Passkey' })
  await user.clear(within(dialog).getByLabelText('Name'))
  await user.type(within(dialog).getByLabelText('Name'), 'Backup key')
  await user.click(within(dialog).getByRole('button', { name: 'Add Passkey' }))

  expect(await screen.findByText('Passkey added')).toBeVisible()
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(await screen.findByRole('button', { name: 'Rename Backup key' })).toBeVisible()
})

test('dismissing the browser’s prompt is no failure: the dialog stays, calmly saying nothing was added', async () => {
  const registered: unknown[] = []
  webauthn.startRegistration.mockRejectedValue(
    Object.assign(new Error('The operation either timed out or was not allowed.'), {
      name: 'NotAllowedError',
    }),
  )
  server.use(
    answer(passkeysApi.list, []),
    answer(mfaApi.status, NONE),
    answer(passkeysApi.registerOptions, OPTIONS),
    answer(passkeysApi.register, async ({ request }) => {
      registered.push(await request.json())
      return { passkey: KEY }
    }),
  )
  const { user } = renderWithApp(<PasskeysSection />)

  await user.click(await screen.findByRole('button', { name: 'Add a Passkey' }))
  const dialog = await screen.findByRole('dialog', { name: 'Add a Passkey' })
  await user.click(within(dialog).getByRole('button', { name: 'Add Passkey' }))

  expect(await within(dialog).findByText('The passkey was not added.')).toBeVisible()
  expect(within(dialog).queryByRole('alert')).toBeNull()
  expect(within(dialog).getByRole('button', { name: 'Add Passkey' })).toBeEnabled()
  expect(registered).toEqual([])
})

test('a passkey the server refuses is said in the dialog', async () => {
  webauthn.startRegistration.mockResolvedValue(CREDENTIAL)
  const expired = 'The passkey set-up expired. Please try again.'
  server.use(
    answer(passkeysApi.list, []),
    answer(mfaApi.status, NONE),
    answer(passkeysApi.registerOptions, OPTIONS),
    answer(passkeysApi.register, () => refusal(409, { code: 'CONFLICT', message: expired })),
  )
  const { user } = renderWithApp(<PasskeysSection />)

  await user.click(await screen.findByRole('button', { name: 'Add a Passkey' }))
  const dialog = await screen.findByRole('dialog', { name: 'Add a Passkey' })
  await user.click(within(dialog).getByRole('button', { name: 'Add Passkey' }))

  expect(await within(dialog).findByRole('alert')).toHaveTextContent(expired)
})
