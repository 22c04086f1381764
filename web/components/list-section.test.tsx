import { clientsApi } from '@shared/api/engagements'
import { useInfiniteQuery } from '@tanstack/react-query'
import { screen, waitFor, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import { EmptyState } from '@/components/empty-state'
import { ListSection, ListSkeleton } from '@/components/list-section'
import { clientQueries } from '@/lib/queries/engagements'
import { answerPages, refusal } from '@/test/api'
import { aClient } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'

const named = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => aClient({ name: `Client ${from + index}` }))

/** A screen's list as the pages build it: the clients, a page at a time. */
function Clients({ quiet = false, live = false }: { quiet?: boolean; live?: boolean }) {
  const clients = useInfiniteQuery(clientQueries.list())
  const states = {
    loading: <ListSkeleton label="Loading clients..." />,
    empty: <EmptyState>No clients yet. Click &apos;Add Client&apos; to get started.</EmptyState>,
    loadMoreLabel: 'Load more clients',
    children: (list: { id: string; name: string }[]) => (
      <ul aria-label="Clients">
        {list.map((client) => (
          <li key={client.id}>{client.name}</li>
        ))}
      </ul>
    ),
  }
  return quiet ? (
    <ListSection
      query={clients}
      error={<p>The clients are not available right now.</p>}
      {...states}
    />
  ) : (
    <>
      <ListSection
        query={clients}
        errorTitle="Could not load clients"
        keepOnReloadError={live}
        {...states}
      />
      {/* The query's own state, for the test to wait on. */}
      <p data-testid="query-status">{clients.status}</p>
    </>
  )
}

const names = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent)

const failure = () => refusal(500, { code: 'INTERNAL', message: 'Something went wrong' })

test('says it is loading, then shows the items', async () => {
  server.use(answerPages(clientsApi.list, () => ({ items: named(1, 2) })))
  renderWithApp(<Clients />)

  expect(screen.getByRole('status')).toHaveTextContent('Loading clients...')
  expect(names(await screen.findByRole('list', { name: 'Clients' }))).toEqual([
    'Client 1',
    'Client 2',
  ])
  expect(screen.queryByRole('status')).not.toBeInTheDocument()
  // The whole list is read: nothing more to load.
  expect(screen.queryByRole('button', { name: 'Load more clients' })).not.toBeInTheDocument()
})

test('a failed read says so, and "Try again" reads the list again', async () => {
  let calls = 0
  server.use(
    answerPages(clientsApi.list, () => {
      calls += 1
      if (calls === 1) throw failure()
      return { items: named(1, 1) }
    }),
  )
  const { user } = renderWithApp(<Clients />)

  const alert = await screen.findByRole('alert')
  expect(alert).toHaveTextContent('Could not load clients')
  expect(screen.queryByRole('list', { name: 'Clients' })).not.toBeInTheDocument()

  await user.click(within(alert).getByRole('button', { name: 'Try again' }))

  expect(names(await screen.findByRole('list', { name: 'Clients' }))).toEqual(['Client 1'])
  expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  expect(calls).toBe(2)
})

test('a list that would rather say less shows its own words instead of the error state', async () => {
  server.use(
    answerPages(clientsApi.list, () => {
      throw failure()
    }),
  )
  renderWithApp(<Clients quiet />)

  expect(await screen.findByText('The clients are not available right now.')).toBeInTheDocument()
  expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument()
})

test('an empty list says what to do next', async () => {
  server.use(answerPages(clientsApi.list, () => ({ items: [] })))
  renderWithApp(<Clients />)

  expect(
    await screen.findByText("No clients yet. Click 'Add Client' to get started."),
  ).toBeInTheDocument()
  expect(screen.queryByRole('list', { name: 'Clients' })).not.toBeInTheDocument()
})

test('"Load more" reads the next page after the first; a failed page keeps the list and offers a retry', async () => {
  let failNext = true
  server.use(
    answerPages(clientsApi.list, (query) => {
      if (query.get('cursor') !== 'page-2') return { items: named(1, 2), next: 'page-2' }
      if (failNext) {
        failNext = false
        throw refusal(503, { code: 'INTERNAL', message: 'Unavailable' })
      }
      return { items: named(3, 3) }
    }),
  )
  const { user } = renderWithApp(<Clients />)
  const list = await screen.findByRole('list', { name: 'Clients' })

  await user.click(screen.getByRole('button', { name: 'Load more clients' }))

  expect(await screen.findByRole('alert')).toHaveTextContent('The next page could not be loaded.')
  // What was read stays.
  expect(names(list)).toEqual(['Client 1', 'Client 2'])

  await user.click(screen.getByRole('button', { name: 'Try again' }))

  await waitFor(() => expect(names(list)).toEqual(['Client 1', 'Client 2', 'Client 3']))
  expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  expect(screen.queryByRole('button', { name: 'Load more clients' })).not.toBeInTheDocument()
})

test.each([
  { live: false, shows: 'the error state' },
  { live: true, shows: 'what was read' },
])('a failed reload shows $shows', async ({ live }) => {
  let calls = 0
  server.use(
    answerPages(clientsApi.list, () => {
      calls += 1
      if (calls > 1) throw failure()
      return { items: named(1, 1) }
    }),
  )
  const { queryClient } = renderWithApp(<Clients live={live} />)
  await screen.findByRole('list', { name: 'Clients' })

  await queryClient.refetchQueries()
  await waitFor(() => expect(screen.getByTestId('query-status')).toHaveTextContent('error'))

  if (live) {
    expect(screen.getByRole('list', { name: 'Clients' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  } else {
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load clients')
    expect(screen.queryByRole('list', { name: 'Clients' })).not.toBeInTheDocument()
  }
  expect(calls).toBe(2)
})
