import { apiTokensApi } from '@shared/api/api-tokens'
import type { ApiTokenDto } from '@shared/schemas/api-tokens'
import { screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import { answer, refusal } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { ApiTokensSection } from './api-tokens-section'

const DAY_MS = 24 * 60 * 60 * 1000

function aToken(overrides: Partial<ApiTokenDto> = {}): ApiTokenDto {
  const created = new Date(Date.now() - DAY_MS)
  return {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Nightly export',
    scopes: ['read'],
    hint: 'adk_Ab3x',
    createdAt: created.toISOString(),
    expiresAt: new Date(created.getTime() + 30 * DAY_MS).toISOString(),
    lastUsedAt: null,
    ...overrides,
  }
}

test('lists the tokens with what each may do and whether it still works', async () => {
  server.use(
    answer(apiTokensApi.list, [
      aToken(),
      aToken({
        id: '22222222-2222-4222-8222-222222222222',
        name: 'Old sync',
        scopes: ['read', 'write'],
        expiresAt: new Date(Date.now() - DAY_MS).toISOString(),
        lastUsedAt: new Date(Date.now() - 2 * DAY_MS).toISOString(),
      }),
    ]),
  )
  renderWithApp(<ApiTokensSection />)
  const list = await screen.findByRole('list', { name: 'API tokens' })
  const [nightly, old] = within(list).getAllByRole('listitem')
  expect(nightly).toHaveTextContent('Nightly export')
  expect(nightly).toHaveTextContent('Read only')
  expect(nightly).toHaveTextContent('adk_Ab3x…')
  expect(nightly).toHaveTextContent('Never used')
  expect(nightly).not.toHaveTextContent('Expired')
  expect(old).toHaveTextContent('Read and write')
  expect(old).toHaveTextContent('Expired')
  expect(old).toHaveTextContent('Last used')
})

test('makes a token, shows its secret once, and sends the chosen access and expiry', async () => {
  const bodies: unknown[] = []
  let tokens: ApiTokenDto[] = []
  server.use(
    answer(apiTokensApi.list, () => tokens),
    answer(apiTokensApi.create, async ({ request }) => {
      bodies.push(await request.json())
      const made = aToken({ name: 'Practice sync', scopes: ['read', 'write'] })
      tokens = [made]
      return { ...made, token: 'adk_secretsecretsecret' }
    }),
  )
  const { user } = renderWithApp(<ApiTokensSection />)
  expect(await screen.findByText('No API tokens yet.')).toBeInTheDocument()

  await user.click(screen.getByRole('button', { name: 'New Token' }))
  const dialog = await screen.findByRole('dialog', { name: 'New API Token' })
  await user.click(within(dialog).getByRole('button', { name: 'Create Token' }))
  expect(await within(dialog).findByText('Name is required')).toBeInTheDocument()
  expect(bodies).toEqual([])

  await user.type(within(dialog).getByLabelText('Name'), 'Practice sync')
  await user.click(within(dialog).getByRole('radio', { name: /Read and write/ }))
  await user.click(within(dialog).getByRole('combobox', { name: 'Expires after' }))
  await user.click(await screen.findByRole('option', { name: '90 days' }))
  await user.click(within(dialog).getByRole('button', { name: 'Create Token' }))

  const shown = await screen.findByRole('dialog', { name: 'Copy Your New Token' })
  expect(within(shown).getByLabelText('Token')).toHaveValue('adk_secretsecretsecret')
  expect(bodies).toEqual([{ name: 'Practice sync', scopes: ['read', 'write'], expiresInDays: 90 }])
  await user.click(within(shown).getByRole('button', { name: 'Done' }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  const list = await screen.findByRole('list', { name: 'API tokens' })
  expect(list).toHaveTextContent('Practice sync')
  expect(document.body).not.toHaveTextContent('adk_secretsecretsecret')
})

test('a refused name is shown at its field', async () => {
  server.use(
    answer(apiTokensApi.list, []),
    answer(apiTokensApi.create, () =>
      refusal(400, {
        message: 'Name must be at most 100 characters',
        code: 'VALIDATION',
        errors: [{ path: 'name', message: 'Name must be at most 100 characters' }],
      }),
    ),
  )
  const { user } = renderWithApp(<ApiTokensSection />)
  await user.click(await screen.findByRole('button', { name: 'New Token' }))
  const dialog = await screen.findByRole('dialog', { name: 'New API Token' })
  await user.type(within(dialog).getByLabelText('Name'), 'Script')
  await user.click(within(dialog).getByRole('button', { name: 'Create Token' }))
  expect(await within(dialog).findByText('Name must be at most 100 characters')).toBeInTheDocument()
})
