import { REQUEST_STATUSES, REQUEST_STATUS_LABELS } from '@shared/schemas/requests'
import type { AuditReport } from '@shared/schemas/reports'
import { lazy, Suspense } from 'react'
import { Link } from 'react-router'
import { Skeleton } from '@/components/ui/skeleton'
import { ReportCard } from './report-card'
import { requestsWithStatus } from './request-links'

// The chart library loads only with the charts (its own chunk), not with the app.
const StatusBars = lazy(() => import('./status-bars').then((m) => ({ default: m.StatusBars })))

/** One row of the list per bar of the chart beside it: they line up. */
const ROW_HEIGHT = 32

/** How many requests each status holds, each a link to the Requests tab showing them. */
export function StatusBreakdown({
  auditId,
  byStatus,
  className,
}: {
  auditId: string
  byStatus: AuditReport['byStatus']
  className?: string
}) {
  const rows = REQUEST_STATUSES.map((status) => ({ status, count: byStatus[status] }))
  const total = rows.reduce((sum, row) => sum + row.count, 0)

  return (
    <ReportCard title="Requests by status" className={className}>
      {total === 0 ? (
        <p className="text-sm text-muted-foreground">No requests yet.</p>
      ) : (
        <div className="grid grid-cols-[minmax(0,auto)_minmax(4rem,1fr)] items-start gap-x-4">
          <ul aria-label="Requests by status" className="grid text-sm">
            {rows.map(({ status, count }) => {
              const label = REQUEST_STATUS_LABELS[status]
              const figure = (
                <>
                  <span className="truncate">{label}</span>{' '}
                  <span className="font-medium tabular-nums">{count}</span>
                </>
              )
              return (
                <li key={status} style={{ height: ROW_HEIGHT }} className="flex items-center">
                  {/* A status with none would open an empty table: a figure, not a link. */}
                  {count > 0 ? (
                    <Link
                      to={requestsWithStatus(auditId, status)}
                      className="flex w-full items-center justify-between gap-4 rounded-sm text-primary underline-offset-4 hover:underline"
                    >
                      {figure}
                    </Link>
                  ) : (
                    <span className="flex w-full items-center justify-between gap-4 text-muted-foreground">
                      {figure}
                    </span>
                  )}
                </li>
              )
            })}
          </ul>
          <div aria-hidden="true">
            <Suspense
              fallback={
                <Skeleton style={{ height: rows.length * ROW_HEIGHT }} className="w-full" />
              }
            >
              <StatusBars rows={rows} rowHeight={ROW_HEIGHT} />
            </Suspense>
          </div>
        </div>
      )}
    </ReportCard>
  )
}
