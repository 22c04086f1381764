import type { AuditReport } from '@shared/schemas/reports'
import { useQuery } from '@tanstack/react-query'
import { QueryErrorState } from '@/components/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { reportQueries } from '@/lib/queries/reports'
import { AssigneeWorkload } from './assignee-workload'
import { BurnDown } from './burn-down'
import { OverdueAging } from './overdue-aging'
import { SentProgress } from './sent-progress'
import { StatusBreakdown } from './status-breakdown'
import { TurnaroundFigures } from './turnaround-figures'

/** The audit's figures for the firm (its report): progress, statuses, lateness, pace, workload. */
export function AuditOverview({ auditId }: { auditId: string }) {
  const report = useQuery(reportQueries.audit(auditId))

  if (report.isPending) return <AuditOverviewSkeleton />
  if (report.isError) return <QueryErrorState title="Could not load the overview" query={report} />
  return <AuditFigures auditId={auditId} report={report.data} />
}

function AuditFigures({ auditId, report }: { auditId: string; report: AuditReport }) {
  const progress = <SentProgress progress={report.progress} drafts={report.byStatus.draft} />
  const statuses = <StatusBreakdown auditId={auditId} byStatus={report.byStatus} />

  // Before the first sending every other figure is empty: an audit not started does not look
  // like one in progress.
  if (report.progress.sent === 0) {
    return (
      <div className="grid gap-4 lg:grid-cols-2">
        {progress}
        {statuses}
      </div>
    )
  }
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {progress}
      <OverdueAging auditId={auditId} overdue={report.overdue} />
      <TurnaroundFigures
        turnaround={report.turnaround}
        returns={report.returns}
        className="lg:col-span-2"
      />
      {statuses}
      <AssigneeWorkload auditId={auditId} assignees={report.assignees} />
      <BurnDown points={report.burnDown} className="lg:col-span-2" />
    </div>
  )
}

/** The figures' places, so that nothing moves when they arrive. */
function AuditOverviewSkeleton() {
  return (
    <div role="status" className="grid gap-4 lg:grid-cols-2">
      <span className="sr-only">Loading the overview...</span>
      <Skeleton className="h-44 w-full" />
      <Skeleton className="h-44 w-full" />
      <Skeleton className="h-36 w-full lg:col-span-2" />
      <Skeleton className="h-64 w-full" />
      <Skeleton className="h-64 w-full" />
      <Skeleton className="h-80 w-full lg:col-span-2" />
    </div>
  )
}
