import { sql, type Column } from 'drizzle-orm'

/**
 * A timestamp column read as the API writes it: ISO 8601 in UTC with milliseconds, what
 * `Date.toISOString()` gives. The database's text ('2026-11-26 22:32:26.835123+00' on our
 * connections, whose time zone is UTC) is rewritten as a string: parsing a Date from it and
 * formatting it again cost about 1.4 µs a value, some 12% of a signed-in list's CPU at 50 rows
 * (bench/README.md).
 */
export const isoTimestamp = (column: Column) => sql<string>`${column}`.mapWith(isoFromDatabase)

/** The database's timestamp (its UTC text, or a Date from elsewhere) as an ISO 8601 string. */
export function isoFromDatabase(value: unknown): string {
  if (typeof value === 'string' && value.endsWith('+00') && value[10] === ' ') {
    // 'YYYY-MM-DD HH:MM:SS' then '.' and 1 to 6 digits, or nothing, then '+00'.
    const fraction = value.length > 22 ? value.slice(20, -3) : ''
    return `${value.slice(0, 10)}T${value.slice(11, 19)}.${`${fraction}000`.slice(0, 3)}Z`
  }
  if (typeof value === 'string' && value.endsWith('+00:00') && value[10] === 'T') {
    // The same in JSON ('2026-11-26T22:32:26.835123+00:00', decision 052).
    const fraction = value.length > 25 ? value.slice(20, -6) : ''
    return `${value.slice(0, 19)}.${`${fraction}000`.slice(0, 3)}Z`
  }
  // Another offset (a server whose time zone is not UTC), or already a Date: let Date do it.
  return new Date(value as string | Date).toISOString()
}
