import type { RequestStatus } from '@shared/schemas/requests'
import { Bar, BarChart, XAxis, YAxis } from 'recharts'

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

/**
 * One horizontal bar per status, no labels of its own: it sits beside the list that names each
 * status, one row of `rowHeight` px per bar (status-breakdown.tsx).
 */
export function StatusBars({
  rows,
  rowHeight,
}: {
  rows: readonly { status: RequestStatus; count: number }[]
  rowHeight: number
}) {
  const data = rows.map((row) => ({ ...row, fill: STATUS_FILL[row.status] }))
  return (
    <BarChart
      layout="vertical"
      data={data}
      responsive
      style={{ width: '100%', height: rows.length * rowHeight }}
      margin={{ top: 0, right: 0, bottom: 0, left: 0 }}
      accessibilityLayer={false}
    >
      <XAxis type="number" hide domain={[0, 'dataMax']} allowDecimals={false} />
      <YAxis type="category" dataKey="status" hide />
      <Bar
        dataKey="count"
        barSize={Math.round(rowHeight / 2.5)}
        radius={3}
        background={{ fill: 'var(--muted)', radius: 3 }}
        isAnimationActive={false}
      />
    </BarChart>
  )
}
