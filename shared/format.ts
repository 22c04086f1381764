import type { DateFormat } from './constants'

/** How a person is named everywhere: "Ada Lovelace". */
export const fullName = (user: { firstName: string; lastName: string }) =>
  `${user.firstName} ${user.lastName}`.trim()

const UNITS = ['KB', 'MB', 'GB'] as const

/**
 * A byte count for people, the same in messages from the server and in the interface: "1 byte",
 * "512 bytes", "10.5 MB", "25 MB" (1 KB = 1024 bytes, one decimal at most).
 */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return bytes === 1 ? '1 byte' : `${bytes} bytes`
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit += 1
  }
  return `${Number(value.toFixed(1))} ${UNITS[unit]}`
}

const formatters = new Map<string, Intl.DateTimeFormat>()

const FORMATS: Record<'day' | 'time' | 'calendar', Intl.DateTimeFormatOptions> = {
  day: { year: 'numeric', month: 'short', day: 'numeric' },
  time: { hour: 'numeric', minute: '2-digit' },
  calendar: { year: 'numeric', month: '2-digit', day: '2-digit' },
}

/**
 * English month names and a 12-hour clock in either order, so only the order changes; numeric
 * parts for calendar days. Made once per kind and time zone (each costs tens of microseconds).
 */
function formatter(kind: keyof typeof FORMATS, timeZone: string | undefined) {
  const key = `${kind}:${timeZone ?? ''}`
  let cached = formatters.get(key)
  if (!cached) {
    cached = new Intl.DateTimeFormat('en-US', { ...FORMATS[kind], timeZone })
    formatters.set(key, cached)
  }
  return cached
}

/**
 * A date as the app and its e-mails show it, in the company's order: "Nov 29, 2026"
 * (month-first) or "29 Nov 2026" (day-first). The day is read in `timeZone`, else where the code
 * runs. Built from parts rather than a locale's medium style, which would also change the month's
 * abbreviation ("Sept") and the clock.
 */
export function formatDay(at: Date, dateFormat: DateFormat, timeZone?: string): string {
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {}
  for (const { type, value } of formatter('day', timeZone).formatToParts(at)) part[type] = value
  return dateFormat === 'day-first'
    ? `${part.day} ${part.month} ${part.year}`
    : `${part.month} ${part.day}, ${part.year}`
}

/** A moment's date and time: "Nov 29, 2026, 3:05 PM" or "29 Nov 2026, 3:05 PM". */
export function formatDayTime(at: Date, dateFormat: DateFormat, timeZone?: string): string {
  return `${formatDay(at, dateFormat, timeZone)}, ${formatter('time', timeZone).format(at)}`
}

/** The calendar day (YYYY-MM-DD) that `at` falls on in `timeZone`. */
export function calendarDay(at: Date, timeZone: string): string {
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {}
  for (const { type, value } of formatter('calendar', timeZone).formatToParts(at))
    part[type] = value
  return `${part.year}-${part.month}-${part.day}`
}

/** `day` (YYYY-MM-DD) moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`)
  at.setUTCDate(at.getUTCDate() + days)
  return at.toISOString().slice(0, 10)
}

/** Calendar days from `from` to `to` (both YYYY-MM-DD): negative when `to` comes first. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
