import type { AuditReport } from '@shared/schemas/reports'
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts'
import { formatCalendarDate } from '@/lib/dates'

/** Beyond a month of points, dots would only blur the line. */
const MAX_DOTTED_POINTS = 31

const tick = { fill: 'var(--muted-foreground)', fontSize: 12 }
const day = (value: string) => formatCalendarDate(value)

/** The open requests day by day (solid) against those the due dates leave open (dashed). */
export function BurnDownChart({
  points,
  height,
}: {
  points: AuditReport['burnDown']
  height: number
}) {
  const dot = points.length <= MAX_DOTTED_POINTS ? { r: 2.5 } : false
  return (
    <LineChart
      data={points}
      responsive
      style={{ width: '100%', height }}
      margin={{ top: 8, right: 12, bottom: 0, left: 0 }}
      accessibilityLayer={false}
      className="tabular-nums"
    >
      <CartesianGrid stroke="var(--border)" vertical={false} />
      <XAxis
        dataKey="day"
        tickFormatter={day}
        tick={tick}
        tickLine={false}
        axisLine={{ stroke: 'var(--input)' }}
        minTickGap={32}
        interval="preserveStartEnd"
      />
      <YAxis allowDecimals={false} width={36} tick={tick} tickLine={false} axisLine={false} />
      <Tooltip
        labelFormatter={(label) => day(String(label))}
        contentStyle={{
          background: 'var(--popover)',
          border: '1px solid var(--border)',
          borderRadius: 6,
          color: 'var(--popover-foreground)',
          fontSize: 12,
        }}
        cursor={{ stroke: 'var(--input)' }}
        isAnimationActive={false}
      />
      <Line
        dataKey="planned"
        name="If done by due dates"
        type="linear"
        stroke="var(--muted-foreground)"
        strokeWidth={2}
        strokeDasharray="5 4"
        dot={dot}
        isAnimationActive={false}
      />
      <Line
        dataKey="open"
        name="Open"
        type="linear"
        stroke="var(--primary)"
        strokeWidth={2}
        dot={dot}
        isAnimationActive={false}
      />
    </LineChart>
  )
}
