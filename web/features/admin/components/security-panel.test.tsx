import { organizationApi } from '@shared/api/administration'
import type { SecurityPolicy } from '@shared/schemas/security-policy'
import { screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { answer, refusal } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { SecurityPanel } from './security-panel'

const DEFAULTS: SecurityPolicy = {
  requireMfa: 'off',
  sessionIdleMinutes: 720,
  sessionMaxHours: 168,
}

test('the limits are checked before sending; the server’s refusal is said; a saved policy is kept', async () => {
  const sent: unknown[] = []
  let refuse = true
  server.use(
    answer(organizationApi.getSecurity, DEFAULTS),
    answer(organizationApi.updateSecurity, async ({ request }) => {
      const body = (await request.json()) as SecurityPolicy
      sent.push(body)
      if (refuse)
        return refusal(409, {
          code: 'CONFLICT',
          message:
            'Set up two-factor sign-in for yourself first (Settings → Security): the policy would hold you too.',
        })
      return body
    }),
  )
  const { user } = renderWithApp(<SecurityPanel />)

  const idle = await screen.findByLabelText('Sign out after being idle for (minutes)')
  expect(idle).toHaveValue(720)
  await user.clear(idle)
  await user.type(idle, '600')
  const max = screen.getByLabelText('Sign out after at most (hours)')
  await user.clear(max)
  await user.type(max, '8')
  await user.click(screen.getByRole('button', { name: 'Save policy' }))
  expect(
    await screen.findByText('The idle limit cannot be longer than the session limit'),
  ).toBeVisible()
  expect(sent).toHaveLength(0)

  await user.clear(max)
  await user.type(max, '24')
  await user.click(screen.getByRole('combobox', { name: 'Two-factor sign-in required of' }))
  await user.click(
    await screen.findByRole('option', { name: 'The firm’s people (admins and staff)' }),
  )
  await user.click(screen.getByRole('button', { name: 'Save policy' }))
  expect((await screen.findAllByText(/for yourself first/))[0]).toBeVisible()

  refuse = false
  await user.click(screen.getByRole('button', { name: 'Save policy' }))
  expect((await screen.findAllByText('Sign-in policy saved'))[0]).toBeVisible()
  expect(sent).toEqual([
    { requireMfa: 'staff', sessionIdleMinutes: 600, sessionMaxHours: 24 },
    { requireMfa: 'staff', sessionIdleMinutes: 600, sessionMaxHours: 24 },
  ])
})
