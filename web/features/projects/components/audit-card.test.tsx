import { screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { anAuditListItem } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import { AuditCard } from './audit-card'

test('an audit card shows how many of its requests are accepted', () => {
  renderWithApp(
    <AuditCard
      audit={anAuditListItem({ name: 'FY2026 audit', progress: { accepted: 3, total: 4 } })}
    />,
  )

  expect(screen.getByRole('link', { name: 'FY2026 audit' })).toBeInTheDocument()
  expect(screen.getByRole('progressbar', { name: 'Requests accepted' })).toHaveAttribute(
    'aria-valuetext',
    '3 of 4 accepted',
  )
  expect(screen.getByText('3 of 4 accepted')).toBeInTheDocument()
})

test('an audit with nothing to count yet says so', () => {
  renderWithApp(<AuditCard audit={anAuditListItem({ progress: { accepted: 0, total: 0 } })} />)

  expect(screen.getByText('No requests yet')).toBeInTheDocument()
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
})
