import type { RequestProgress as Progress } from '@shared/schemas/requests'

/** "N of M accepted" with a bar; not-applicable requests are not counted. */
export function RequestProgress({ progress }: { progress: Progress }) {
  const { accepted, total } = progress
  const percent = total === 0 ? 0 : Math.round((accepted / total) * 100)
  const label = `${accepted} of ${total} accepted`
  return (
    <div className="grid gap-1.5">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">Progress</span>
        <span className="text-muted-foreground tabular-nums">
          {label} · {percent}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Requests accepted"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={accepted}
        aria-valuetext={label}
        className="h-2.5 w-full overflow-hidden rounded-full border border-muted-foreground/50 bg-muted"
      >
        <div className="h-full rounded-full bg-success" style={{ width: `${percent}%` }} />
      </div>
    </div>
  )
}
