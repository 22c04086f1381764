import { dashboardApi } from '@shared/api/engagements'
import type { Dashboard, OverdueSummary } from '@shared/schemas/dashboard'
import { screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { answer, refusal } from '@/test/api'
import { anId } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { OverdueRequests } from './overdue-requests'

const aDashboard = (overdue: OverdueSummary | null): Dashboard => ({
  totalClients: 2,
  activeProjects: 2,
  inProgressAudits: 3,
  completedItems: 10,
  overdue,
  awaitingReview: overdue ? 0 : null,
  recentActivity: [],
})

describe('Overdue on the firm’s dashboard', () => {
  test('counts the overdue requests, says how many are in my audits, and opens each audit filtered to them', async () => {
    const mine = anId()
    const theirs = anId()
    server.use(
      answer(
        dashboardApi.get,
        aDashboard({
          total: 9,
          mine: 2,
          audits: [
            {
              auditId: mine,
              auditName: 'FY2026',
              clientName: 'Northwind',
              overdue: 2,
              oldestDueDate: '2026-03-02',
              mine: true,
            },
            {
              auditId: theirs,
              auditName: 'FY2025',
              clientName: 'Contoso',
              overdue: 7,
              oldestDueDate: '2026-01-15',
              mine: false,
            },
          ],
        }),
      ),
    )
    renderWithApp(<OverdueRequests />)

    expect(await screen.findByRole('heading', { name: 'Overdue 9' })).toBeVisible()
    expect(screen.getByText('2 in your audits.')).toBeVisible()
    const list = screen.getByRole('list', { name: 'Audits with overdue requests' })
    const links = within(list).getAllByRole('link')
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `/audits/${mine}?overdue=1`,
      `/audits/${theirs}?overdue=1`,
    ])
    expect(links[1]).toHaveAccessibleName('FY2025: 7 overdue requests')
    expect(
      within(list).getByText('Northwind · your audit · the oldest due Mar 2, 2026'),
    ).toBeVisible()
    expect(within(list).getByText('Contoso · the oldest due Jan 15, 2026')).toBeVisible()
  })

  test('a count at the server’s cap reads as at least that many', async () => {
    server.use(answer(dashboardApi.get, aDashboard({ total: 1000, mine: 0, audits: [] })))
    renderWithApp(<OverdueRequests />)
    expect(await screen.findByRole('heading', { name: 'Overdue 1,000+' })).toBeVisible()
    expect(screen.getByText('None in your audits.')).toBeVisible()
  })

  test('nothing overdue says so', async () => {
    server.use(answer(dashboardApi.get, aDashboard({ total: 0, mine: 0, audits: [] })))
    renderWithApp(<OverdueRequests />)
    expect(await screen.findByRole('heading', { name: 'Overdue 0' })).toBeVisible()
    expect(
      screen.getByText(
        'Nothing is overdue: every request waiting for a client is within its due date.',
      ),
    ).toBeVisible()
  })

  test('a failed read says the figures are not available', async () => {
    server.use(
      answer(dashboardApi.get, () =>
        refusal(500, {
          message: 'Something went wrong on our side. Please try again.',
          code: 'INTERNAL',
        }),
      ),
    )
    renderWithApp(<OverdueRequests />)
    expect(
      await screen.findByText('The overdue requests are not available right now.'),
    ).toBeVisible()
  })
})
