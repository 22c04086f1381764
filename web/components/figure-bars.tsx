import { Bar, BarChart, XAxis, YAxis } from 'recharts'

export interface FigureBar {
  key: string
  count: number
  /** A colour of the theme (`var(--success)`), drawn from each row's `fill`: the row beside it says what the bar is. */
  fill: string
}

/**
 * One horizontal bar per figure, no labels of its own: it sits beside the list that names and
 * counts each figure, one row of `rowHeight` px per bar. Its own chunk, with the chart library.
 */
export function FigureBars({ rows, rowHeight }: { rows: readonly FigureBar[]; rowHeight: number }) {
  return (
    <BarChart
      layout="vertical"
      data={rows}
      responsive
      style={{ width: '100%', height: rows.length * rowHeight }}
      margin={{ top: 0, right: 0, bottom: 0, left: 0 }}
      accessibilityLayer={false}
    >
      <XAxis type="number" hide domain={[0, 'dataMax']} allowDecimals={false} />
      <YAxis type="category" dataKey="key" hide />
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
