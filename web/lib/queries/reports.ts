import { queryOptions } from '@tanstack/react-query'
import { reportsApi } from '@shared/api/reports'
import type { Portfolio } from '@shared/schemas/reports'
import { call, type CallInput } from '../api'
import { pagedQuery } from './paged'
import { requestQueries } from './requests'

type PortfolioInput = Omit<
  NonNullable<CallInput<typeof reportsApi.portfolio>['query']>,
  'limit' | 'cursor'
>

/** Audits read per page of the portfolio. */
const PORTFOLIO_PAGE = 100
/**
 * The portfolio sums the whole firm, which no live topic names: it is read again each time it is
 * shown (what changed on an audit page meanwhile), and on coming back to the window once this
 * old, rather than on every change of any audit.
 */
const PORTFOLIO_FRESH_MS = 60_000

const portfolios = ['reports', 'portfolio'] as const

/** The firm's figures (engagements.manage: never read for a client user, who gets 403). */
export const reportQueries = {
  /**
   * An audit's report, kept under the audit's request lists: what refreshes those (a request
   * changed here, a live update of the audit) refreshes the figures too.
   */
  audit: (auditId: string) =>
    queryOptions({
      queryKey: [...requestQueries.auditLists(auditId), 'report'],
      queryFn: ({ signal }) => call(reportsApi.audit, { params: { id: auditId } }, { signal }),
    }),
  /** Every read of the portfolio, whatever its filter. */
  portfolios,
  /**
   * The firm's audits and where they stand, as the server filters and sorts them (`query`: the
   * call's filter), a page at a time; each page carries the sums over the whole filter.
   */
  portfolio: (query: PortfolioInput = {}) => ({
    ...pagedQuery(
      [...portfolios, query],
      reportsApi.portfolio,
      { query: { ...query, limit: PORTFOLIO_PAGE } },
      mergePortfolioPages,
    ),
    staleTime: PORTFOLIO_FRESH_MS,
    refetchOnMount: 'always' as const,
    refetchOnWindowFocus: true,
  }),
}

/** The portfolio's pages as one: their audits in order, the latest page's sums. */
export function mergePortfolioPages(pages: Portfolio[]): Portfolio {
  const last = pages.at(-1)!
  return { ...last, audits: pages.flatMap((page) => page.audits) }
}
