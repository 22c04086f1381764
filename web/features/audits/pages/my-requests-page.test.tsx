import { requestsApi } from '@shared/api/requests'
import type { MyRequests } from '@shared/schemas/requests'
import { screen, waitFor, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import { answer } from '@/test/api'
import { aMyRequest, anId, aUser } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { MyRequestsPage } from './my-requests-page'

test('"N to answer" counts the requests the server lets the user submit', async () => {
  const me = aUser({ role: 'client' })
  const audit = {
    id: anId(),
    name: 'FY2026 audit',
    dueDate: null,
    projectId: anId(),
    projectName: 'Annual Review',
  }
  server.use(
    answer(requestsApi.mine, [
      {
        audit,
        requests: [
          aMyRequest({ title: 'Ledger', status: 'sent', allowedActions: ['submit', 'upload'] }),
          aMyRequest({ title: 'Minutes', status: 'returned', allowedActions: ['comment'] }),
          aMyRequest({
            title: 'Letter',
            status: 'submitted',
            assigneeId: me.id,
            assigneeName: 'Grace Hopper',
            allowedActions: ['comment'],
          }),
        ],
      },
    ]),
  )
  renderWithApp(<MyRequestsPage />, { user: me })

  const group = await screen.findByRole('region', { name: /FY2026 audit/ })
  expect(within(group).getByText('1 to answer')).toBeInTheDocument()
  expect(within(group).getAllByRole('listitem')).toHaveLength(3)
  expect(within(group).getByText('Assigned to you')).toBeInTheDocument()
})

/** Answers My requests as the server does: only the requests of `whoseMove`, when asked. */
function answerMine(groups: MyRequests) {
  const asked: (string | null)[] = []
  server.use(
    answer(requestsApi.mine, ({ request }) => {
      const whoseMove = new URL(request.url).searchParams.get('whoseMove')
      asked.push(whoseMove)
      return groups
        .map((group) => ({
          ...group,
          requests: group.requests.filter(
            (item) => whoseMove === null || item.whoseMove === whoseMove,
          ),
        }))
        .filter((group) => group.requests.length > 0)
    }),
  )
  return asked
}

const anAuditOf = (name: string) => ({
  id: anId(),
  name,
  dueDate: null,
  projectId: anId(),
  projectName: 'Annual Review',
})

test('whose move: each request says it, and the filter asks the server for that side only', async () => {
  const asked = answerMine([
    {
      audit: anAuditOf('FY2026 audit'),
      requests: [
        aMyRequest({ title: 'Ledger', status: 'sent', allowedActions: ['submit', 'upload'] }),
        aMyRequest({ title: 'Letter', status: 'submitted', allowedActions: ['comment'] }),
      ],
    },
    {
      audit: anAuditOf('Tax review'),
      requests: [aMyRequest({ title: 'Returns', status: 'submitted', allowedActions: [] })],
    },
  ])
  const { user } = renderWithApp(<MyRequestsPage />, { user: aUser({ role: 'client' }) })

  const first = await screen.findByRole('region', { name: /FY2026 audit/ })
  expect(within(first).getByText('To do')).toBeInTheDocument()
  expect(within(first).getByText('With the firm')).toBeInTheDocument()

  const filter = screen.getByRole('radiogroup', { name: 'Whose move' })
  await user.click(within(filter).getByRole('radio', { name: 'To do' }))
  await waitFor(() => expect(screen.queryByRole('region', { name: /Tax review/ })).toBeNull())
  const group = screen.getByRole('region', { name: /FY2026 audit/ })
  expect(within(group).getAllByRole('listitem')).toHaveLength(1)
  expect(within(group).getByRole('link', { name: 'Ledger' })).toBeInTheDocument()

  await user.click(within(filter).getByRole('radio', { name: 'With the firm' }))
  expect(await screen.findByRole('region', { name: /Tax review/ })).toBeInTheDocument()
  expect(asked).toEqual([null, 'client', 'firm'])
})

test('a filter that matches nothing says so and offers every request again', async () => {
  answerMine([
    {
      audit: anAuditOf('FY2026 audit'),
      requests: [aMyRequest({ title: 'Letter', status: 'submitted', allowedActions: [] })],
    },
  ])
  const { user } = renderWithApp(<MyRequestsPage />, { user: aUser({ role: 'client' }) })

  await user.click(await screen.findByRole('radio', { name: 'To do' }))
  expect(await screen.findByText('Nothing is waiting for you here.')).toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Show all requests' }))
  expect(await screen.findByRole('region', { name: /FY2026 audit/ })).toBeInTheDocument()
})

test('the landing says how many things are left, and starts with a returned one, then overdue', async () => {
  const audit = {
    id: anId(),
    name: 'FY2026 audit',
    dueDate: null,
    projectId: anId(),
    projectName: 'Annual Review',
  }
  const answerable = ['submit', 'upload', 'comment'] as const
  server.use(
    answer(requestsApi.mine, [
      {
        audit,
        requests: [
          aMyRequest({
            number: 1,
            title: 'Ledger',
            status: 'sent',
            allowedActions: [...answerable],
          }),
          aMyRequest({
            number: 2,
            title: 'Payroll',
            status: 'sent',
            overdue: true,
            dueDate: '2020-01-01',
            allowedActions: [...answerable],
          }),
          aMyRequest({
            number: 3,
            title: 'Minutes',
            status: 'returned',
            allowedActions: [...answerable],
          }),
          aMyRequest({ number: 4, title: 'Letter', status: 'submitted', allowedActions: [] }),
        ],
      },
    ]),
  )
  renderWithApp(<MyRequestsPage />, { user: aUser({ role: 'client' }) })

  expect(await screen.findByText('3 things to do, 1 overdue')).toBeInTheDocument()
  expect(screen.getByText(/1 answer came back for another look/)).toBeInTheDocument()
  expect(screen.getByRole('link', { name: /Start with #3 Minutes/ })).toBeInTheDocument()
})

test('a started answer shows on its row: a saved draft, files attached but not submitted', async () => {
  server.use(
    answer(requestsApi.mine, [
      {
        audit: {
          id: anId(),
          name: 'FY2026 audit',
          dueDate: null,
          projectId: anId(),
          projectName: 'Annual Review',
        },
        requests: [
          aMyRequest({
            title: 'Ledger',
            status: 'sent',
            allowedActions: ['submit', 'upload'],
            inProgress: { draftSaved: true, filesAttached: 2 },
          }),
          aMyRequest({ title: 'Minutes', status: 'sent', allowedActions: ['submit', 'upload'] }),
        ],
      },
    ]),
  )
  renderWithApp(<MyRequestsPage />, { user: aUser({ role: 'client' }) })
  const group = await screen.findByRole('region', { name: /FY2026 audit/ })
  const [ledger, minutes] = within(group).getAllByRole('listitem')
  expect(ledger).toHaveTextContent('Draft saved')
  expect(ledger).toHaveTextContent('2 files attached, not submitted')
  expect(minutes).not.toHaveTextContent('Draft saved')
  expect(minutes).not.toHaveTextContent('attached')
})
