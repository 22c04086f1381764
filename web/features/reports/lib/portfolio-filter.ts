import { id } from '@shared/schemas/common'
import { PROJECT_STATUSES, type ProjectStatus } from '@shared/schemas/projects'
import {
  AUDIT_STAGES,
  PORTFOLIO_SORTS,
  QUIET_DAYS,
  type AuditStage,
  type PortfolioSort,
} from '@shared/schemas/reports'

/**
 * What the portfolio shows: the server filters, sorts and sums (GET /api/reports/portfolio), the
 * page only says what to ask for. Kept in the page's address under the API's own names, so that a
 * shared link opens the same rows and the exports take the same query.
 */
export interface PortfolioFilter {
  q?: string
  clientId?: string
  leadId?: string
  projectStatus?: ProjectStatus
  /** None: every stage. */
  stages: AuditStage[]
  slippingOnly: boolean
  /** Days without client activity after which an open audit is slipping. */
  quietDays: number
  sort: { field: PortfolioSort; descending: boolean }
}

export type PortfolioSortOrder = PortfolioFilter['sort']

export const DEFAULT_SORT: PortfolioSortOrder = { field: 'client', descending: false }

export const DEFAULT_FILTER: PortfolioFilter = {
  stages: [],
  slippingOnly: false,
  quietDays: QUIET_DAYS.default,
  sort: DEFAULT_SORT,
}

/** Lateness and silence read worst first; names and dates from the start. */
const DESCENDING_FIRST: readonly PortfolioSort[] = ['overdue', 'quiet']

const isStage = (value: string): value is AuditStage =>
  (AUDIT_STAGES as readonly string[]).includes(value)
const isSort = (value: string): value is PortfolioSort =>
  (PORTFOLIO_SORTS as readonly string[]).includes(value)
const isProjectStatus = (value: string): value is ProjectStatus =>
  (PROJECT_STATUSES as readonly string[]).includes(value)
const anId = (value: string | null) => (value && id.safeParse(value).success ? value : undefined)

/** Whether `text` is a quiet-days threshold the server takes (a whole number, 1 to 365). */
export function parseQuietDays(text: string): number | undefined {
  if (!/^\d+$/.test(text.trim())) return undefined
  const days = Number(text)
  return days >= 1 && days <= QUIET_DAYS.max ? days : undefined
}

/** The filter in the address; what the server would refuse (a malformed id, say) is ignored. */
export function filterFromSearch(search: URLSearchParams): PortfolioFilter {
  const sortText = search.get('sort') ?? ''
  const descending = sortText.startsWith('-')
  const field = descending ? sortText.slice(1) : sortText
  const projectStatus = search.get('projectStatus') ?? ''
  const stages = new Set((search.get('stage') ?? '').split(',').filter(isStage))
  return {
    q: search.get('q')?.trim() || undefined,
    clientId: anId(search.get('clientId')),
    leadId: anId(search.get('leadId')),
    projectStatus: isProjectStatus(projectStatus) ? projectStatus : undefined,
    stages: AUDIT_STAGES.filter((stage) => stages.has(stage)),
    slippingOnly: search.get('slipping') === 'true',
    quietDays: parseQuietDays(search.get('quietDays') ?? '') ?? QUIET_DAYS.default,
    sort: isSort(field) ? { field, descending } : DEFAULT_SORT,
  }
}

export const sortParam = ({ field, descending }: PortfolioSortOrder) =>
  `${descending ? '-' : ''}${field}`

const isDefaultSort = (sort: PortfolioSortOrder) =>
  sort.field === DEFAULT_SORT.field && sort.descending === DEFAULT_SORT.descending

/**
 * The server's query for `filter`, leaving out what is at its default: the list's (with `limit`
 * and `cursor` added by the pages), the exports' as it is, and the address's.
 */
export function portfolioQuery(filter: PortfolioFilter) {
  return {
    q: filter.q,
    clientId: filter.clientId,
    leadId: filter.leadId,
    projectStatus: filter.projectStatus,
    stage: filter.stages.length > 0 ? filter.stages.join(',') : undefined,
    slipping: filter.slippingOnly ? ('true' as const) : undefined,
    quietDays: filter.quietDays === QUIET_DAYS.default ? undefined : filter.quietDays,
    sort: isDefaultSort(filter.sort) ? undefined : sortParam(filter.sort),
  }
}

/** The address's search part for `filter`: the server's query. */
export function searchFromFilter(filter: PortfolioFilter): URLSearchParams {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(portfolioQuery(filter)))
    if (value !== undefined) search.set(key, String(value))
  return search
}

/** Whether anything narrows the rows (the sort and the quiet-days threshold alone do not). */
export const isFiltered = (filter: PortfolioFilter) =>
  filter.q !== undefined ||
  filter.clientId !== undefined ||
  filter.leadId !== undefined ||
  filter.projectStatus !== undefined ||
  filter.stages.length > 0 ||
  filter.slippingOnly

/** Whether anything differs from the plain view, that "Clear filters" would undo. */
export const isChanged = (filter: PortfolioFilter) =>
  isFiltered(filter) || filter.quietDays !== QUIET_DAYS.default

/** Every filter back to its default; the order stays. */
export const clearedFilter = (filter: PortfolioFilter): PortfolioFilter => ({
  ...DEFAULT_FILTER,
  sort: filter.sort,
})

/**
 * The next order when a column's header is chosen: its first direction (worst first for lateness
 * and silence, else ascending), then the other, then back to the default.
 */
export function nextSort(current: PortfolioSortOrder, field: PortfolioSort): PortfolioSortOrder {
  const first = DESCENDING_FIRST.includes(field)
  if (current.field !== field) return { field, descending: first }
  if (current.descending === first) return { field, descending: !first }
  return DEFAULT_SORT
}
