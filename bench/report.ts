// The bench's results: one markdown table for every database, and the same as JSON.
import type { Figures } from './measure'

export type DatabaseName = 'PGlite' | 'PostgreSQL'

export interface Row extends Figures {
  database: DatabaseName
  scenario: string
  /** Rows the request returns (list scenarios); null for writes. */
  rows: number | null
  /** Our requests/s over the baseline's on the same rows; null where there is no baseline. */
  vsBaseline: number | null
  /** The baseline's server CPU per request over ours (higher is better, like vsBaseline). */
  cpuVsBaseline: number | null
}

export interface Budget {
  database: DatabaseName
  rows: number
  ratio: number
  minimum: number
  met: boolean
}

export interface Report {
  date: string
  machine: string
  durationSeconds: number
  connections: number
  rows: Row[]
  budgets: Budget[]
}

export const LIST_SCENARIO = 'GET /api/clients'
/** The same list through an API token: it must cost no more than through the session cookie. */
export const TOKEN_LIST_SCENARIO = 'GET /api/clients (API token)'
/** The list's rows by the plain query, field by field: the reference the budgets are set against. */
export const BASELINE_SCENARIO = 'baseline: plain SQL, bare Fastify'
/** The same rows read as our lists read them, one JSON text per row (decision 052); shown, not judged. */
export const JSON_BASELINE_SCENARIO = 'baseline: JSON rows, bare Fastify'
/** Issue 14's budgets: the signed-in list's requests/s against the baseline's, per database. */
export const BUDGET_RATIO: Record<DatabaseName, number> = { PostgreSQL: 0.8, PGlite: 0.7 }

const number = (value: number) =>
  value >= 100 ? Math.round(value).toLocaleString('en-US') : String(Math.round(value * 100) / 100)
const percent = (ratio: number) => `${Math.round(ratio * 100)}%`

/** Fills in each list row's ratio (by cookie or by token) to the baseline on the same database and rows. */
export function withRatios(rows: Row[]): Row[] {
  return rows.map((row) => {
    if (row.scenario !== LIST_SCENARIO && row.scenario !== TOKEN_LIST_SCENARIO) return row
    const baseline = rows.find(
      (b) => b.scenario === BASELINE_SCENARIO && b.database === row.database && b.rows === row.rows,
    )
    const vsBaseline =
      baseline && baseline.requestsPerSecond > 0
        ? row.requestsPerSecond / baseline.requestsPerSecond
        : null
    const cpuVsBaseline =
      baseline?.cpuMsPerRequest && row.cpuMsPerRequest
        ? baseline.cpuMsPerRequest / row.cpuMsPerRequest
        : null
    return { ...row, vsBaseline, cpuVsBaseline }
  })
}

/** The budget: the authenticated list of `rows` clients reaches its database's share of its baseline. */
export function budgets(rows: Row[], listRows: number): Budget[] {
  return rows
    .filter((row) => row.scenario === LIST_SCENARIO && row.rows === listRows)
    .map((row) => {
      const ratio = row.vsBaseline ?? 0
      const minimum = BUDGET_RATIO[row.database]
      return { database: row.database, rows: listRows, ratio, minimum, met: ratio >= minimum }
    })
}

export function markdownTable(rows: Row[]): string {
  const header = [
    'database',
    'scenario',
    'rows',
    'req/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'vs baseline',
    'CPU ms/req',
    'CPU vs baseline',
  ]
  const lines = rows.map((row) => [
    row.database,
    row.scenario,
    row.rows === null ? '–' : row.rows.toLocaleString('en-US'),
    number(row.requestsPerSecond),
    number(row.p50Ms),
    number(row.p99Ms),
    String(row.errors),
    row.vsBaseline === null ? '' : percent(row.vsBaseline),
    row.cpuMsPerRequest === null ? '' : row.cpuMsPerRequest.toFixed(2),
    row.cpuVsBaseline === null ? '' : percent(row.cpuVsBaseline),
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i]!.length)))
  const numeric = new Set([2, 3, 4, 5, 6, 7, 8, 9])
  const format = (cells: string[]) =>
    `| ${cells.map((cell, i) => (numeric.has(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join(' | ')} |`
  const rule = `|${widths.map((w, i) => (numeric.has(i) ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`
  return [format(header), rule, ...lines.map(format)].join('\n')
}

export function budgetLines(list: Budget[]): string {
  return list
    .map(
      (b) =>
        `Budget, ${b.database}: authenticated list of ${b.rows} clients at ${percent(b.ratio)} of the baseline (≥ ${percent(b.minimum)}): ${b.met ? 'met' : 'NOT met'}`,
    )
    .join('\n')
}
