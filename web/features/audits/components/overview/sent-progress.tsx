import type { AuditReport } from '@shared/schemas/reports'
import { Progress } from '@/components/ui/progress'
import { countOf } from '@/lib/plural'
import { percentOf } from './report-format'
import { ReportCard } from './report-card'

/** Done (accepted or not applicable) over sent; an audit that sent nothing says so. */
export function SentProgress({
  progress: { done, sent },
  drafts,
}: {
  progress: AuditReport['progress']
  drafts: number
}) {
  return (
    <ReportCard
      title="Progress"
      description="Requests accepted or set aside as not applicable, of those sent to the client."
    >
      {sent === 0 ? (
        <div className="grid gap-2">
          <p className="text-2xl leading-8 font-semibold">Nothing sent yet</p>
          <div
            aria-hidden="true"
            className="h-2.5 w-full rounded-full border border-muted-foreground/50 bg-muted"
          />
          <p className="text-sm text-muted-foreground">
            {drafts > 0
              ? `${countOf(drafts, 'draft')} waiting to be sent from the Requests tab. The figures start with the first sending.`
              : 'No requests yet. The figures start when the first requests are sent to the client.'}
          </p>
        </div>
      ) : (
        <SentDone done={done} sent={sent} />
      )}
    </ReportCard>
  )
}

function SentDone({ done, sent }: { done: number; sent: number }) {
  const percent = percentOf(done, sent) ?? 0
  const counts = `${done} of ${sent} sent requests done`
  return (
    <div className="grid gap-2">
      <p className="text-2xl leading-8 font-semibold tabular-nums">{percent}%</p>
      <Progress
        value={done}
        max={sent}
        aria-label="Sent requests done"
        getValueLabel={() => `${counts}, ${percent}%`}
        className="h-2.5"
      />
      <p className="text-sm text-muted-foreground tabular-nums">{counts}</p>
    </div>
  )
}
