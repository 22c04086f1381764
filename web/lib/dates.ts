import { DEFAULT_DATE_FORMAT, type DateFormat } from '@shared/constants'
import { formatDay, formatDayTime } from '@shared/format'

const DAY_MS = 24 * 60 * 60 * 1000

let activeDateFormat: DateFormat = DEFAULT_DATE_FORMAT

/**
 * The company's order of day and month, which every formatter below follows. The session sets it
 * (lib/session.tsx) and redraws what it wraps when it changes.
 */
export function setDateFormat(dateFormat: DateFormat) {
  activeDateFormat = dateFormat
}

export function getDateFormat(): DateFormat {
  return activeDateFormat
}

/**
 * A calendar date ("2025-03-14") as a local date. `new Date('2025-03-14')` would read it as UTC
 * midnight and show the day before west of Greenwich.
 */
export function parseCalendarDate(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return null
  const [, year, month, day] = match
  const date = new Date(Number(year), Number(month) - 1, Number(day))
  return Number.isNaN(date.getTime()) ? null : date
}

/** Today as a calendar date ("2025-03-14") where the user is. */
export function todayAsCalendarDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/**
 * What to say of a due date being set, if it has passed: whatever waits for the client with it is
 * overdue at once (and reminded of the day after it is sent).
 */
export function pastDueWarning(value: string | null | undefined, now: Date = new Date()) {
  if (!value || !parseCalendarDate(value) || value >= todayAsCalendarDate(now)) return undefined
  return `${formatCalendarDate(value)} has passed: the request is overdue as soon as the client has it.`
}

/**
 * A calendar date in the company's order: "Mar 14, 2025" or "14 Mar 2025" (`dateFormat`: the
 * active one unless given, as the settings' preview gives it).
 */
export function formatCalendarDate(value: string, dateFormat = activeDateFormat): string {
  const date = parseCalendarDate(value)
  return date ? formatDay(date, dateFormat) : value
}

/** A timestamp's date where the user is, in the company's order. */
export function formatDate(value: string): string {
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? value : formatDay(date, activeDateFormat)
}

/** A timestamp's date and time where the user is, in the company's order (for hover titles). */
export function formatDateTime(value: string): string {
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? value : formatDayTime(date, activeDateFormat)
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', DAY_MS],
  ['hour', 60 * 60 * 1000],
  ['minute', 60 * 1000],
]

/** "2 hours ago" for the last week; the date beyond that. */
export function formatRelativeTime(value: string, now: number = Date.now()): string {
  const time = new Date(value).getTime()
  if (Number.isNaN(time)) return value
  const diff = time - now
  if (Math.abs(diff) >= 7 * DAY_MS) return formatDate(value)
  if (Math.abs(diff) < 60 * 1000) return 'just now'
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' })
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size) return format.format(Math.round(diff / size), unit)
  }
  return 'just now'
}
