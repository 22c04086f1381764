import { requestsApi } from '@shared/api/requests'
import { screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import { answer } from '@/test/api'
import { anId, aRequest, aUser } from '@/test/fixtures'
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
          aRequest({ title: 'Ledger', status: 'sent', allowedActions: ['submit', 'upload'] }),
          aRequest({ title: 'Minutes', status: 'returned', allowedActions: ['comment'] }),
          aRequest({
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
