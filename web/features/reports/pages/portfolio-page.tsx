import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { ClipboardList, ListFilter } from 'lucide-react'
import { useMemo, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { EmptyState } from '@/components/empty-state'
import { ListSection } from '@/components/list-section'
import { PageHeader } from '@/components/page-header'
import { RequirePermission } from '@/components/require-permission'
import { Button } from '@/components/ui/button'
import { countOf } from '@/lib/plural'
import { auditQueries, clientQueries } from '@/lib/queries/engagements'
import { reportQueries } from '@/lib/queries/reports'
import { usePagedSearch } from '@/lib/use-paged-search'
import { PortfolioExports } from '../components/portfolio-exports'
import { PortfolioFilters } from '../components/portfolio-filters'
import { PortfolioSummary, PortfolioSummarySkeleton } from '../components/portfolio-summary'
import { PortfolioTable, PortfolioTableSkeleton } from '../components/portfolio-table'
import {
  clearedFilter,
  filterFromSearch,
  isFiltered,
  portfolioQuery,
  searchFromFilter,
  type PortfolioFilter,
} from '../lib/portfolio-filter'

// The firm's: client users get the forbidden state (and the API's 403) instead.
export function PortfolioPage() {
  return (
    <RequirePermission to="engagements.manage">
      <PortfolioContent />
    </RequirePermission>
  )
}

const hrefFor = (filter: PortfolioFilter) => {
  const search = searchFromFilter(filter).toString()
  return search ? `/audits?${search}` : '/audits'
}

/**
 * Every audit of the firm and where it stands, under the filter in the address: the sums over
 * the filter, then the audits a page at a time, each with its figures and whether it is slipping.
 */
function PortfolioContent() {
  const [search, setSearch] = useSearchParams()
  const filter = useMemo(() => filterFromSearch(search), [search])
  const setFilter = (next: PortfolioFilter) =>
    setSearch(searchFromFilter(next), { replace: true, preventScrollReset: true })
  const query = portfolioQuery(filter)
  const portfolio = useInfiniteQuery({
    ...reportQueries.portfolio(query),
    // A new filter keeps the rows in place until its own arrive: no jump, no skeleton flash.
    placeholderData: keepPreviousData,
  })
  const data = portfolio.data
  const firstUse = data !== undefined && data.totals.audits === 0 && !isFiltered(filter)

  const clients = usePagedSearch((q) => clientQueries.list({ q }))
  // The firm's people are asked of an audit's team candidates (every admin and staff member,
  // whatever the audit): the one route that lists them for staff too. Any audit seen will do.
  const [peopleAuditId, setPeopleAuditId] = useState<string>()
  const firstAuditId = data?.audits[0]?.id
  if (peopleAuditId === undefined && firstAuditId !== undefined) setPeopleAuditId(firstAuditId)
  const leads = usePagedSearch((q) => ({
    ...auditQueries.teamCandidates(peopleAuditId ?? '', { q }),
    enabled: peopleAuditId !== undefined,
  }))

  // Every row shown under a client or lead filter names them.
  const first = data?.audits[0]
  const clientFromRows =
    filter.clientId && first?.client.id === filter.clientId ? first.client.name : undefined
  const chosenClient = useQuery({
    ...clientQueries.detail(filter.clientId ?? ''),
    // Only when the rows cannot say it (none match).
    enabled: filter.clientId !== undefined && data !== undefined && clientFromRows === undefined,
  })
  const leadFromRows =
    filter.leadId && first?.lead?.id === filter.leadId ? first.lead.name : undefined

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Audits"
        description="Every audit of the firm: where it stands, how late, and what is slipping."
        actions={
          firstUse ? undefined : <PortfolioExports query={query} audits={data?.totals.audits} />
        }
      />
      {firstUse ? (
        <EmptyState
          icon={ClipboardList}
          title="No audits yet"
          action={
            <Button asChild>
              <Link to="/projects">Go to Projects</Link>
            </Button>
          }
        >
          Audits are added to a client’s project. Once there are some, each one shows here with its
          progress, what is overdue and what is slipping.
        </EmptyState>
      ) : (
        <>
          <PortfolioFilters
            filter={filter}
            onChange={setFilter}
            clients={clients}
            leads={peopleAuditId === undefined ? undefined : leads}
            clientName={clientFromRows ?? chosenClient.data?.name}
            leadName={leadFromRows}
          />
          <p className="sr-only" aria-live="polite">
            {data && isFiltered(filter) && !portfolio.isPlaceholderData
              ? `${countOf(data.totals.audits, 'audit')} ${data.totals.audits === 1 ? 'matches' : 'match'}`
              : ''}
          </p>
          <ListSection
            query={portfolio}
            loading={
              <div role="status" className="grid gap-6">
                <span className="sr-only">Loading audits...</span>
                <PortfolioSummarySkeleton />
                <PortfolioTableSkeleton />
              </div>
            }
            errorTitle="Could not load the audits"
            isEmpty={(list) => list.audits.length === 0}
            empty={
              <EmptyState
                icon={ListFilter}
                title="No audits match these filters"
                action={
                  <Button variant="outline" onClick={() => setFilter(clearedFilter(filter))}>
                    Clear filters
                  </Button>
                }
              >
                Try fewer filters, or clear them to see every audit of the firm.
              </EmptyState>
            }
            loadMoreLabel="Load more audits"
            // Not wider than the page: the table scrolls sideways in its own region instead.
            className="min-w-0 gap-6"
          >
            {(list) => (
              <>
                <PortfolioSummary portfolio={list} filter={filter} hrefFor={hrefFor} />
                <PortfolioTable
                  audits={list.audits}
                  total={list.totals.audits}
                  today={list.today}
                  quietDays={list.quietDays}
                  sort={filter.sort}
                  onSort={(sort) => setFilter({ ...filter, sort })}
                />
              </>
            )}
          </ListSection>
        </>
      )}
    </div>
  )
}
