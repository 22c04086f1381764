import { auditsApi, clientsApi } from '@shared/api/engagements'
import { reportsApi } from '@shared/api/reports'
import { REQUEST_STATUSES } from '@shared/schemas/requests'
import {
  AUDIT_STAGES,
  OVERDUE_AGING,
  portfolioAuditDto,
  portfolioDto,
  type Portfolio,
  type PortfolioAudit,
} from '@shared/schemas/reports'
import { screen, waitFor, within } from '@testing-library/react'
import { useLocation } from 'react-router'
import { beforeEach, describe, expect, test } from 'vitest'
import { answer, answerPages, refusal } from '@/test/api'
import { aClient, aTeamMember, aUser, anId } from '@/test/fixtures'
import { answerPrepare } from '@/test/prepared-files'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { PortfolioPage } from './portfolio-page'

function anAuditRow(overrides: Partial<PortfolioAudit> = {}): PortfolioAudit {
  return portfolioAuditDto.parse({
    id: anId(),
    name: 'FY2026 audit',
    status: 'in_progress',
    stage: 'open',
    dueDate: null,
    client: { id: anId(), name: 'Northwind Traders' },
    project: { id: anId(), name: 'Annual Review 2026', status: 'active' },
    lead: null,
    requests: 4,
    progress: { done: 2, sent: 4 },
    open: 2,
    awaitingReview: 0,
    overdue: 0,
    mostDaysLate: 0,
    nextDueDate: null,
    lastClientActivityAt: null,
    quietDays: 1,
    slipping: false,
    holder: null,
    ...overrides,
  })
}

function aPortfolio(audits: PortfolioAudit[], overrides: Partial<Portfolio> = {}): Portfolio {
  return portfolioDto.parse({
    today: '2026-03-16',
    timeZone: 'Europe/London',
    quietDays: 14,
    totals: {
      audits: audits.length,
      slipping: audits.filter((audit) => audit.slipping).length,
      byStage: Object.fromEntries(
        AUDIT_STAGES.map((stage) => [stage, audits.filter((a) => a.stage === stage).length]),
      ),
      byStatus: Object.fromEntries(REQUEST_STATUSES.map((status) => [status, 0])),
      progress: audits.reduce(
        (sum, audit) => ({
          done: sum.done + audit.progress.done,
          sent: sum.sent + audit.progress.sent,
        }),
        { done: 0, sent: 0 },
      ),
      overdue: {
        total: audits.reduce((sum, audit) => sum + audit.overdue, 0),
        aging: OVERDUE_AGING.map(({ key }) => ({ key, count: 0 })),
      },
    },
    audits,
    ...overrides,
  })
}

const healthy = anAuditRow({
  name: 'Contoso FY2026',
  client: { id: anId(), name: 'Contoso' },
  lead: { id: anId(), name: 'Ada Lovelace' },
  progress: { done: 9, sent: 10 },
  requests: 10,
  nextDueDate: '2026-03-20',
})
const slipping = anAuditRow({
  name: 'Northwind FY2026',
  requests: 15,
  progress: { done: 1, sent: 15 },
  open: 14,
  overdue: 14,
  mostDaysLate: 15,
  quietDays: 15,
  slipping: true,
  holder: { id: anId(), name: 'Grace Hopper', open: 14 },
})
const notSent = anAuditRow({
  name: 'Globex FY2026',
  client: { id: anId(), name: 'Globex' },
  stage: 'not_sent',
  requests: 3,
  progress: { done: 0, sent: 0 },
  open: 0,
  quietDays: null,
})

/** Where the app is now, with its search part. */
function Location() {
  const location = useLocation()
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>
}

function renderPage(route = '/audits', user = aUser()) {
  return renderWithApp(
    <>
      <PortfolioPage />
      <Location />
    </>,
    { route, path: '/audits', user },
  )
}

/** The portfolio's calls' queries, in order; each answered by `reply`. */
function portfolioCalls(reply: (query: URLSearchParams) => Portfolio) {
  const calls: URLSearchParams[] = []
  server.use(
    answerPages(reportsApi.portfolio, (query) => {
      calls.push(query)
      return { items: reply(query) }
    }),
  )
  return calls
}

const rowOf = (name: string) =>
  screen.getAllByRole('row').find((row) => within(row).queryByRole('link', { name }) !== null)!

beforeEach(() => {
  server.use(
    answerPages(clientsApi.list, () => ({ items: [aClient({ name: 'Contoso' })] })),
    answerPages(auditsApi.teamCandidates, () => ({
      items: [aTeamMember({ name: 'Ada Lovelace' })],
    })),
  )
})

// A whole page of rows and figures re-rendered on each step: slower than a component's test,
// the more so on a busy machine.
describe('the portfolio', { timeout: 15_000 }, () => {
  test('a slipping audit is flagged with who holds it; a never-sent one says so', async () => {
    portfolioCalls(() => aPortfolio([healthy, slipping, notSent]))
    renderPage()

    expect(await screen.findByRole('heading', { level: 1, name: 'Audits' })).toBeVisible()
    await screen.findByRole('link', { name: 'Northwind FY2026' })

    const slippingRow = rowOf('Northwind FY2026')
    expect(within(slippingRow).getByText('Slipping')).toBeVisible()
    expect(within(slippingRow).getByText('held by Grace Hopper · 14 open')).toBeVisible()
    const overdue = within(slippingRow).getByRole('link', {
      name: '14 overdue requests in Northwind FY2026, most 15 days late',
    })
    expect(overdue).toHaveAttribute('href', `/audits/${slipping.id}?overdue=1`)
    expect(within(slippingRow).getByText('most 15 days late')).toBeVisible()

    const healthyRow = rowOf('Contoso FY2026')
    expect(within(healthyRow).queryByText('Slipping')).not.toBeInTheDocument()
    expect(within(healthyRow).getByText('Open')).toBeVisible()
    expect(within(healthyRow).getByRole('progressbar')).toHaveAttribute(
      'aria-valuetext',
      '9 of 10 sent requests done',
    )
    expect(within(healthyRow).getByRole('link', { name: 'Contoso FY2026' })).toHaveAttribute(
      'href',
      `/audits/${healthy.id}`,
    )

    const notSentRow = rowOf('Globex FY2026')
    expect(within(notSentRow).getByText('Not sent')).toBeVisible()
    expect(within(notSentRow).getByText('3 drafts')).toBeVisible()
    expect(within(notSentRow).queryByRole('progressbar')).not.toBeInTheDocument()

    const totals = screen.getByRole('region', { name: 'Totals' })
    expect(
      within(totals).getByRole('link', { name: '1 audit slipping: show only these' }),
    ).toHaveAttribute('href', '/audits?slipping=true')
    expect(within(totals).getByRole('progressbar')).toHaveAttribute(
      'aria-valuetext',
      '10 of 25 sent requests done, 40%',
    )
  })

  test('the filters and the order go to the address and to the server; the exports take them', async () => {
    const calls = portfolioCalls((query) =>
      aPortfolio(query.get('slipping') === 'true' ? [slipping] : [healthy, slipping, notSent]),
    )
    const { user } = renderPage()
    await screen.findByRole('link', { name: 'Contoso FY2026' })
    expect(calls[0]!.get('limit')).toBe('100')

    await user.click(screen.getByRole('button', { name: 'Slipping only' }))
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Contoso FY2026' })).not.toBeInTheDocument(),
    )
    expect(screen.getByRole('button', { name: 'Slipping only' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    expect(calls.at(-1)!.get('slipping')).toBe('true')
    expect(screen.getByTestId('location')).toHaveTextContent('/audits?slipping=true')

    await user.click(screen.getByRole('button', { name: /^Overdue/ }))
    await waitFor(() => expect(calls.at(-1)!.get('sort')).toBe('-overdue'))
    expect(screen.getByRole('columnheader', { name: /^Overdue/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    )
    expect(screen.getByTestId('location')).toHaveTextContent('/audits?slipping=true&sort=-overdue')

    await user.click(screen.getByRole('button', { name: 'Not sent' }))
    await waitFor(() => expect(calls.at(-1)!.get('stage')).toBe('not_sent'))

    const excel = screen.getByRole('link', { name: 'Export Excel' })
    expect(excel).toHaveAttribute(
      'href',
      '/api/reports/portfolio.xlsx?stage=not_sent&slipping=true&sort=-overdue',
    )
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/reports/portfolio.csv?stage=not_sent&slipping=true&sort=-overdue',
    )
  })

  test('a search waits for the typing to pause; the quiet days change who is slipping', async () => {
    const calls = portfolioCalls(() => aPortfolio([healthy, slipping]))
    const { user } = renderPage()
    await screen.findByRole('link', { name: 'Contoso FY2026' })

    await user.type(screen.getByRole('searchbox', { name: 'Search audits' }), 'north')
    await waitFor(() => expect(calls.at(-1)!.get('q')).toBe('north'))
    expect(calls.filter((query) => query.has('q'))).toHaveLength(1)

    const days = screen.getByRole('spinbutton', { name: 'Slipping when quiet for' })
    expect(days).toHaveValue(14)
    await user.clear(days)
    expect(await screen.findByRole('alert')).toHaveTextContent('A whole number from 1 to 365')
    await user.type(days, '7')
    await waitFor(() => expect(calls.at(-1)!.get('quietDays')).toBe('7'))
    expect(screen.getByTestId('location')).toHaveTextContent('/audits?q=north&quietDays=7')

    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/audits$/))
    expect(screen.getByRole('searchbox', { name: 'Search audits' })).toHaveValue('')
    expect(days).toHaveValue(14)
  })

  test('a shared link opens with its filter, the chosen client named', async () => {
    const clientId = slipping.client.id
    const calls = portfolioCalls(() => aPortfolio([slipping]))
    renderPage(`/audits?clientId=${clientId}&stage=open`)

    await screen.findByRole('link', { name: 'Northwind FY2026' })
    expect(calls[0]!.get('clientId')).toBe(clientId)
    expect(calls[0]!.get('stage')).toBe('open')
    expect(screen.getByRole('combobox', { name: 'Client' })).toHaveValue('Northwind Traders')
    expect(screen.getByRole('button', { name: 'Open' })).toHaveAttribute('aria-pressed', 'true')
  })

  test('the lead is one of the firm’s people, searched on the server', async () => {
    const ada = aTeamMember({ name: 'Ada Lovelace' })
    const people: (string | null)[] = []
    server.use(
      answerPages(auditsApi.teamCandidates, (query) => {
        people.push(query.get('q'))
        return { items: [ada] }
      }),
    )
    const calls = portfolioCalls(() => aPortfolio([healthy, slipping]))
    const { user } = renderPage()
    await screen.findByRole('link', { name: 'Contoso FY2026' })

    const lead = screen.getByRole('combobox', { name: 'Lead' })
    await waitFor(() => expect(lead).toBeEnabled())
    await user.type(lead, 'ada')
    await waitFor(() => expect(people).toContain('ada'))
    await user.click(await screen.findByRole('option', { name: 'Ada Lovelace' }))

    await waitFor(() => expect(calls.at(-1)!.get('leadId')).toBe(ada.id))
    expect(screen.getByTestId('location')).toHaveTextContent(`/audits?leadId=${ada.id}`)
    expect(lead).toHaveValue('Ada Lovelace')
  })

  test('nothing matching says so and clears the filters', async () => {
    portfolioCalls((query) =>
      aPortfolio(query.get('slipping') === 'true' ? [] : [healthy, notSent]),
    )
    const { user } = renderPage('/audits?slipping=true')

    expect(await screen.findByText('No audits match these filters')).toBeVisible()
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!)
    expect(await screen.findByRole('link', { name: 'Contoso FY2026' })).toBeVisible()
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/audits$/)
  })

  test('a firm without audits is told where they come from', async () => {
    portfolioCalls(() => aPortfolio([]))
    renderPage()

    expect(await screen.findByText('No audits yet')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Go to Projects' })).toHaveAttribute(
      'href',
      '/projects',
    )
    expect(screen.queryByRole('link', { name: 'Export Excel' })).not.toBeInTheDocument()
  })

  test('a failed read offers to try again', async () => {
    let fail = true
    server.use(
      answer(reportsApi.portfolio, () =>
        fail
          ? refusal(500, { message: 'Something went wrong on our side.', code: 'INTERNAL' })
          : aPortfolio([healthy]),
      ),
    )
    const { user } = renderPage()

    expect(await screen.findByText('Could not load the audits')).toBeVisible()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('link', { name: 'Contoso FY2026' })).toBeVisible()
  })

  test('"Load more" reads the next page after the first', async () => {
    const second = anAuditRow({ name: 'Zeta FY2026' })
    server.use(
      answerPages(reportsApi.portfolio, (query) =>
        query.get('cursor') === 'page-2'
          ? { items: aPortfolio([second]) }
          : { items: aPortfolio([healthy]), next: 'page-2' },
      ),
    )
    const { user } = renderPage()
    await screen.findByRole('link', { name: 'Contoso FY2026' })

    await user.click(screen.getByRole('button', { name: 'Load more audits' }))
    expect(await screen.findByRole('link', { name: 'Zeta FY2026' })).toBeVisible()
    expect(screen.getByRole('link', { name: 'Contoso FY2026' })).toBeVisible()
  })

  test('a client user is not shown the firm’s portfolio', () => {
    renderPage('/audits', aUser({ role: 'client' }))
    expect(screen.queryByRole('heading', { name: 'Audits' })).not.toBeInTheDocument()
  })
})

describe('the portfolio’s files, prepared in the background', { timeout: 15_000 }, () => {
  /** The header's exports in the order they are shown. */
  const exportNames = () =>
    screen
      .getAllByRole('link', { name: /^Export/ })
      .concat(screen.getAllByRole('button', { name: 'Prepare in background' }))
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
      .map((element) => element.textContent)

  test('asks for the file as filtered and sorted on the page, with the filter’s text values', async () => {
    portfolioCalls(() => aPortfolio([healthy]))
    const { handler, asked } = answerPrepare()
    server.use(handler)
    const clientId = healthy.client.id
    const { user } = renderPage(
      `/audits?q=north&clientId=${clientId}&projectStatus=active&stage=open&slipping=true&quietDays=20&sort=-overdue`,
    )
    await screen.findByRole('link', { name: 'Contoso FY2026' })

    // A few hundred audits at most: the direct downloads first.
    expect(exportNames()).toEqual(['Export Excel', 'Export CSV', 'Prepare in background'])
    expect(screen.queryByText(/may take a while/)).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Prepare in background' }))
    await user.click(
      await screen.findByRole('menuitem', { name: 'Prepare CSV file and notify me' }),
    )

    expect(
      await screen.findByText('We’ll notify you when “Audits (CSV)” is ready.'),
    ).toBeInTheDocument()
    expect(asked).toEqual([
      {
        kind: 'portfolio.csv',
        filter: {
          q: 'north',
          clientId,
          projectStatus: 'active',
          stage: 'open',
          slipping: 'true',
          quietDays: '20',
          sort: '-overdue',
        },
      },
    ])
    // The same query as the direct download's.
    const direct = new URL(
      screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')!,
      'http://localhost',
    )
    expect(Object.fromEntries(direct.searchParams)).toEqual(asked[0]!.filter)
  })

  test('hundreds of audits: preparing comes first, the downloads say they may take a while', async () => {
    const many = aPortfolio([healthy, slipping])
    many.totals.audits = 640
    portfolioCalls(() => many)
    const { handler, asked } = answerPrepare()
    server.use(handler)
    const { user } = renderPage()
    await screen.findByRole('link', { name: 'Contoso FY2026' })

    expect(exportNames()).toEqual(['Prepare in background', 'Export Excel', 'Export CSV'])
    const note = screen.getByText(/^This view has 640 audits: a direct download may take a while/)
    expect(screen.getByRole('link', { name: 'Export Excel' })).toHaveAccessibleDescription(
      note.textContent!,
    )

    await user.click(screen.getByRole('button', { name: 'Prepare in background' }))
    await user.click(
      await screen.findByRole('menuitem', { name: 'Prepare Excel file and notify me' }),
    )
    expect(
      await screen.findByText('We’ll notify you when “Audits (Excel)” is ready.'),
    ).toBeInTheDocument()
    // Nothing narrows the view: the whole firm, in the default order.
    expect(asked).toEqual([{ kind: 'portfolio.xlsx', filter: {} }])
  })

  test('a refusal shows the server’s message', async () => {
    portfolioCalls(() => aPortfolio([healthy]))
    const { handler } = answerPrepare({
      refuse: {
        status: 400,
        body: { code: 'VALIDATION', message: 'filter.sort: sort must be one of client, audit' },
      },
    })
    server.use(handler)
    const { user } = renderPage()
    await screen.findByRole('link', { name: 'Contoso FY2026' })

    await user.click(screen.getByRole('button', { name: 'Prepare in background' }))
    await user.click(
      await screen.findByRole('menuitem', { name: 'Prepare Excel file and notify me' }),
    )
    expect(await screen.findByText('Could not prepare “Audits (Excel)”')).toBeInTheDocument()
    expect(screen.getByText('filter.sort: sort must be one of client, audit')).toBeInTheDocument()
  })
})
