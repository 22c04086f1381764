import type { PortfolioAudit, PortfolioSort } from '@shared/schemas/reports'
import { PROJECT_STATUS_LABELS } from '@shared/schemas/projects'
import { ArrowDown, ArrowUp, ArrowUpDown, TriangleAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Badge } from '@/components/ui/badge'
import { Progress } from '@/components/ui/progress'
import { Skeleton } from '@/components/ui/skeleton'
import { formatCalendarDate, formatDateTime } from '@/lib/dates'
import { countOf } from '@/lib/plural'
import { cn } from '@/lib/utils'
import { nextSort, type PortfolioSortOrder } from '../lib/portfolio-filter'
import { StageBadge } from './stage-badge'

// Where the whole table fits beside the sidebar (90rem), its header stays in view as the page
// scrolls; below, the table scrolls sideways in its own region (a sticky header cannot do both).
const stickyHeader = 'min-[90rem]:sticky min-[90rem]:top-14 min-[90rem]:z-10'

// On phones the client and project go under the audit's name, which stays in view (sticky) as
// the rest of the row scrolls sideways.
const WIDE_ONLY = 'hidden md:table-cell'
const PINNED = 'max-md:sticky max-md:left-0 max-md:z-[1]'
/** A red bar at the start of a slipping row: on the client's cell, or the audit's on phones. */
const SLIPPING_MARK = 'shadow-[inset_3px_0_0_var(--destructive)]'
const SLIPPING_MARK_PHONE = 'max-md:shadow-[inset_3px_0_0_var(--destructive)]'

// Fixed widths but the audit's, which takes the rest (their sum stays under the table's minimum).
const COLUMNS: { label: string; sort?: PortfolioSort; className: string }[] = [
  { label: 'Client', sort: 'client', className: cn('w-[8rem]', WIDE_ONLY) },
  { label: 'Project', className: cn('w-[7.5rem]', WIDE_ONLY) },
  { label: 'Audit', sort: 'audit', className: PINNED },
  { label: 'Lead', className: 'w-[7.5rem]' },
  { label: 'Stage', className: 'w-[7rem]' },
  { label: 'Progress', sort: 'progress', className: 'w-[6rem]' },
  { label: 'Overdue', sort: 'overdue', className: 'w-[5.5rem] text-right' },
  { label: 'Next due', sort: 'nextDue', className: 'w-[6.5rem]' },
  { label: 'Quiet', sort: 'quiet', className: 'w-[4.5rem] text-right' },
  { label: 'Due', sort: 'dueDate', className: 'w-[6.5rem]' },
]

const link =
  'rounded-sm underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none'

/**
 * The firm's audits, one line each: who, where it stands, how far, how late, how quiet; a
 * slipping audit is tinted and flagged, with who holds its open requests. Sortable headers (the
 * server sorts); every figure with a list behind it opens it.
 */
export function PortfolioTable({
  audits,
  total,
  today,
  quietDays,
  sort,
  onSort,
}: {
  audits: PortfolioAudit[]
  /** How many match the filter (more than `audits` until every page is read). */
  total: number
  /** The firm's today (YYYY-MM-DD), from which lateness is counted. */
  today: string
  /** The quiet-days threshold the audits were judged by. */
  quietDays: number
  sort: PortfolioSortOrder
  onSort: (sort: PortfolioSortOrder) => void
}) {
  return (
    <div
      role="region"
      aria-label="Audit table"
      // Scrolls sideways on narrow screens: the keyboard can scroll it too.
      tabIndex={0}
      // Relative: what is positioned in it (screen-reader text) scrolls with it, not the page.
      className="relative overflow-x-auto rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none min-[90rem]:overflow-visible"
    >
      <table
        aria-rowcount={total + 1}
        className="w-full min-w-[52rem] table-fixed border-separate border-spacing-0 text-sm md:min-w-[68rem]"
      >
        <caption className="sr-only">Audits</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) =>
              column.sort ? (
                <SortableTh
                  key={column.label}
                  label={column.label}
                  field={column.sort}
                  sort={sort}
                  onSort={onSort}
                  className={column.className}
                />
              ) : (
                <Th key={column.label} className={column.className}>
                  {column.label}
                </Th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {audits.map((audit, index) => (
            <AuditRow
              key={audit.id}
              audit={audit}
              rowIndex={index + 2}
              today={today}
              quietDays={quietDays}
            />
          ))}
        </tbody>
      </table>
    </div>
  )
}

function AuditRow({
  audit,
  rowIndex,
  today,
  quietDays,
}: {
  audit: PortfolioAudit
  rowIndex: number
  today: string
  quietDays: number
}) {
  const { slipping } = audit
  return (
    <tr
      aria-rowindex={rowIndex}
      data-slipping={slipping || undefined}
      // Solid: the pinned audit cell takes the row's colour over what scrolls beneath it.
      className={cn(slipping ? 'bg-destructive-soft' : 'bg-background hover:bg-muted')}
    >
      <Td className={cn(WIDE_ONLY, slipping && SLIPPING_MARK)}>
        <Link
          to={`/clients/${audit.client.id}`}
          className={cn(link, 'block truncate')}
          title={audit.client.name}
        >
          {audit.client.name}
        </Link>
      </Td>
      <Td className={WIDE_ONLY}>
        <Link
          to={`/projects/${audit.project.id}`}
          className={cn(link, 'block truncate')}
          title={audit.project.name}
        >
          {audit.project.name}
        </Link>
        {audit.project.status === 'active' ? null : (
          <span className="block text-xs text-muted-foreground">
            {PROJECT_STATUS_LABELS[audit.project.status]}
          </span>
        )}
      </Td>
      <Td className={cn(PINNED, 'max-md:bg-inherit', slipping && SLIPPING_MARK_PHONE)}>
        <Link
          to={`/audits/${audit.id}`}
          className={cn(link, 'block truncate font-medium text-primary')}
          title={audit.name}
        >
          {audit.name}
        </Link>
        <span className="block truncate text-xs text-muted-foreground md:hidden">
          {audit.client.name} › {audit.project.name}
        </span>
        <AuditAttention audit={audit} />
      </Td>
      <Td>
        {audit.lead ? (
          <span className="block truncate" title={audit.lead.name}>
            {audit.lead.name}
          </span>
        ) : (
          <span className="text-muted-foreground">No lead</span>
        )}
      </Td>
      <Td>
        <StageBadge stage={audit.stage} />
      </Td>
      <Td>
        <AuditProgress audit={audit} />
      </Td>
      <Td className="text-right">
        <OverdueFigure audit={audit} />
      </Td>
      <Td>
        <CalendarDate value={audit.nextDueDate} />
      </Td>
      <Td className="text-right">
        <QuietFigure audit={audit} quietDays={quietDays} />
      </Td>
      <Td>
        <CalendarDate
          value={audit.dueDate}
          past={
            audit.dueDate !== null &&
            audit.dueDate < today &&
            audit.stage !== 'completed' &&
            audit.stage !== 'done'
          }
        />
      </Td>
    </tr>
  )
}

/** What asks for attention under the audit's name: slipping, who holds it, answers to review. */
function AuditAttention({ audit }: { audit: PortfolioAudit }) {
  const { slipping, holder, awaitingReview } = audit
  if (!slipping && !holder && awaitingReview === 0) return null
  return (
    <span className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs">
      {slipping ? (
        // Solid: it must stand out on the row's own red tint.
        <Badge variant="destructive" className="bg-destructive text-destructive-foreground">
          <TriangleAlert aria-hidden="true" />
          Slipping
        </Badge>
      ) : null}
      {holder ? (
        <span
          className={slipping ? 'text-foreground' : 'text-muted-foreground'}
          title={`${holder.name} holds ${countOf(holder.open, 'open request')}`}
        >
          held by {holder.name} · {holder.open}&nbsp;open
        </span>
      ) : null}
      {awaitingReview > 0 ? (
        <Link to={`/audits/${audit.id}?status=submitted`} className={cn(link, 'text-primary')}>
          {awaitingReview} to review
        </Link>
      ) : null}
    </span>
  )
}

function AuditProgress({ audit }: { audit: PortfolioAudit }) {
  const { done, sent } = audit.progress
  if (sent === 0) {
    const drafts = audit.requests - sent
    return (
      <span className="block text-xs text-muted-foreground">
        Nothing sent
        {drafts > 0 ? <span className="block">{countOf(drafts, 'draft')}</span> : null}
      </span>
    )
  }
  const label = `${done} of ${sent} sent requests done`
  return (
    <span className="grid gap-1">
      <Progress
        value={done}
        max={sent}
        aria-label={`Progress of ${audit.name}`}
        getValueLabel={() => label}
        className="h-1.5"
      />
      <span aria-hidden="true" className="text-xs text-muted-foreground tabular-nums">
        {done} / {sent}
      </span>
    </span>
  )
}

function OverdueFigure({ audit }: { audit: PortfolioAudit }) {
  if (audit.overdue === 0) return <span className="text-muted-foreground tabular-nums">0</span>
  const late = `most ${countOf(audit.mostDaysLate, 'day')} late`
  return (
    <>
      <Link
        to={`/audits/${audit.id}?overdue=1`}
        aria-label={`${countOf(audit.overdue, 'overdue request')} in ${audit.name}, ${late}`}
        className={cn(link, 'font-semibold text-destructive tabular-nums')}
      >
        {audit.overdue}
      </Link>
      <span aria-hidden="true" className="block text-xs text-destructive">
        {late}
      </span>
    </>
  )
}

function QuietFigure({ audit, quietDays }: { audit: PortfolioAudit; quietDays: number }) {
  if (audit.quietDays === null)
    return (
      <span className="text-muted-foreground" title="Nothing sent yet">
        <span aria-hidden="true">—</span>
        <span className="sr-only">Nothing sent yet</span>
      </span>
    )
  const quiet = audit.stage === 'open' && audit.quietDays >= quietDays
  return (
    <span
      className={cn('tabular-nums', quiet && 'font-semibold text-warning')}
      title={
        audit.lastClientActivityAt
          ? `Last client activity ${formatDateTime(audit.lastClientActivityAt)}`
          : 'No client activity since the first sending'
      }
    >
      {countOf(audit.quietDays, 'day')}
    </span>
  )
}

function CalendarDate({ value, past = false }: { value: string | null; past?: boolean }) {
  if (!value)
    return (
      <span className="text-muted-foreground">
        <span aria-hidden="true">—</span>
        <span className="sr-only">None</span>
      </span>
    )
  return (
    <time dateTime={value} className={cn('tabular-nums', past && 'text-destructive')}>
      {formatCalendarDate(value)}
      {past ? <span className="sr-only"> (passed)</span> : null}
    </time>
  )
}

function Th({ children, className }: { children?: ReactNode; className?: string }) {
  return (
    <th
      scope="col"
      className={cn(
        'border-b bg-background px-2 py-2 text-left text-xs font-medium text-muted-foreground',
        stickyHeader,
        className,
      )}
    >
      {children}
    </th>
  )
}

function SortableTh({
  label,
  field,
  sort,
  onSort,
  className,
}: {
  label: string
  field: PortfolioSort
  sort: PortfolioSortOrder
  onSort: (sort: PortfolioSortOrder) => void
  className?: string
}) {
  const sorted = sort.field === field
  const Icon = !sorted ? ArrowUpDown : sort.descending ? ArrowDown : ArrowUp
  return (
    <th
      scope="col"
      aria-sort={sorted ? (sort.descending ? 'descending' : 'ascending') : undefined}
      className={cn(
        'border-b bg-background px-1 py-1 text-left text-xs font-medium text-muted-foreground',
        stickyHeader,
        className,
      )}
    >
      <button
        type="button"
        onClick={() => onSort(nextSort(sort, field))}
        className="inline-flex h-7 cursor-pointer items-center gap-1 rounded-sm px-1 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {label}
        <Icon aria-hidden="true" className={cn('size-3.5', !sorted && 'opacity-40')} />
      </button>
    </th>
  )
}

function Td({ children, className }: { children?: ReactNode; className?: string }) {
  return <td className={cn('border-b px-2 py-1.5 align-top', className)}>{children}</td>
}

/** The table's place while the first page loads: its header's and a screen of rows' height. */
export function PortfolioTableSkeleton() {
  return (
    <div aria-hidden="true" className="grid gap-1">
      <Skeleton className="h-9 w-full" />
      {Array.from({ length: 8 }, (_, index) => (
        <Skeleton key={index} className="h-11 w-full" />
      ))}
    </div>
  )
}
