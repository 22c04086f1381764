import { z } from 'zod'

/**
 * Every list of the API is read a page at a time (decision 014): `limit` rows from an opaque
 * `cursor` (the previous page's `Link: <…>; rel="next"`), the reply itself an array of rows.
 */
export const PAGE_SIZE = { default: 100, max: 500 } as const

/** The longest cursor the server hands out is far shorter; anything longer is not one of ours. */
const CURSOR_MAX = 2000
export const SEARCH_MAX = 200

const limit = z.coerce
  .number({ error: `limit must be a whole number from 1 to ${PAGE_SIZE.max}` })
  .int({ error: `limit must be a whole number from 1 to ${PAGE_SIZE.max}` })
  .min(1, { error: `limit must be a whole number from 1 to ${PAGE_SIZE.max}` })
  .max(PAGE_SIZE.max, { error: `limit must be a whole number from 1 to ${PAGE_SIZE.max}` })
  .default(PAGE_SIZE.default)

const cursor = z
  .string({ error: 'cursor must be text' })
  .min(1, { error: 'cursor must not be empty' })
  .max(CURSOR_MAX, { error: 'cursor is not valid for this list' })
  .optional()

/** `limit` and `cursor`: spread into a list route's query schema. */
export const pageFields = { limit, cursor }

/** Name search, case-insensitive, anywhere in the name; empty means no search. */
export const searchField = {
  q: z
    .string({ error: 'q must be text' })
    .trim()
    .max(SEARCH_MAX, { error: `q must be at most ${SEARCH_MAX} characters` })
    .optional()
    .transform((value) => (value ? value : undefined)),
}

/** A list route's query with no filter of its own. */
export const pageQuery = z.strictObject(pageFields)
/** A list route's query with name search. */
export const searchPageQuery = z.strictObject({ ...pageFields, ...searchField })
export type PageQuery = z.output<typeof pageQuery>
export type SearchPageQuery = z.output<typeof searchPageQuery>
