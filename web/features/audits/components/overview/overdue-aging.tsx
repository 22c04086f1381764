import { OVERDUE_AGING, type AuditReport } from '@shared/schemas/reports'
import { Link } from 'react-router'
import { countOf } from '@/lib/plural'
import { ReportCard } from './report-card'
import { overdueRequests } from './request-links'

/** The overdue requests by how late they are, and all of them in the Requests tab. */
export function OverdueAging({
  auditId,
  overdue,
  className,
}: {
  auditId: string
  overdue: AuditReport['overdue']
  className?: string
}) {
  const counts = new Map(overdue.aging.map(({ key, count }) => [key, count]))
  return (
    <ReportCard
      title="Overdue"
      description="Waiting for the client past their due date, by days late."
      className={className}
      action={
        overdue.total > 0 ? (
          <Link
            to={overdueRequests(auditId)}
            className="rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {countOf(overdue.total, 'overdue request')}
          </Link>
        ) : undefined
      }
    >
      {overdue.total === 0 ? (
        <p className="text-sm text-muted-foreground">
          Nothing is overdue: every request waiting for the client is within its due date.
        </p>
      ) : (
        <dl className="grid grid-cols-3 gap-3">
          {OVERDUE_AGING.map(({ key, label }) => (
            <div key={key} className="grid gap-1 rounded-md border px-3 py-2">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="text-2xl leading-8 font-semibold tabular-nums">
                {counts.get(key) ?? 0}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </ReportCard>
  )
}
