import { mfaApi } from '@shared/api/mfa'
import type { MfaStatus } from '@shared/schemas/mfa'
import { screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import { answer, refusal } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { SecuritySection } from './security-section'

const OFF: MfaStatus = {
  totp: { enabled: false, confirmedAt: null },
  passkeys: 0,
  recoveryCodesLeft: 0,
}
const ON: MfaStatus = {
  totp: { enabled: true, confirmedAt: '2026-11-30T09:00:00.000Z' },
  passkeys: 0,
  recoveryCodesLeft: 10,
}
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`)
const wrongCode = 'This code is not valid. Check the time on your phone and try the newest code.'

test('setting up: the QR code and key, a wrong code said at the field, then the recovery codes, then On', async () => {
  let status = OFF
  const confirmed: string[] = []
  server.use(
    answer(mfaApi.status, () => status),
    answer(mfaApi.setupTotp, {
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      otpauthUrl: 'otpauth://totp/AuditDesk:ada%40example.com?secret=JBSWY3DPEHPK3PXP',
      qrSvg:
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>',
    }),
    answer(mfaApi.confirmTotp, async ({ request }) => {
      const { code } = (await request.json()) as { code: string }
      confirmed.push(code)
      if (code !== '123456')
        return refusal(400, {
          code: 'VALIDATION',
          message: wrongCode,
          errors: [{ path: 'code', message: wrongCode }],
        })
      status = ON
      return { recoveryCodes: CODES }
    }),
  )
  const { user } = renderWithApp(<SecuritySection />)

  await user.click(await screen.findByRole('button', { name: 'Set Up Authenticator App' }))
  const dialog = await screen.findByRole('dialog', { name: 'Set Up Authenticator App' })
  expect(
    await within(dialog).findByRole('img', { name: 'QR code for your authenticator app' }),
  ).toBeVisible()
  expect(within(dialog).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeVisible()

  await user.type(within(dialog).getByLabelText('Code from the app'), '111111')
  await user.click(within(dialog).getByRole('button', { name: 'Turn On' }))
  expect(await within(dialog).findByText(wrongCode)).toBeVisible()

  await user.clear(within(dialog).getByLabelText('Code from the app'))
  await user.type(within(dialog).getByLabelText('Code from the app'), '123456')
  await user.click(within(dialog).getByRole('button', { name: 'Turn On' }))
  const saved = await screen.findByRole('dialog', { name: 'Save Your Recovery Codes' })
  const list = within(saved).getByRole('list', { name: 'Recovery codes' })
  expect(
    within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(CODES)
  expect(confirmed).toEqual(['111111', '123456'])

  await user.click(within(saved).getByRole('button', { name: 'I Have Saved Them' }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(await screen.findByText('On')).toBeVisible()
  expect(screen.getByText(/10 recovery codes left/)).toBeVisible()
})

test('turning off asks for the password; a wrong one is said at the field; a code works instead', async () => {
  let status = ON
  const proofs: unknown[] = []
  server.use(
    answer(mfaApi.status, () => status),
    answer(mfaApi.removeTotp, async ({ request }) => {
      const body = (await request.json()) as { password?: string; code?: string }
      proofs.push(body)
      if (body.code !== '654321')
        return refusal(400, {
          code: 'VALIDATION',
          message: 'Password is incorrect',
          errors: [{ path: 'password', message: 'Password is incorrect' }],
        })
      status = OFF
      return undefined
    }),
  )
  const { user } = renderWithApp(<SecuritySection />)

  await user.click(await screen.findByRole('button', { name: 'Turn Off' }))
  const dialog = await screen.findByRole('dialog', { name: 'Turn Off Two-Factor Sign-In' })
  await user.click(within(dialog).getByRole('button', { name: 'Turn Off' }))
  expect(await within(dialog).findByText('Password is required')).toBeVisible()
  await user.type(within(dialog).getByLabelText('Password'), 'not it')
  await user.click(within(dialog).getByRole('button', { name: 'Turn Off' }))
  expect(await within(dialog).findByText('Password is incorrect')).toBeVisible()

  await user.click(within(dialog).getByRole('button', { name: 'Use a code instead' }))
  await user.type(within(dialog).getByLabelText('Code from the app or a recovery code'), '654321')
  await user.click(within(dialog).getByRole('button', { name: 'Turn Off' }))
  expect(await screen.findByRole('button', { name: 'Set Up Authenticator App' })).toBeVisible()
  expect(proofs).toEqual([{ password: 'not it' }, { code: '654321' }])
})

test('with passkeys only: on, the recovery codes can be renewed with a recovery code, and the app can still be set up', async () => {
  const proofs: unknown[] = []
  server.use(
    answer(mfaApi.status, { ...OFF, passkeys: 2, recoveryCodesLeft: 1 }),
    answer(mfaApi.regenerateRecoveryCodes, async ({ request }) => {
      proofs.push(await request.json())
      return { recoveryCodes: CODES }
    }),
  )
  const { user } = renderWithApp(<SecuritySection />)

  expect(await screen.findByText('On')).toBeVisible()
  expect(screen.getByText('2 passkeys · 1 recovery code left')).toBeVisible()
  expect(screen.getByRole('button', { name: 'Set Up Authenticator App' })).toBeVisible()
  expect(screen.queryByRole('button', { name: /Turn Off/ })).toBeNull()

  await user.click(screen.getByRole('button', { name: 'New Recovery Codes' }))
  const dialog = await screen.findByRole('dialog', { name: 'New Recovery Codes' })
  await user.click(within(dialog).getByRole('button', { name: 'Use a code instead' }))
  await user.type(within(dialog).getByLabelText('Recovery code'), 'abcd0-efgh0')
  await user.click(within(dialog).getByRole('button', { name: 'Make New Codes' }))
  expect(await screen.findByRole('dialog', { name: 'Save Your Recovery Codes' })).toBeVisible()
  expect(proofs).toEqual([{ code: 'abcd0-efgh0' }])
})

test('turning the app off with a passkey left says two-factor sign-in stays on', async () => {
  server.use(answer(mfaApi.status, { ...ON, passkeys: 1 }))
  const { user } = renderWithApp(<SecuritySection />)

  expect(
    await screen.findByText(/Authenticator app since .* · 1 passkey · 10 recovery codes left/),
  ).toBeVisible()
  await user.click(screen.getByRole('button', { name: 'Turn Off Authenticator App' }))
  const dialog = await screen.findByRole('dialog', { name: 'Turn Off Authenticator App' })
  expect(
    within(dialog).getByText(
      'Codes from the app will no longer be asked for. Your passkey still counts as your second factor, and your recovery codes keep working.',
    ),
  ).toBeVisible()
})

test('setting up the app beside a passkey says its recovery codes replace the earlier ones', async () => {
  server.use(
    answer(mfaApi.status, { ...OFF, passkeys: 1, recoveryCodesLeft: 10 }),
    answer(mfaApi.setupTotp, {
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      otpauthUrl: 'otpauth://totp/AuditDesk:ada%40example.com?secret=JBSWY3DPEHPK3PXP',
      qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></svg>',
    }),
    answer(mfaApi.confirmTotp, { recoveryCodes: CODES }),
  )
  const { user } = renderWithApp(<SecuritySection />)

  await user.click(await screen.findByRole('button', { name: 'Set Up Authenticator App' }))
  const dialog = await screen.findByRole('dialog', { name: 'Set Up Authenticator App' })
  await user.type(await within(dialog).findByLabelText('Code from the app'), '123456')
  await user.click(within(dialog).getByRole('button', { name: 'Turn On' }))
  const saved = await screen.findByRole('dialog', { name: 'Save Your Recovery Codes' })
  expect(within(saved).getByText(/These replace your earlier recovery codes/)).toBeVisible()
})
