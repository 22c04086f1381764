import type { RequestStatus } from '@shared/schemas/requests'
import { FigureBars } from '@/components/figure-bars'

// The badges' meanings (components/status-badge.tsx): accepted green, returned amber, the
// firm's own and the set-aside grey, what is with the client or the firm in the accent colour.
const STATUS_FILL: Record<RequestStatus, string> = {
  draft: 'var(--muted-foreground)',
  sent: 'var(--primary)',
  submitted: 'var(--primary)',
  accepted: 'var(--success)',
  returned: 'var(--warning)',
  not_applicable: 'var(--muted-foreground)',
}

/** One bar per status, beside the list that names each (status-breakdown.tsx). */
export function StatusBars({
  rows,
  rowHeight,
}: {
  rows: readonly { status: RequestStatus; count: number }[]
  rowHeight: number
}) {
  return (
    <FigureBars
      rows={rows.map((row) => ({
        key: row.status,
        count: row.count,
        fill: STATUS_FILL[row.status],
      }))}
      rowHeight={rowHeight}
    />
  )
}
