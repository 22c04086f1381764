import { requestsApi } from '@shared/api/requests'
import type { AuditSection } from '@shared/schemas/requests'
import { screen, waitFor, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import { answer, refusal } from '@/test/api'
import { anId } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { ArrangeSectionsDialog } from './arrange-sections-dialog'

const SECTIONS: AuditSection[] = [
  { name: '1 General', requests: 2 },
  { name: '2 Revenue', requests: 1 },
  { name: '3 Cash', requests: 3 },
]

test('moves a section up before the one above, down before the one after next, last to the end', async () => {
  const auditId = anId()
  const sent: unknown[] = []
  server.use(
    answer(requestsApi.moveSection, async ({ request }) => {
      sent.push(await request.json())
      return SECTIONS
    }),
  )
  const { user } = renderWithApp(<ArrangeSectionsDialog auditId={auditId} sections={SECTIONS} />)
  await user.click(screen.getByRole('button', { name: 'Arrange Sections' }))
  const dialog = await screen.findByRole('dialog', { name: 'Arrange Sections' })
  const list = within(dialog).getByRole('list', { name: 'Sections' })
  expect(
    within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['1 General (2 requests)', '2 Revenue (1 request)', '3 Cash (3 requests)'])
  expect(within(dialog).getByRole('button', { name: 'Move 1 General up' })).toBeDisabled()
  expect(within(dialog).getByRole('button', { name: 'Move 3 Cash down' })).toBeDisabled()
  await user.click(within(dialog).getByRole('button', { name: 'Move 3 Cash up' }))
  await waitFor(() => expect(sent).toHaveLength(1))
  await user.click(within(dialog).getByRole('button', { name: 'Move 1 General down' }))
  await waitFor(() => expect(sent).toHaveLength(2))
  await user.click(within(dialog).getByRole('button', { name: 'Move 2 Revenue down' }))
  await waitFor(() =>
    expect(sent).toEqual([
      { section: '3 Cash', before: '2 Revenue' },
      { section: '1 General', before: '3 Cash' },
      { section: '2 Revenue', before: null },
    ]),
  )
})

test('a refusal is said: a section with a sent request stays', async () => {
  server.use(
    answer(requestsApi.moveSection, () =>
      refusal(409, {
        code: 'CONFLICT',
        message: 'Only drafts can be moved: request #1 of 1 General was sent',
        errors: [],
      }),
    ),
  )
  const { user } = renderWithApp(<ArrangeSectionsDialog auditId={anId()} sections={SECTIONS} />)
  await user.click(screen.getByRole('button', { name: 'Arrange Sections' }))
  await user.click(await screen.findByRole('button', { name: 'Move 1 General down' }))
  expect(
    await screen.findByText('Only drafts can be moved: request #1 of 1 General was sent'),
  ).toBeInTheDocument()
})
