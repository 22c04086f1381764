import {
  REQUEST_STATUSES,
  REQUEST_STATUS_LABELS,
  type RequestStatus,
} from '@shared/schemas/requests'
import {
  AUDIT_STAGES,
  AUDIT_STAGE_LABELS,
  OVERDUE_AGING,
  type OverdueAgingKey,
  type Portfolio,
} from '@shared/schemas/reports'
import { lazy, Suspense, useId, type ReactNode } from 'react'
import { Link } from 'react-router'
import { Card } from '@/components/ui/card'
import { Progress } from '@/components/ui/progress'
import { Skeleton } from '@/components/ui/skeleton'
import { countOf } from '@/lib/plural'
import { cn } from '@/lib/utils'
import type { FigureBar } from '@/components/figure-bars'
import type { PortfolioFilter } from '../lib/portfolio-filter'

// The chart library loads only with the charts (its own chunk), not with the page.
const FigureBars = lazy(() =>
  import('@/components/figure-bars').then((m) => ({ default: m.FigureBars })),
)

/** One row of a list per bar of the chart beside it: they line up. */
const ROW_HEIGHT = 28

// The badges' meanings (components/status-badge.tsx), as the audit Overview draws them: accepted
// green, returned amber, the firm's own and the set-aside grey, the rest in the accent colour.
const STATUS_FILL: Record<RequestStatus, string> = {
  draft: 'var(--muted-foreground)',
  sent: 'var(--primary)',
  submitted: 'var(--primary)',
  accepted: 'var(--success)',
  returned: 'var(--warning)',
  not_applicable: 'var(--muted-foreground)',
}

// Later is worse: amber for the first week, red after.
const AGING_FILL: Record<OverdueAgingKey, string> = {
  week: 'var(--warning)',
  month: 'var(--destructive)',
  older: 'var(--destructive)',
}

/** A whole percentage, never 0% for some nor 100% for nearly all: "done" is not rounded up. */
function percentOf(part: number, whole: number) {
  const percent = Math.round((part / whole) * 100)
  if (part > 0 && percent === 0) return 1
  if (part < whole && percent === 100) return 99
  return percent
}

const figureLink =
  'rounded-sm underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none'

/**
 * The sums over every audit the filter matches: how many, how many slipping, progress and
 * overdue requests, then the requests by status and the overdue ones by days late. A figure that
 * has a list behind it opens that list (`hrefFor`: the portfolio under another filter).
 */
export function PortfolioSummary({
  portfolio,
  filter,
  hrefFor,
}: {
  portfolio: Portfolio
  filter: PortfolioFilter
  hrefFor: (filter: PortfolioFilter) => string
}) {
  const { totals } = portfolio
  const { done, sent } = totals.progress
  const percent = sent > 0 ? percentOf(done, sent) : null
  const progressText = `${done} of ${sent} sent requests done`

  return (
    <div className="grid gap-4">
      <section aria-label="Totals">
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Figure label="Audits" value={totals.audits}>
            <ul className="flex flex-wrap gap-x-2 gap-y-0.5" aria-label="Audits by stage">
              {AUDIT_STAGES.map((stage) => {
                const count = totals.byStage[stage] ?? 0
                const text = `${AUDIT_STAGE_LABELS[stage]} ${count}`
                return (
                  <li key={stage} className="tabular-nums">
                    {count > 0 && !(filter.stages.length === 1 && filter.stages[0] === stage) ? (
                      <Link
                        to={hrefFor({ ...filter, stages: [stage] })}
                        className={cn(figureLink, 'text-primary')}
                      >
                        {text}
                      </Link>
                    ) : (
                      text
                    )}
                  </li>
                )
              })}
            </ul>
          </Figure>
          <Figure
            label="Slipping"
            value={
              totals.slipping > 0 && !filter.slippingOnly ? (
                <Link
                  to={hrefFor({ ...filter, slippingOnly: true })}
                  aria-label={`${countOf(totals.slipping, 'audit')} slipping: show only these`}
                  className={figureLink}
                >
                  {totals.slipping}
                </Link>
              ) : (
                totals.slipping
              )
            }
            alarming={totals.slipping > 0}
          >
            Overdue, or no word from the client for {countOf(portfolio.quietDays, 'day')} or more
          </Figure>
          <Figure label="Progress" value={percent === null ? '—' : `${percent}%`}>
            {sent > 0 ? (
              <span className="grid gap-1.5">
                <Progress
                  value={done}
                  max={sent}
                  aria-label="Sent requests done"
                  getValueLabel={() => `${progressText}, ${percent}%`}
                  className="h-1.5"
                />
                <span aria-hidden="true">{progressText}</span>
              </span>
            ) : (
              'Nothing sent yet'
            )}
          </Figure>
          <Figure
            label="Overdue requests"
            value={
              totals.overdue.total > 0 &&
              !(filter.sort.field === 'overdue' && filter.sort.descending) ? (
                <Link
                  to={hrefFor({ ...filter, sort: { field: 'overdue', descending: true } })}
                  aria-label={`${countOf(totals.overdue.total, 'overdue request')}: most overdue audits first`}
                  className={figureLink}
                >
                  {totals.overdue.total}
                </Link>
              ) : (
                totals.overdue.total
              )
            }
            alarming={totals.overdue.total > 0}
          >
            Waiting for the client past their due date
          </Figure>
        </dl>
      </section>
      <div className="grid gap-4 lg:grid-cols-2">
        <StatusMix byStatus={totals.byStatus} />
        <OverdueAging overdue={totals.overdue} />
      </div>
    </div>
  )
}

function Figure({
  label,
  value,
  alarming = false,
  children,
}: {
  label: string
  value: ReactNode
  /** Red: something is late. */
  alarming?: boolean
  children: ReactNode
}) {
  return (
    <div className="grid min-w-0 content-start gap-1 rounded-lg border bg-card px-4 py-3">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd
        className={cn(
          'text-2xl leading-8 font-semibold tabular-nums',
          alarming && 'text-destructive',
        )}
      >
        {value}
      </dd>
      <dd className="text-xs text-muted-foreground">{children}</dd>
    </div>
  )
}

/** A titled card of the summary, named by its title for assistive technology. */
function SummaryCard({
  title,
  description,
  children,
}: {
  title: string
  description: string
  children: ReactNode
}) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="min-w-0">
      <Card className="grid h-full content-start gap-3 p-4">
        <div className="grid gap-1">
          <h2 id={headingId} className="text-base leading-tight font-semibold">
            {title}
          </h2>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        {children}
      </Card>
    </section>
  )
}

/** The figures named and counted in a list, the bars beside them for the eye only. */
function FigureList({ label, rows }: { label: string; rows: (FigureBar & { label: string })[] }) {
  return (
    <div className="grid grid-cols-[minmax(0,auto)_minmax(4rem,1fr)] items-start gap-x-4">
      <ul aria-label={label} className="grid text-sm">
        {rows.map(({ key, label: name, count }) => (
          <li
            key={key}
            style={{ height: ROW_HEIGHT }}
            className={cn(
              'flex items-center justify-between gap-4',
              count === 0 && 'text-muted-foreground',
            )}
          >
            <span className="truncate">{name}</span>
            <span className="font-medium tabular-nums">{count}</span>
          </li>
        ))}
      </ul>
      <div aria-hidden="true">
        <Suspense
          fallback={<Skeleton style={{ height: rows.length * ROW_HEIGHT }} className="w-full" />}
        >
          <FigureBars rows={rows} rowHeight={ROW_HEIGHT} />
        </Suspense>
      </div>
    </div>
  )
}

function StatusMix({ byStatus }: { byStatus: Portfolio['totals']['byStatus'] }) {
  const rows = REQUEST_STATUSES.map((status) => ({
    key: status,
    label: REQUEST_STATUS_LABELS[status],
    count: byStatus[status] ?? 0,
    fill: STATUS_FILL[status],
  }))
  const total = rows.reduce((sum, row) => sum + row.count, 0)
  return (
    <SummaryCard
      title="Requests by status"
      description={`${countOf(total, 'request')} in these audits, drafts included.`}
    >
      {total === 0 ? (
        <p className="text-sm text-muted-foreground">No requests yet.</p>
      ) : (
        <FigureList label="Requests by status" rows={rows} />
      )}
    </SummaryCard>
  )
}

function OverdueAging({ overdue }: { overdue: Portfolio['totals']['overdue'] }) {
  const counts = new Map(overdue.aging.map(({ key, count }) => [key, count]))
  const rows = OVERDUE_AGING.map(({ key, label }) => ({
    key,
    label,
    count: counts.get(key) ?? 0,
    fill: AGING_FILL[key],
  }))
  return (
    <SummaryCard
      title="Overdue aging"
      description="Requests waiting for the client past their due date, by days late."
    >
      {overdue.total === 0 ? (
        <p className="text-sm text-muted-foreground">
          Nothing is overdue: every request waiting for a client is within its due date.
        </p>
      ) : (
        <FigureList label="Overdue requests by days late" rows={rows} />
      )}
    </SummaryCard>
  )
}

/** The summary's places while it loads, so that nothing moves when it arrives. */
export function PortfolioSummarySkeleton() {
  return (
    <div className="grid gap-4" aria-hidden="true">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-[6.5rem] w-full rounded-lg" />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-64 w-full rounded-lg" />
        <Skeleton className="h-64 w-full rounded-lg" />
      </div>
    </div>
  )
}
