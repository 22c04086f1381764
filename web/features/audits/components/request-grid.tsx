import type { Assignee, AuditRequest, RequestListRow, RequestSort } from '@shared/schemas/requests'
import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { ArrowDown, ArrowUp, ArrowUpDown, Paperclip, Pencil, Trash2 } from 'lucide-react'
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react'
import { Link, useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { formatCalendarDate, formatDateTime, formatRelativeTime } from '@/lib/dates'
import { cn } from '@/lib/utils'
import { nextSort, type RequestTableFilter } from '../lib/request-table-filter'
import { DeleteRequestDialog } from './delete-request-dialog'
import { AssigneeSelect, DueDateInput } from './request-planning'
import { RequestFormDialog } from './request-form-dialog'
import { RequirementIcons } from './requirement-badges'
import { RequestStateBadges, WhoseMoveBadge } from './whose-move'
import type { RowSelection } from '../hooks/use-row-selection'

/** A row's height (px) before it is measured: one line of controls. */
const ROW_HEIGHT = 37
/** Rows read ahead of the last one shown, so that scrolling does not wait. */
const READ_AHEAD = 30

/** The columns the server sorts by, with their headers; the others do not sort. */
const SORTABLE: { field: RequestSort; label: string }[] = [
  { field: 'number', label: '#' },
  { field: 'status', label: 'Status' },
  { field: 'assignee', label: 'Assignee' },
  { field: 'dueDate', label: 'Due' },
  { field: 'updatedAt', label: 'Last activity' },
]
const sortLabel = (field: RequestSort) => SORTABLE.find((each) => each.field === field)?.label

/** Only wide screens have room for these columns. */
const WIDE_ONLY = 'hidden min-[1400px]:table-cell'
const WIDEST_ONLY = 'hidden min-[1800px]:table-cell'

/**
 * The audit's requests as a compact table: one line each, sortable headers that stay in view,
 * rows rendered only near the viewport (and read from the server a page ahead), selection for
 * the bulk actions, assignee and due date edited in place. Keyboard: the rows are one tab stop;
 * ↑/↓ (Home/End) move between them, Enter opens, x (or Space) selects; Shift+click selects a range.
 */
export function RequestGrid({
  rows,
  total,
  filter,
  onSort,
  assignees,
  selection,
  hasMore,
  loadMore,
  moves,
}: {
  rows: RequestListRow[]
  /** How many match the filter (more than `rows` until every page is read). */
  total: number
  filter: RequestTableFilter
  onSort: (sort: RequestTableFilter['sort']) => void
  assignees: Assignee[] | undefined
  /** Undefined: nothing can be selected (a client user's table). */
  selection: RowSelection | undefined
  hasMore: boolean
  loadMore: () => void
  /** Moves a draft up or down among the drafts; undefined where the table shows another order. */
  moves: DraftMoves | undefined
}) {
  const navigate = useNavigate()
  const bodyRef = useRef<HTMLTableSectionElement>(null)
  const [scrollMargin, setScrollMargin] = useState(0)
  useLayoutEffect(() => {
    const body = bodyRef.current
    if (body) setScrollMargin(body.getBoundingClientRect().top + window.scrollY)
  }, [rows.length])
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    scrollMargin,
    getItemKey: (index) => rows[index]?.id ?? index,
  })
  const shown = virtualizer.getVirtualItems()
  const lastShown = shown.at(-1)?.index ?? -1
  useEffect(() => {
    if (hasMore && lastShown >= rows.length - READ_AHEAD) loadMore()
  }, [hasMore, lastShown, rows.length, loadMore])

  // The row that holds the table's one tab stop.
  const [activeId, setActiveId] = useState<string | undefined>(undefined)
  const active = rows.some((row) => row.id === activeId) ? activeId : rows[0]?.id
  const focusRow = (index: number) => {
    const row = rows[Math.max(0, Math.min(rows.length - 1, index))]
    if (!row) return
    setActiveId(row.id)
    virtualizer.scrollToIndex(rows.indexOf(row), { align: 'auto' })
    // The row may be rendered only after the scroll.
    const focus = (tries: number) => {
      const element = bodyRef.current?.querySelector<HTMLElement>(`[data-row-id="${row.id}"]`)
      if (element) element.focus({ preventScroll: true })
      else if (tries > 0) requestAnimationFrame(() => focus(tries - 1))
    }
    requestAnimationFrame(() => focus(5))
  }

  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, index: number) => {
    // Keys typed into a row's own controls are theirs.
    if (event.target !== event.currentTarget) return
    const request = rows[index]!
    const keys: Record<string, () => void> = {
      ArrowDown: () => focusRow(index + 1),
      ArrowUp: () => focusRow(index - 1),
      Home: () => focusRow(0),
      End: () => focusRow(rows.length - 1),
      Enter: () => void navigate(`/requests/${request.id}`),
      x: () => selection?.toggle(request.id),
      ' ': () => selection?.toggle(request.id),
    }
    const handle = keys[event.key]
    if (!handle || event.altKey || event.ctrlKey || event.metaKey) return
    event.preventDefault()
    handle()
  }

  const first = shown[0]
  const paddingTop = first ? first.start - scrollMargin : 0
  const paddingBottom =
    lastShown >= 0 ? virtualizer.getTotalSize() - (shown.at(-1)!.end - scrollMargin) : 0
  // Whose move, for the firm where there is room (a client's status already says it).
  const moveColumn = selection ? WIDEST_ONLY : undefined
  // The columns as the screen shows them: a spacer row needs the same cells, or it adds a column.
  const columns = [...(selection ? [''] : []), '', '', '', '', '', WIDE_ONLY, moveColumn, '']
  const spacer = (height: number) => (
    <tr aria-hidden="true">
      {columns.map((className, index) => (
        <td key={index} className={className} style={{ height, padding: 0, border: 0 }} />
      ))}
    </tr>
  )
  const loadedAll = selection
    ? rows.length > 0 && rows.every((row) => selection.has(row.id))
    : false

  return (
    <table
      aria-label="Requests"
      aria-rowcount={total + 1}
      className="w-full table-fixed border-separate border-spacing-0 text-sm"
    >
      <thead>
        <tr aria-rowindex={1}>
          {selection ? (
            <Th className="w-10">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                aria-label={
                  hasMore ? `Select the ${rows.length} requests shown` : 'Select all requests'
                }
                checked={loadedAll}
                onChange={() =>
                  loadedAll ? selection.clear() : selection.set(rows.map((row) => row.id))
                }
              />
            </Th>
          ) : null}
          <SortableTh field="number" filter={filter} onSort={onSort} className="w-14" />
          <Th>Title</Th>
          <SortableTh field="status" filter={filter} onSort={onSort} className="w-40" />
          <SortableTh field="assignee" filter={filter} onSort={onSort} className="w-40" />
          <SortableTh field="dueDate" filter={filter} onSort={onSort} className="w-40" />
          <Th className="w-16 text-right">Files</Th>
          <SortableTh
            field="updatedAt"
            filter={filter}
            onSort={onSort}
            className={cn('w-28', WIDE_ONLY)}
          />
          {moveColumn === undefined ? null : <Th className={cn('w-28', moveColumn)}>Whose move</Th>}
          <Th className="w-[7.5rem]">
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </thead>
      <tbody ref={bodyRef}>
        {paddingTop > 0 ? spacer(paddingTop) : null}
        {shown.map((item) => {
          const request = rows[item.index]!
          const selected = selection?.has(request.id) ?? false
          const can = (action: AuditRequest['allowedActions'][number]) =>
            request.allowedActions.includes(action)
          return (
            <tr
              key={request.id}
              ref={virtualizer.measureElement}
              data-index={item.index}
              data-row-id={request.id}
              aria-rowindex={item.index + 2}
              aria-selected={selection ? selected : undefined}
              tabIndex={request.id === active ? 0 : -1}
              onFocus={(event) => {
                if (event.target === event.currentTarget) setActiveId(request.id)
              }}
              onKeyDown={(event) => onRowKeyDown(event, item.index)}
              className={cn(
                'group outline-none focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
                selected ? 'bg-primary/5' : 'hover:bg-muted/50',
              )}
            >
              {selection ? (
                <Td>
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    aria-label={`Select request ${request.number}`}
                    checked={selected}
                    onChange={() => {}}
                    onClick={(event: MouseEvent<HTMLInputElement>) =>
                      selection.toggle(request.id, { range: event.shiftKey })
                    }
                  />
                </Td>
              ) : null}
              <Td className="text-muted-foreground tabular-nums">#{request.number}</Td>
              <Td>
                <span className="flex min-w-0 items-center gap-2">
                  {request.reference ? (
                    <span className="shrink-0 text-muted-foreground tabular-nums">
                      {request.reference}
                    </span>
                  ) : null}
                  <Link
                    to={`/requests/${request.id}`}
                    tabIndex={-1}
                    className="truncate font-medium text-primary underline-offset-4 hover:underline"
                    title={request.title}
                  >
                    {request.title}
                  </Link>
                  <RequirementIcons
                    documentRequired={request.documentRequired}
                    responseRequired={request.responseRequired}
                  />
                  {request.section ? (
                    <span
                      className="min-w-0 truncate text-xs text-muted-foreground"
                      title={request.section}
                    >
                      {request.section}
                    </span>
                  ) : null}
                </span>
              </Td>
              <Td>
                <RequestStateBadges request={request} move={false} />
              </Td>
              <Td>
                {can('plan') ? (
                  <AssigneeSelect request={request} assignees={assignees} className="h-7 py-0" />
                ) : (
                  <span className="block truncate">{request.assigneeName ?? 'Unassigned'}</span>
                )}
              </Td>
              <Td>
                {can('plan') ? (
                  <DueDateInput request={request} className="h-7 px-2 py-0" />
                ) : request.dueDate ? (
                  <time dateTime={request.dueDate} className="tabular-nums">
                    {formatCalendarDate(request.dueDate)}
                  </time>
                ) : (
                  <span className="text-muted-foreground">None</span>
                )}
              </Td>
              <Td className="text-right tabular-nums">
                {request.fileCount > 0 ? (
                  <span
                    className="inline-flex items-center gap-1"
                    aria-label={`${request.fileCount} ${request.fileCount === 1 ? 'file' : 'files'}`}
                  >
                    <Paperclip aria-hidden="true" className="size-3.5 text-muted-foreground" />
                    {request.fileCount}
                  </span>
                ) : (
                  <span className="text-muted-foreground" aria-label="No files">
                    –
                  </span>
                )}
              </Td>
              <Td className={cn(WIDE_ONLY, 'text-muted-foreground')}>
                <time dateTime={request.updatedAt} title={formatDateTime(request.updatedAt)}>
                  {formatRelativeTime(request.updatedAt)}
                </time>
              </Td>
              {moveColumn === undefined ? null : (
                <Td className={moveColumn}>
                  <WhoseMoveBadge whoseMove={request.whoseMove} />
                </Td>
              )}
              <Td>
                <RowActions request={request} moves={moves} />
              </Td>
            </tr>
          )
        })}
        {paddingBottom > 0 ? spacer(paddingBottom) : null}
      </tbody>
    </table>
  )
}

export interface DraftMoves {
  up?: (request: AuditRequest) => (() => void) | undefined
  down?: (request: AuditRequest) => (() => void) | undefined
  moving: boolean
}

/** What a row's request allows: edit (or reword), delete, and moves among the drafts. */
function RowActions({ request, moves }: { request: AuditRequest; moves: DraftMoves | undefined }) {
  const can = (action: AuditRequest['allowedActions'][number]) =>
    request.allowedActions.includes(action)
  const up = can('move') ? moves?.up?.(request) : undefined
  const down = can('move') ? moves?.down?.(request) : undefined
  return (
    <div className="flex justify-end gap-0.5">
      {can('edit') || can('reword') ? (
        <RequestFormDialog
          auditId={request.auditId}
          request={request}
          trigger={
            <Button
              variant="ghost"
              size="icon-sm"
              className="size-7"
              aria-label={`${can('edit') ? 'Edit' : 'Edit wording of'} request ${request.number}`}
              title={can('edit') ? 'Edit' : 'Edit wording'}
            >
              <Pencil aria-hidden="true" />
            </Button>
          }
        />
      ) : null}
      {can('delete') ? (
        <DeleteRequestDialog
          request={request}
          trigger={
            <Button
              variant="ghost"
              size="icon-sm"
              className="size-7 text-destructive hover:text-destructive"
              aria-label={`Delete request ${request.number}`}
              title="Delete"
            >
              <Trash2 aria-hidden="true" />
            </Button>
          }
        />
      ) : null}
      {can('move') && moves ? (
        <>
          <MoveButton request={request} direction="up" onMove={up} moving={moves.moving} />
          <MoveButton request={request} direction="down" onMove={down} moving={moves.moving} />
        </>
      ) : null}
    </div>
  )
}

/** Up or down one place among the drafts; disabled at either end and while a move is on its way. */
function MoveButton({
  request,
  direction,
  onMove,
  moving,
}: {
  request: AuditRequest
  direction: 'up' | 'down'
  onMove: (() => void) | undefined
  moving: boolean
}) {
  const Icon = direction === 'up' ? ArrowUp : ArrowDown
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      className="size-7"
      disabled={!onMove || moving}
      onClick={onMove}
      data-move={`${request.id}:${direction}`}
      aria-label={`Move request ${request.number} ${direction}`}
      title={`Move ${direction}`}
    >
      <Icon aria-hidden="true" />
    </Button>
  )
}

function Th({ children, className }: { children?: ReactNode; className?: string }) {
  return (
    <th
      scope="col"
      className={cn(
        'sticky top-14 z-10 border-b bg-background px-2 py-2 text-left text-xs font-medium text-muted-foreground',
        className,
      )}
    >
      {children}
    </th>
  )
}

function SortableTh({
  field,
  filter,
  onSort,
  className,
}: {
  field: RequestSort
  filter: RequestTableFilter
  onSort: (sort: RequestTableFilter['sort']) => void
  className?: string
}) {
  const sorted = filter.sort.field === field
  const Icon = !sorted ? ArrowUpDown : filter.sort.descending ? ArrowDown : ArrowUp
  return (
    <th
      scope="col"
      aria-sort={sorted ? (filter.sort.descending ? 'descending' : 'ascending') : undefined}
      className={cn(
        'sticky top-14 z-10 border-b bg-background px-1 py-1 text-left text-xs font-medium text-muted-foreground',
        className,
      )}
    >
      <button
        type="button"
        onClick={() => onSort(nextSort(filter.sort, field))}
        className="inline-flex h-7 cursor-pointer items-center gap-1 rounded-sm px-1 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {sortLabel(field)}
        <Icon aria-hidden="true" className={cn('size-3.5', !sorted && 'opacity-40')} />
      </button>
    </th>
  )
}

function Td({ children, className }: { children?: ReactNode; className?: string }) {
  return <td className={cn('border-b px-2 py-1 align-middle', className)}>{children}</td>
}
