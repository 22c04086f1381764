import { dashboardApi } from '@shared/api/engagements'
import type { Dashboard } from '@shared/schemas/dashboard'
import { screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { answer } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { NeedsAttention } from './needs-attention'

const aDashboard = (mine: number, awaitingReview: number): Dashboard => ({
  totalClients: 2,
  activeProjects: 2,
  inProgressAudits: 3,
  completedItems: 10,
  overdue: { total: mine + 4, mine, audits: [] },
  awaitingReview,
  recentActivity: [],
})

test('each figure opens the list behind it: My work’s overdue requests, the review queue', async () => {
  server.use(answer(dashboardApi.get, aDashboard(3, 1)))
  renderWithApp(<NeedsAttention />)
  const region = await screen.findByRole('region', { name: 'Needs attention' })
  expect(await screen.findByRole('link', { name: '3 overdue on your audits' })).toHaveAttribute(
    'href',
    '/my-work#overdue',
  )
  expect(screen.getByRole('link', { name: '1 answer awaiting review' })).toHaveAttribute(
    'href',
    '/review',
  )
  expect(region).toBeVisible()
})

test('a count at the cap reads "1,000+"', async () => {
  server.use(answer(dashboardApi.get, aDashboard(0, 1000)))
  renderWithApp(<NeedsAttention />)
  expect(await screen.findByRole('link', { name: '1,000+ answers awaiting review' })).toBeVisible()
  expect(screen.getByRole('link', { name: '0 overdue on your audits' })).toBeVisible()
})
