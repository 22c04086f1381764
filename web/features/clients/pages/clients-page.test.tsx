import { clientsApi } from '@shared/api/engagements'
import { screen, waitFor, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import { answerPages } from '@/test/api'
import { aClient } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { ClientsPage } from './clients-page'

const named = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) =>
    aClient({ name: `Client ${String(from + index).padStart(3, '0')}` }),
  )

test('"Load more" follows the Link header to the next page and shows its clients after the first', async () => {
  const cursors: (string | null)[] = []
  server.use(
    answerPages(clientsApi.list, (query) => {
      cursors.push(query.get('cursor'))
      return query.get('cursor') === 'page-2'
        ? { items: named(4, 5) }
        : { items: named(1, 3), next: 'page-2' }
    }),
  )
  const { user } = renderWithApp(<ClientsPage />)

  const list = await screen.findByRole('list', { name: 'Clients' })
  expect(
    within(list)
      .getAllByRole('heading')
      .map((heading) => heading.textContent),
  ).toEqual(['Client 001', 'Client 002', 'Client 003'])

  await user.click(screen.getByRole('button', { name: 'Load more clients' }))

  await waitFor(() =>
    expect(
      within(list)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Client 001', 'Client 002', 'Client 003', 'Client 004', 'Client 005']),
  )
  expect(cursors).toEqual([null, 'page-2'])
  // The last page has no Link: nothing more to load.
  expect(screen.queryByRole('button', { name: 'Load more clients' })).not.toBeInTheDocument()
})

test('the search asks the server with q once typing pauses, and says when nothing matches', async () => {
  const searches: (string | null)[] = []
  server.use(
    answerPages(clientsApi.list, (query) => {
      const q = query.get('q')
      searches.push(q)
      if (!q) return { items: named(1, 2) }
      return { items: q === 'globex' ? [aClient({ name: 'Globex Corporation' })] : [] }
    }),
  )
  const { user } = renderWithApp(<ClientsPage />)
  await screen.findByRole('heading', { name: 'Client 001' })

  await user.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'globex')

  expect(await screen.findByRole('heading', { name: 'Globex Corporation' })).toBeInTheDocument()
  expect(screen.queryByRole('heading', { name: 'Client 001' })).not.toBeInTheDocument()
  // One call for the first list, one for the whole word: not one per key.
  expect(searches).toEqual([null, 'globex'])

  await user.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'x')

  expect(await screen.findByText('No clients found')).toBeInTheDocument()
  expect(screen.getByText(/No results for “globexx”/)).toBeInTheDocument()
  expect(screen.queryByText(/No clients yet/)).not.toBeInTheDocument()
})

test('with no clients at all, the empty state says how to add one', async () => {
  server.use(answerPages(clientsApi.list, () => ({ items: [] })))
  renderWithApp(<ClientsPage />)

  expect(
    await screen.findByText("No clients yet. Click 'Add Client' to get started."),
  ).toBeInTheDocument()
})
