import type { RequestProgress } from '@shared/schemas/requests'
import { Progress } from '@/components/ui/progress'

/**
 * A card's progress as the server counts it (accepted of all but the not-applicable requests the
 * user may see): a slim bar and "12 of 30 accepted".
 */
export function AcceptedProgress({ progress }: { progress: RequestProgress }) {
  const { accepted, total } = progress
  if (total === 0) {
    return (
      <div className="grid gap-1.5">
        <div
          aria-hidden="true"
          className="h-2 w-full rounded-full border border-muted-foreground/50 bg-muted"
        />
        <p className="text-xs text-muted-foreground">No requests yet</p>
      </div>
    )
  }
  const label = `${accepted} of ${total} accepted`
  return (
    <div className="grid gap-1.5">
      <Progress
        value={accepted}
        max={total}
        aria-label="Requests accepted"
        getValueLabel={() => label}
      />
      {/* The bar says it to assistive technology already. */}
      <p aria-hidden="true" className="text-xs text-muted-foreground tabular-nums">
        {label}
      </p>
    </div>
  )
}
