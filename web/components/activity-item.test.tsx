import { screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { anId } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import { ActivityItem } from './activity-item'

const NOW = Date.parse('2026-03-02T12:00:00.000Z')
const event = {
  id: anId(),
  actor: 'Grace Hopper',
  action: 'request.submitted' as const,
  target: '#3 Bank statements',
  detail: null,
  changes: [],
  createdAt: '2026-03-02T10:00:00.000Z',
}

describe('an activity line', () => {
  test('about a request: a link to it, with its client and audit named', () => {
    const requestId = anId()
    renderWithApp(
      <ActivityItem
        now={NOW}
        event={{
          ...event,
          request: { id: requestId, auditId: anId(), auditName: 'FY2026', clientName: 'Acme Ltd' },
        }}
      />,
    )
    expect(screen.getByRole('link', { name: '#3 Bank statements' })).toHaveAttribute(
      'href',
      `/requests/${requestId}`,
    )
    expect(screen.getByText('Acme Ltd · FY2026')).toBeInTheDocument()
  })

  test('about anything else, or a request since deleted: the name as it was, no link', () => {
    renderWithApp(<ActivityItem now={NOW} event={{ ...event, request: null }} />)
    expect(screen.getByText('#3 Bank statements')).toBeInTheDocument()
    expect(screen.queryByRole('link')).toBeNull()
  })
})
