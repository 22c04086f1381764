import { organizationApi } from '@shared/api/administration'
import { authApi } from '@shared/api/auth'
import type { UpdateOrganizationInput } from '@shared/schemas/organization'
import { screen, within } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { SessionGuard } from '@/app/session-guard'
import { formatCalendarDate, setDateFormat } from '@/lib/dates'
import { answer, refusal } from '@/test/api'
import { anOrganization, aUser } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { CompanyPanel } from './company-panel'

beforeEach(() => {
  // Only the clock's date is fixed (user events keep their timers): today is 29 November 2026.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 29, 10) })
})
afterEach(() => {
  vi.useRealTimers()
  setDateFormat('month-first')
})

/** A date shown elsewhere in the app, through the same formatter. */
function SomeDueDate() {
  return <p data-testid="due">{formatCalendarDate('2026-12-24')}</p>
}

/**
 * The Company tab inside the signed-in app (the session check answers as the server would after
 * each change), beside a date shown elsewhere; each PATCH is recorded and answered.
 */
function showCompany() {
  let company = anOrganization()
  const patches: UpdateOrganizationInput[] = []
  server.use(
    answer(authApi.me, () =>
      aUser({ company: { id: company.id, name: company.name, dateFormat: company.dateFormat } }),
    ),
    answer(organizationApi.get, () => company),
    answer(organizationApi.update, async ({ request }) => {
      const body = (await request.json()) as UpdateOrganizationInput
      patches.push(body)
      company = anOrganization({ ...company, ...(body as Partial<typeof company>) })
      return company
    }),
  )
  const rendered = renderWithApp(
    <Routes>
      <Route element={<SessionGuard />}>
        <Route
          path="/admin"
          element={
            <>
              <CompanyPanel />
              <SomeDueDate />
            </>
          }
        />
      </Route>
    </Routes>,
    { route: '/admin' },
  )
  return { ...rendered, patches }
}

const dateFormatGroup = () => screen.getByRole('radiogroup', { name: 'Date format' })

describe('the date format of the Company tab', () => {
  test('each choice shows today in its order; the saved choice redraws every date of the app', async () => {
    const { user, patches } = showCompany()

    const monthFirst = await screen.findByRole('radio', { name: 'Month first' })
    const dayFirst = within(dateFormatGroup()).getByRole('radio', { name: 'Day first' })
    expect(monthFirst).toBeChecked()
    expect(dayFirst).not.toBeChecked()
    expect(monthFirst).toHaveAccessibleDescription('Nov 29, 2026')
    expect(dayFirst).toHaveAccessibleDescription('29 Nov 2026')
    expect(screen.getByTestId('due')).toHaveTextContent('Dec 24, 2026')

    await user.click(dayFirst)
    // Nothing changes before it is saved.
    expect(screen.getByTestId('due')).toHaveTextContent('Dec 24, 2026')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))

    expect(await screen.findByText('Company details saved')).toBeInTheDocument()
    expect(patches).toHaveLength(1)
    expect(patches[0]).toMatchObject({ dateFormat: 'day-first', timeZone: 'UTC' })
    expect(await screen.findByText('24 Dec 2026')).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Day first' })).toBeChecked()
    // The preview does not follow the company's setting: each choice keeps its own order.
    expect(screen.getByRole('radio', { name: 'Month first' })).toHaveAccessibleDescription(
      'Nov 29, 2026',
    )

    await user.click(screen.getByRole('radio', { name: 'Month first' }))
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Dec 24, 2026')).toBeInTheDocument()
    expect(patches.map((patch) => patch.dateFormat)).toEqual(['day-first', 'month-first'])
  })

  test("the server's refusal shows next to the choice; the app's dates stay as they were", async () => {
    const { user } = showCompany()
    const message = 'Choose month first or day first'
    server.use(
      answer(organizationApi.update, () =>
        refusal(400, { code: 'VALIDATION', message, errors: [{ path: 'dateFormat', message }] }),
      ),
    )

    await user.click(await screen.findByRole('radio', { name: 'Day first' }))
    await user.click(screen.getByRole('button', { name: 'Save changes' }))

    expect(await screen.findByText('Failed to save company details')).toBeInTheDocument()
    expect(dateFormatGroup()).toHaveAccessibleDescription(expect.stringContaining(message))
    expect(screen.getByRole('radio', { name: 'Day first' })).toBeChecked()
    expect(screen.getByTestId('due')).toHaveTextContent('Dec 24, 2026')
  })
})
