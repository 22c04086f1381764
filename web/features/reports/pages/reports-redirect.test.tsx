import { render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { expect, test } from 'vitest'
import { ReportsRedirect } from './reports-redirect'

function Location() {
  const location = useLocation()
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>
}

test('/reports opens the portfolio at /audits, its filter kept', () => {
  render(
    <MemoryRouter initialEntries={['/reports?slipping=true&sort=-overdue']}>
      <Routes>
        <Route path="/reports" element={<ReportsRedirect />} />
        <Route path="/audits" element={<Location />} />
      </Routes>
    </MemoryRouter>,
  )
  expect(screen.getByTestId('location')).toHaveTextContent('/audits?slipping=true&sort=-overdue')
})
