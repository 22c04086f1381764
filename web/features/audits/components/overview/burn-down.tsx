import type { AuditReport } from '@shared/schemas/reports'
import { lazy, Suspense, useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { formatCalendarDate } from '@/lib/dates'
import { ReportCard } from './report-card'

// The chart library loads only with the charts (its own chunk), not with the app.
const BurnDownChart = lazy(() =>
  import('./burn-down-chart').then((m) => ({ default: m.BurnDownChart })),
)

const CHART_HEIGHT = 224

/**
 * The open requests day by day against the due dates' plan, as a chart or, for whoever cannot
 * read one, as a table; a sentence says where it started and where it stands.
 */
export function BurnDown({
  points,
  className,
}: {
  points: AuditReport['burnDown']
  className?: string
}) {
  const [asTable, setAsTable] = useState(false)
  const viewId = useId()
  const first = points[0]
  const last = points.at(-1)

  return (
    <ReportCard
      title="Burn-down"
      description="Requests open at the end of each day, against those still open had each been done by its due date."
      className={className}
      action={
        last ? (
          <Button
            variant="outline"
            size="sm"
            aria-controls={viewId}
            onClick={() => setAsTable((shown) => !shown)}
          >
            {asTable ? 'Show as chart' : 'Show as table'}
          </Button>
        ) : undefined
      }
    >
      {!first || !last ? (
        <p className="text-sm text-muted-foreground">
          The burn-down starts with the first sending.
        </p>
      ) : (
        <>
          <div id={viewId}>
            {asTable ? (
              <BurnDownTable points={points} />
            ) : (
              <div aria-hidden="true" className="grid gap-2">
                <BurnDownLegend />
                <Suspense
                  fallback={<Skeleton style={{ height: CHART_HEIGHT }} className="w-full" />}
                >
                  <BurnDownChart points={points} height={CHART_HEIGHT} />
                </Suspense>
              </div>
            )}
          </div>
          <p className="text-sm text-muted-foreground tabular-nums">
            {first === last
              ? `${last.open} open on ${formatCalendarDate(last.day)}`
              : `Open requests went from ${first.open} on ${formatCalendarDate(first.day)} to ${last.open} on ${formatCalendarDate(last.day)}`}
            ; had each been done by its due date, {last.planned} would be.
          </p>
        </>
      )}
    </ReportCard>
  )
}

/** Each line's word beside its stroke (solid, dashed): never told apart by colour alone. */
function BurnDownLegend() {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
      <li className="flex items-center gap-1.5">
        <svg width="20" height="4" aria-hidden="true">
          <line x1="0" y1="2" x2="20" y2="2" stroke="var(--primary)" strokeWidth="2" />
        </svg>
        Open
      </li>
      <li className="flex items-center gap-1.5">
        <svg width="20" height="4" aria-hidden="true">
          <line
            x1="0"
            y1="2"
            x2="20"
            y2="2"
            stroke="var(--muted-foreground)"
            strokeWidth="2"
            strokeDasharray="5 4"
          />
        </svg>
        If done by due dates
      </li>
    </ul>
  )
}

function BurnDownTable({ points }: { points: AuditReport['burnDown'] }) {
  return (
    // Scrolls on its own (up to BURN_DOWN_POINTS rows), so it can take the keyboard's focus.
    <div
      role="region"
      aria-label="Burn-down by day"
      tabIndex={0}
      className="max-h-64 overflow-y-auto rounded-md border"
    >
      <table className="w-full text-sm">
        <thead className="sticky top-0 bg-card text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="border-b px-3 py-2 text-left font-medium">
              Day
            </th>
            <th scope="col" className="border-b px-3 py-2 text-right font-medium">
              Open
            </th>
            <th scope="col" className="border-b px-3 py-2 text-right font-medium">
              If done by due dates
            </th>
          </tr>
        </thead>
        <tbody className="divide-y tabular-nums">
          {points.map(({ day, open, planned }) => (
            <tr key={day}>
              <th scope="row" className="px-3 py-1.5 text-left font-normal">
                {formatCalendarDate(day)}
              </th>
              <td className="px-3 py-1.5 text-right">{open}</td>
              <td className="px-3 py-1.5 text-right">{planned}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
