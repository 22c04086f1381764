import type { AuditReport } from '@shared/schemas/reports'
import { countOf } from '@/lib/plural'
import { formatHours, percentOf } from './report-format'
import { ReportCard } from './report-card'

/** How long the client takes to answer, how long the firm takes to decide, how often it returns. */
export function TurnaroundFigures({
  turnaround,
  returns,
  className,
}: {
  turnaround: AuditReport['turnaround']
  returns: AuditReport['returns']
  className?: string
}) {
  const returnRate = percentOf(returns.returned, returns.submitted)
  return (
    <ReportCard title="Turnaround" className={className}>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Figure
          label="Median client turnaround"
          value={turnaround.clientHours === null ? null : formatHours(turnaround.clientHours)}
          detail={
            turnaround.clientHours === null
              ? 'No submissions yet'
              : `From sending to the first answer, over ${countOf(turnaround.clientSamples, 'request')}`
          }
        />
        <Figure
          label="Median review turnaround"
          value={turnaround.reviewHours === null ? null : formatHours(turnaround.reviewHours)}
          detail={
            turnaround.reviewHours === null
              ? 'No answers reviewed yet'
              : `From an answer to its return or acceptance, over ${countOf(turnaround.reviewSamples, 'decision')}`
          }
        />
        <Figure
          label="Return rate"
          value={returnRate === null ? null : `${returnRate}%`}
          detail={
            returns.submitted === 0
              ? 'No answers submitted yet'
              : `${returns.returned} of ${countOf(returns.submitted, 'answer')} returned to the client`
          }
        />
      </dl>
    </ReportCard>
  )
}

/** A figure with what it is measured over; null: nothing to measure yet. */
function Figure({ label, value, detail }: { label: string; value: string | null; detail: string }) {
  return (
    <div className="grid content-start gap-1 rounded-md border px-3 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-2xl leading-8 font-semibold tabular-nums">
        {value ?? (
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">None yet</span>
          </>
        )}
      </dd>
      <dd className="text-xs text-muted-foreground">{detail}</dd>
    </div>
  )
}
