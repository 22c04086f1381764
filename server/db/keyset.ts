import {
  asc,
  Column,
  desc,
  ilike,
  is,
  sql,
  type DriverValueDecoder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm'
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types'
import { fieldError } from '../lib/errors'

/**
 * Keyset pagination (decision 014): a list is ordered by a few keys, the last one unique; a page
 * is the next `limit` rows after the last row of the page before, found through an index in the
 * same time on page 1 and page 1,000. The cursor is that row's keys, as the database wrote them
 * (so a timestamp keeps its microseconds and a lower-cased name its collation), base64url-encoded
 * JSON: opaque to clients, and checked on the way in, since anyone can send one.
 */
export type KeyType = 'text' | 'uuid' | 'timestamptz' | 'int4'

export interface SortKey {
  sql: SQLWrapper
  type: KeyType
}

/** A list's order: its keys, the last one unique (an id), all in one direction. */
export interface Keyset {
  keys: readonly SortKey[]
  direction: 'asc' | 'desc'
}

export interface PageRequest {
  limit: number
  cursor?: string | undefined
}

/** One page of a list: the reply's body, and the cursor of the next page if there are more rows. */
export interface Page<T> {
  items: T
  next: string | null
}

export const key = (expression: SQLWrapper, type: KeyType): SortKey => ({ sql: expression, type })

/** By name whatever the case, then by id: the order of every list people look names up in. */
export const byName = (name: Column, id: Column): Keyset => ({
  keys: [key(sql`lower(${name})`, 'text'), key(id, 'uuid')],
  direction: 'asc',
})

function asText({ sql: expression, type }: SortKey): SQL {
  switch (type) {
    case 'text':
      return sql`${expression}`
    case 'timestamptz':
      return sql`to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
    default:
      return sql`${expression}::text`
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const TIMESTAMP = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/
const INT32 = /^-?\d{1,10}$/

function validValue(value: unknown, type: KeyType): value is string {
  if (typeof value !== 'string') return false
  switch (type) {
    case 'text':
      return value.length <= 1000 && !value.includes('\u0000')
    case 'uuid':
      return UUID.test(value)
    case 'int4':
      return INT32.test(value) && Math.abs(Number(value)) <= 2 ** 31 - 1
    case 'timestamptz': {
      const match = TIMESTAMP.exec(value)
      if (!match || match[1] === '0000') return false
      // A real instant: 2025-02-30 would come back as another day.
      const millis = `${value.slice(0, 23)}Z`
      const parsed = new Date(millis)
      return !Number.isNaN(parsed.getTime()) && parsed.toISOString() === millis
    }
  }
}

const invalidCursor = () =>
  fieldError('cursor', 'This cursor is not valid for this list. Start again from the first page.')

/** The cursor of the row whose keys are these (as `pageKey` spells them). */
export function encodeCursor(values: readonly string[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url')
}

function decodeCursor(cursor: string, keys: readonly SortKey[]): string[] {
  let values: unknown
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    throw invalidCursor()
  }
  if (
    !Array.isArray(values) ||
    values.length !== keys.length ||
    !values.every((value, i) => validValue(value, keys[i]!.type))
  )
    throw invalidCursor()
  return values as string[]
}

/**
 * The parts of a page's query: select `pageKey` beside the row's columns, add `after` to its
 * conditions, order by `orderBy`, and fetch `limit` rows (one more than the page, to know whether
 * another page follows); then `toPage` the rows.
 */
export function pageQuery(
  keyset: Keyset,
  request: PageRequest,
  /** Which row (1-based, in the query's order) the page ends on, when not `limit` (a prepared query's placeholder, or a second read filling a page). */
  lastRow: number | SQL = request.limit,
) {
  const { keys, direction } = keyset
  const values = request.cursor === undefined ? undefined : decodeCursor(request.cursor, keys)
  const columns = sql.join(
    keys.map((k) => sql`${k.sql}`),
    sql`, `,
  )
  const after = values
    ? sql`(${columns}) ${sql.raw(direction === 'asc' ? '>' : '<')} (${sql.join(
        values.map((value, i) => sql`${value}::${sql.raw(keys[i]!.type)}`),
        sql`, `,
      )})`
    : undefined
  const orderBy = keys.map((k) => (direction === 'asc' ? asc(k.sql as SQL) : desc(k.sql as SQL)))
  return {
    // Only the page's last row carries its keys (the next page's cursor), numbered in the same
    // order as the query's: every row's keys cost the embedded database about a seventh of a
    // 50-row list (bench/README.md). JSON text, not a text[]: the driver hands text over as is.
    // Built when asked for: lists read as `jsonRows` carry their keys in their row instead.
    get pageKey() {
      return sql<
        string | null
      >`case when row_number() over (order by ${sql.join(orderBy, sql`, `)}) = ${lastRow}
        then json_build_array(${sql.join(keys.map(asText), sql`, `)})::text end`
    },
    after,
    orderBy,
    limit: request.limit + 1,
  }
}

/** The page's rows (without their `pageKey`) and the next page's cursor. */
export function toPage<R extends { pageKey: string | null }>(
  rows: R[],
  request: PageRequest,
): Page<Omit<R, 'pageKey'>[]> {
  const { kept, more } = pageOf(rows, request)
  const last = kept.at(-1)
  return {
    items: kept.map(({ pageKey: _pageKey, ...row }) => row),
    next: more && last ? Buffer.from(nextKey(last.pageKey)).toString('base64url') : null,
  }
}

/** The rows of the page (the query read one more than asked), and whether another page follows. */
function pageOf<R>(rows: readonly R[], request: PageRequest) {
  const more = rows.length > request.limit
  return { kept: more ? rows.slice(0, request.limit) : rows, more }
}

function nextKey(pageKey: string | null): string {
  if (pageKey === null) throw new Error('The page’s last row came without its keys')
  return pageKey
}

/** The same page with its rows turned into replies. */
export function mapPage<T, U>(page: Page<T[]>, map: (row: T) => U): Page<U[]> {
  return { items: page.items.map(map), next: page.next }
}

/** `%text%` for ILIKE, the user's `%`, `_` and `\` taken literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** The rows whose `column` contains the search `q`, whatever the case; no condition without one. */
export const searched = (column: Column | SQL, q: string | undefined): SQL | undefined =>
  q === undefined ? undefined : ilike(column, containing(q))

/**
 * A list read as one JSON array per row (decision 052): the fields of the list's own selection,
 * then the keyset's keys as the cursor spells them. On the embedded database every field of every
 * row costs the driver a copy and a decoding of its own, more than the query itself at 50 rows
 * (bench/README.md); one text per row costs one. Select `row`, order by the keyset and take
 * `limit` rows (`pageQuery`), then `page` the rows: each field is decoded as Drizzle would decode
 * it (`isoTimestamp` included), so the items are those the same selection would give.
 */
export function jsonRows<Fields extends Record<string, Column | SQL>>(
  keyset: Keyset,
  fields: Fields,
) {
  type Row = SelectResultFields<Fields>
  const names = Object.keys(fields)
  const decoders = names.map((name) => {
    const field = fields[name]!
    // Drizzle keeps an expression's decoder (`mapWith`) on `decoder`, which its types leave out.
    return is(field, Column)
      ? field
      : (field as unknown as { decoder: DriverValueDecoder<unknown, unknown> }).decoder
  })
  const row = sql<string>`json_build_array(${sql.join(
    [...names.map((name) => sql`${fields[name]}`), ...keyset.keys.map(asText)],
    sql`, `,
  )})::text`

  function page(rows: readonly { row: string }[], request: PageRequest): Page<Row[]> {
    const { kept, more } = pageOf(rows, request)
    let lastKeys: unknown[] = []
    const items = kept.map((text) => {
      const values = JSON.parse(text.row) as unknown[]
      const item: Record<string, unknown> = {}
      for (let i = 0; i < names.length; i++) {
        const value = values[i]
        item[names[i]!] = value === null ? null : decoders[i]!.mapFromDriverValue(value)
      }
      lastKeys = values.slice(names.length)
      return item as Row
    })
    return { items, next: more ? encodeCursor(lastKeys as string[]) : null }
  }

  return { row, page }
}

/** A column of a left-joined table, for `jsonRows`: null where the join found no row. */
export const outerJoined = <C extends Column>(column: C) =>
  sql<C['_']['data'] | null>`${column}`.mapWith(column)
