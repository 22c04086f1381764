import {
  REQUEST_SORTS,
  REQUEST_STATUSES,
  type RequestSort,
  type RequestStatus,
} from '@shared/schemas/requests'

/**
 * What the audit page's request table shows: the server filters and sorts (GET
 * /api/audits/{id}/requests), the page only says what to ask for. Kept in the page's address, so
 * that a link (from a report, a mail, a colleague) opens the same rows, and Back restores them.
 */
export interface RequestTableFilter {
  statuses: RequestStatus[]
  whoseMove?: 'client' | 'firm'
  assigneeId?: string
  section?: string
  overdue: boolean
  q?: string
  sort: { field: RequestSort; descending: boolean }
}

export const DEFAULT_SORT: RequestTableFilter['sort'] = { field: 'position', descending: false }

const isStatus = (value: string): value is RequestStatus =>
  (REQUEST_STATUSES as readonly string[]).includes(value)
const isSort = (value: string): value is RequestSort =>
  (REQUEST_SORTS as readonly string[]).includes(value)

/** The filter in the address (`?status=sent,returned&move=client&sort=-dueDate`); unknown parts ignored. */
export function filterFromSearch(search: URLSearchParams): RequestTableFilter {
  const statuses = [...new Set((search.get('status') ?? '').split(',').filter(isStatus))]
  const move = search.get('move')
  const sortText = search.get('sort') ?? ''
  const descending = sortText.startsWith('-')
  const field = descending ? sortText.slice(1) : sortText
  const q = search.get('q')?.trim()
  return {
    statuses,
    whoseMove: move === 'client' || move === 'firm' ? move : undefined,
    assigneeId: search.get('assignee') || undefined,
    section: search.get('section')?.trim() || undefined,
    overdue: search.get('overdue') === '1',
    q: q || undefined,
    sort: isSort(field) ? { field, descending } : DEFAULT_SORT,
  }
}

/** The address's search part for `filter`, leaving out what is at its default. */
export function searchFromFilter(filter: RequestTableFilter): URLSearchParams {
  const search = new URLSearchParams()
  if (filter.statuses.length > 0) search.set('status', filter.statuses.join(','))
  if (filter.whoseMove) search.set('move', filter.whoseMove)
  if (filter.assigneeId) search.set('assignee', filter.assigneeId)
  if (filter.section) search.set('section', filter.section)
  if (filter.overdue) search.set('overdue', '1')
  if (filter.q) search.set('q', filter.q)
  if (!isDefaultSort(filter.sort)) search.set('sort', sortParam(filter.sort))
  return search
}

export const sortParam = ({ field, descending }: RequestTableFilter['sort']) =>
  `${descending ? '-' : ''}${field}`

const isDefaultSort = (sort: RequestTableFilter['sort']) =>
  sort.field === DEFAULT_SORT.field && sort.descending === DEFAULT_SORT.descending

/** Whether anything narrows the rows (the sort does not). */
export const isFiltered = (filter: RequestTableFilter) =>
  filter.statuses.length > 0 ||
  filter.whoseMove !== undefined ||
  filter.assigneeId !== undefined ||
  filter.section !== undefined ||
  filter.overdue ||
  filter.q !== undefined

/**
 * Drafts can be moved only where the table shows them in the audit's own order with nothing
 * left out before them: sorted by position, ascending, and filtered at most to drafts.
 */
export const showsDraftOrder = (filter: RequestTableFilter) =>
  isDefaultSort(filter.sort) &&
  filter.whoseMove === undefined &&
  filter.assigneeId === undefined &&
  filter.section === undefined &&
  !filter.overdue &&
  filter.q === undefined &&
  (filter.statuses.length === 0 || (filter.statuses.length === 1 && filter.statuses[0] === 'draft'))

/** The server's query for `filter` (the list call's own names and forms). */
export function listQuery(filter: RequestTableFilter) {
  return {
    status: filter.statuses.length > 0 ? filter.statuses.join(',') : undefined,
    whoseMove: filter.whoseMove,
    assigneeId: filter.assigneeId,
    section: filter.section,
    overdue: filter.overdue ? ('true' as const) : undefined,
    q: filter.q,
    sort: isDefaultSort(filter.sort) ? undefined : sortParam(filter.sort),
  }
}

/** The next sort when a column's header is chosen: ascending first, then descending, then back. */
export function nextSort(
  current: RequestTableFilter['sort'],
  field: RequestSort,
): RequestTableFilter['sort'] {
  if (current.field !== field) return { field, descending: false }
  if (!current.descending) return { field, descending: true }
  return DEFAULT_SORT
}
