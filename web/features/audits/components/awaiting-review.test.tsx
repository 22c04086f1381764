import { reviewQueueApi } from '@shared/api/requests'
import type { ReviewItem } from '@shared/schemas/requests'
import { screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { answerPages } from '@/test/api'
import { anId } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { AwaitingReview } from './awaiting-review'

const anItem = (number: number): ReviewItem => ({
  id: anId(),
  number,
  title: `Schedule ${number}`,
  auditId: anId(),
  auditName: 'FY2026 audit',
  clientId: anId(),
  clientName: 'Northwind Traders',
  assigneeName: 'Grace Hopper',
  submittedAt: new Date(Date.now() - number * 3_600_000).toISOString(),
  onMyAudit: true,
})

describe('Awaiting Review on the dashboard', () => {
  test('counts the queue, names the oldest five, and opens each with Previous / Next', async () => {
    const items = Array.from({ length: 7 }, (_, index) => anItem(index + 1))
    server.use(answerPages(reviewQueueApi.list, () => ({ items })))
    renderWithApp(<AwaitingReview />)

    const heading = await screen.findByRole('heading', { name: 'Awaiting Review 7' })
    expect(heading).toBeInTheDocument()
    const list = screen.getByRole('list', { name: 'Oldest answers awaiting review' })
    const links = within(list).getAllByRole('link')
    expect(links).toHaveLength(5)
    expect(links[0]).toHaveAttribute('href', `/requests/${items[0]!.id}?queue=review`)
    expect(within(list).getAllByText('Northwind Traders · FY2026 audit')).toHaveLength(5)
    expect(screen.getByRole('link', { name: 'Open the review queue' })).toHaveAttribute(
      'href',
      '/review',
    )
  })

  test('says "100+" when the queue goes on past its first page', async () => {
    server.use(
      answerPages(reviewQueueApi.list, () => ({
        items: Array.from({ length: 100 }, (_, index) => anItem(index + 1)),
        next: 'more',
      })),
    )
    renderWithApp(<AwaitingReview />)
    expect(await screen.findByRole('heading', { name: 'Awaiting Review 100+' })).toBeVisible()
  })

  test('an empty queue says so', async () => {
    server.use(answerPages(reviewQueueApi.list, () => ({ items: [] })))
    renderWithApp(<AwaitingReview />)
    expect(await screen.findByText('No answers are waiting for review.')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Open the review queue' })).toBeNull()
  })
})
