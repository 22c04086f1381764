import { authApi } from '@shared/api/auth'
import type { Membership } from '@shared/schemas/auth'
import { screen, waitFor } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { answer, refusal } from '@/test/api'
import { aUser } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { CompanySwitcher } from './company-switcher'

const FIRM = { id: '0195f1a2-0000-7000-8000-0000000000a1', name: 'Hamilton Assurance LLP' }
const OTHER = { id: '0195f1a2-0000-7000-8000-0000000000b2', name: 'Second Look Advisors' }
const both: Membership[] = [
  { id: FIRM.id, organizationId: FIRM.id, name: FIRM.name, role: 'admin', active: true },
  { id: OTHER.id, organizationId: OTHER.id, name: OTHER.name, role: 'client', active: false },
]

afterEach(() => vi.restoreAllMocks())

test('one company: its name, and nothing to open', async () => {
  server.use(answer(authApi.memberships, [both[0]!]))
  renderWithApp(<CompanySwitcher company={FIRM} />)
  expect(await screen.findByText(FIRM.name)).toBeVisible()
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(screen.queryByRole('button')).toBeNull()
})

test('several: the menu marks the current one and switches to another, starting afresh on the dashboard', async () => {
  const asked: unknown[] = []
  server.use(
    answer(authApi.memberships, both),
    answer(authApi.switchMembership, async ({ request }) => {
      asked.push(await request.json())
      return refusal(403, {
        code: 'SSO_REQUIRED',
        message: 'You signed in through your firm’s identity provider.',
      })
    }),
  )
  const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
  const { user } = renderWithApp(<CompanySwitcher company={FIRM} />)
  await user.click(
    await screen.findByRole('button', { name: `Company: ${FIRM.name}. Switch company` }),
  )
  expect(screen.getByRole('menuitemradio', { name: /Hamilton Assurance LLP/ })).toHaveAttribute(
    'aria-checked',
    'true',
  )
  expect(screen.getByRole('menuitemradio', { name: /Second Look Advisors/ })).toHaveTextContent(
    'Client',
  )
  // Refused: said, and nothing moves.
  await user.click(screen.getByRole('menuitemradio', { name: /Second Look Advisors/ }))
  expect(await screen.findByText(`Could not switch to ${OTHER.name}`)).toBeVisible()
  expect(screen.getByText('You signed in through your firm’s identity provider.')).toBeVisible()
  expect(asked).toEqual([{ organizationId: OTHER.id }])
  expect(assign).not.toHaveBeenCalled()

  server.use(answer(authApi.switchMembership, { user: aUser({ role: 'client' }) }))
  await user.click(screen.getByRole('button', { name: `Company: ${FIRM.name}. Switch company` }))
  await user.click(screen.getByRole('menuitemradio', { name: /Second Look Advisors/ }))
  await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'))
})
