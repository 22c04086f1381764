import { myWorkApi } from '@shared/api/my-work'
import { remindersApi } from '@shared/api/reminders'
import type { MyWork } from '@shared/schemas/my-work'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { answer, refusal } from '@/test/api'
import { anId, aUser } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { MyWorkPage } from './my-work-page'

const TODAY = '2026-11-20'

const nothing = (): MyWork => ({
  today: TODAY,
  reviews: { total: 0, items: [] },
  overdue: { total: 0, clients: [] },
  dueThisWeek: { total: 0, items: [] },
})

const place = (title: string, number: number) => ({
  id: anId(),
  number,
  title,
  auditId: anId(),
  auditName: 'FY2026 audit',
  assigneeName: 'Grace Hopper',
})

function someWork(): MyWork {
  const north = anId()
  return {
    today: TODAY,
    reviews: {
      total: 12,
      items: [
        {
          ...place('Bank statements', 1),
          clientId: north,
          clientName: 'Northwind',
          submittedAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
        },
      ],
    },
    overdue: {
      total: 4,
      clients: [
        {
          clientId: north,
          clientName: 'Northwind',
          count: 3,
          requests: [
            { ...place('Payroll', 2), dueDate: '2026-11-08', daysLate: 12, canRemind: true },
            {
              ...place('Leases', 3),
              assigneeName: null,
              dueDate: '2026-11-19',
              daysLate: 1,
              canRemind: false,
            },
          ],
        },
        {
          clientId: anId(),
          clientName: 'Contoso',
          count: 1,
          requests: [
            { ...place('Inventory', 1), dueDate: '2026-11-17', daysLate: 3, canRemind: true },
          ],
        },
      ],
    },
    dueThisWeek: {
      total: 2,
      items: [
        { ...place('Fixed assets', 4), clientId: north, clientName: 'Northwind', dueDate: TODAY },
        {
          ...place('Tax returns', 5),
          clientId: north,
          clientName: 'Northwind',
          dueDate: '2026-11-21',
        },
      ],
    },
  }
}

describe('My work', () => {
  test('each section names its few, with its total and its action', async () => {
    const work = someWork()
    server.use(answer(myWorkApi.get, work))
    renderWithApp(<MyWorkPage />, { route: '/my-work' })

    const reviews = await screen.findByRole('region', { name: /Waiting for your review/ })
    expect(within(reviews).getByRole('heading', { level: 2 })).toHaveTextContent('12')
    const review = within(reviews).getByRole('link', { name: 'Review #1 Bank statements' })
    expect(review).toHaveAttribute('href', `/requests/${work.reviews.items[0]!.id}?queue=review`)
    expect(within(reviews).getByRole('link', { name: '#1 Bank statements' })).toHaveAttribute(
      'href',
      `/requests/${work.reviews.items[0]!.id}`,
    )
    expect(within(reviews).getByText('Northwind · FY2026 audit · Grace Hopper')).toBeVisible()
    expect(within(reviews).getByText(/2 hours ago/)).toBeVisible()
    expect(
      within(reviews).getByRole('link', { name: 'See all 12 in the review queue' }),
    ).toHaveAttribute('href', '/review')

    const overdue = screen.getByRole('region', { name: /Overdue/ })
    const groups = within(overdue)
      .getAllByRole('listitem')
      .filter((li) => li.querySelector('h3'))
    expect(groups.map((group) => within(group).getByRole('heading').textContent)).toEqual([
      'Northwind3 overdue requests',
      'Contoso1 overdue request',
    ])
    const north = groups[0]!
    expect(within(north).getByText('12 days late')).toBeVisible()
    // Remind only where its assignee may be reminded; the rest of the client's are a click away.
    expect(within(north).getAllByRole('button', { name: /^Remind/ })).toHaveLength(1)
    expect(within(north).getByText('FY2026 audit · Nobody assigned')).toBeVisible()
    expect(within(north).getByText(/And 1 more/)).toBeVisible()

    const due = screen.getByRole('region', { name: /Due this week/ })
    expect(within(due).getByText('Due today')).toBeVisible()
    expect(within(due).getByText('Due tomorrow')).toBeVisible()
    expect(
      screen.getByText(/On your audits: 12 answers to review, 4 overdue, 2 due this week/),
    ).toBeVisible()
  })

  test('Remind mails the assignee and says so', async () => {
    const work = someWork()
    const payroll = work.overdue.clients[0]!.requests[0]!
    const reminded: string[] = []
    server.use(
      answer(myWorkApi.get, work),
      answer(remindersApi.remindRequest, ({ params }) => {
        reminded.push(String(params.id))
        return { reminded: [{ id: anId(), name: 'Grace Hopper' }], notYet: [] }
      }),
    )
    const { user } = renderWithApp(<MyWorkPage />, { route: '/my-work' })
    await user.click(
      await screen.findByRole('button', { name: 'Remind Grace Hopper of #2 Payroll' }),
    )
    expect(await screen.findByText('Reminder sent to Grace Hopper')).toBeVisible()
    expect(reminded).toEqual([payroll.id])
  })

  test('a section with nothing says so; with nothing at all, the page is calm', async () => {
    server.use(answer(myWorkApi.get, { ...nothing(), dueThisWeek: someWork().dueThisWeek }))
    const first = renderWithApp(<MyWorkPage />, { route: '/my-work' })
    expect(await screen.findByText('Nothing waiting for your review')).toBeVisible()
    expect(screen.getByText('Nothing overdue')).toBeVisible()
    expect(screen.getByText('Due today')).toBeVisible()
    first.unmount()

    server.use(answer(myWorkApi.get, nothing()))
    renderWithApp(<MyWorkPage />, { route: '/my-work' })
    expect(await screen.findByText('You are all caught up')).toBeVisible()
    expect(screen.queryByRole('region', { name: /Overdue/ })).toBeNull()
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    )
  })

  test('a failed read offers a retry', async () => {
    let calls = 0
    server.use(
      answer(myWorkApi.get, () => {
        calls += 1
        return calls === 1
          ? refusal(500, { message: 'Internal error', code: 'INTERNAL' })
          : nothing()
      }),
    )
    const { user } = renderWithApp(<MyWorkPage />, { route: '/my-work' })
    expect(await screen.findByText('Could not load your work')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('You are all caught up')).toBeVisible()
  })

  test('a client user is not shown the firm’s work, and nothing is read', async () => {
    let read = false
    server.use(
      answer(myWorkApi.get, () => {
        read = true
        return nothing()
      }),
    )
    renderWithApp(<MyWorkPage />, { route: '/my-work', user: aUser({ role: 'client' }) })
    await waitFor(() => expect(screen.queryByText('You are all caught up')).toBeNull())
    expect(read).toBe(false)
  })
})
