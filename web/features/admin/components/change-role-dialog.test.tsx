import { clientsApi } from '@shared/api/engagements'
import { usersApi } from '@shared/api/administration'
import type { UpdateUserInput, User } from '@shared/schemas/users'
import { screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { Button } from '@/components/ui/button'
import { answer, answerPages } from '@/test/api'
import { aClient, anId } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { ChangeRoleDialog } from './change-role-dialog'

const zeta = aClient({ name: 'Zeta Holdings' })

const grace: User = {
  id: anId(),
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  role: 'client',
  clientId: zeta.id,
  clientName: zeta.name,
  lastLoginAt: null,
  createdAt: '2026-03-02T10:00:00.000Z',
  mfaEnabled: false,
}

describe('Change role', () => {
  test('a client user’s client is named in its picker before any search finds it', async () => {
    // The first page of clients (by name) does not hold Zeta Holdings.
    const firstPage = Array.from({ length: 3 }, (_, i) => aClient({ name: `Acme ${i + 1}` }))
    server.use(answerPages(clientsApi.list, () => ({ items: firstPage, next: 'more' })))
    const { user } = renderWithApp(
      <ChangeRoleDialog user={grace} trigger={<Button>Change role</Button>} />,
    )

    await user.click(screen.getByRole('button', { name: 'Change role' }))
    const dialog = await screen.findByRole('dialog', { name: 'Change role' })
    expect(within(dialog).getByRole('combobox', { name: 'Client' })).toHaveValue('Zeta Holdings')
  })

  test('making a client user staff sends the role without a client', async () => {
    server.use(answerPages(clientsApi.list, () => ({ items: [zeta] })))
    const puts: UpdateUserInput[] = []
    server.use(
      answer(usersApi.update, async ({ request }) => {
        const input = (await request.json()) as UpdateUserInput
        puts.push(input)
        return { ...grace, role: 'staff' as const, clientId: null, clientName: null }
      }),
    )
    const { user } = renderWithApp(
      <ChangeRoleDialog user={grace} trigger={<Button>Change role</Button>} />,
    )

    await user.click(screen.getByRole('button', { name: 'Change role' }))
    const dialog = await screen.findByRole('dialog', { name: 'Change role' })
    await user.click(within(dialog).getByRole('radio', { name: /Staff/ }))
    expect(within(dialog).queryByRole('combobox', { name: 'Client' })).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: 'Save role' }))

    expect(await screen.findByText('Role updated')).toBeInTheDocument()
    expect(puts).toEqual([{ role: 'staff', clientId: null }])
  })
})
