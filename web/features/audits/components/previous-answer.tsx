import type { RequestDetail } from '@shared/schemas/requests'
import { VersionCard } from './version-card'

/** Last period's accepted answer to the request this one was rolled forward from, for reference. */
export function PreviousAnswer({ previous }: { previous: RequestDetail['previous'] }) {
  if (!previous) return null
  return (
    <section aria-labelledby="previous-heading" className="grid gap-3">
      <div className="grid gap-1">
        <h2 id="previous-heading" className="text-lg font-semibold">
          Last period&apos;s answer
        </h2>
        <p className="text-sm text-muted-foreground">
          Accepted in {previous.auditName}, for reference.
        </p>
      </div>
      <VersionCard version={previous.version} />
    </section>
  )
}
