import type { AuditDetail } from '@shared/schemas/audits'
import type { RequestProgress as Progress } from '@shared/schemas/requests'
import type { ReactNode } from 'react'
import { AuditStatusBadge } from '@/components/status-badge'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { DueDate } from './due-date'
import { RequestProgress } from './request-progress'

/**
 * The audit's status, due date, description, team, reminders and progress (once the requests
 * are in).
 */
export function AuditSummary({
  audit,
  progress,
  team,
  reminders,
}: {
  audit: AuditDetail
  progress: Progress | undefined
  team: ReactNode
  reminders?: ReactNode
}) {
  return (
    <Card className="grid gap-4 p-5">
      <h2 className="sr-only">Audit details</h2>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <AuditStatusBadge status={audit.status} />
        <span className="text-muted-foreground">
          <DueDate date={audit.dueDate} />
        </span>
      </div>
      {audit.description ? (
        <p className="text-sm whitespace-pre-line text-muted-foreground">{audit.description}</p>
      ) : null}
      {team}
      {reminders}
      <div className="min-h-11">
        {progress ? <RequestProgress progress={progress} /> : <Skeleton className="h-11 w-full" />}
      </div>
    </Card>
  )
}
