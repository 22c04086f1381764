import { z } from 'zod'
import { id } from './common'

/** What one search box finds: everything a user may open, by a word in it. */
export const SEARCH_TYPES = ['client', 'project', 'audit', 'request', 'comment', 'file'] as const
export type SearchType = (typeof SEARCH_TYPES)[number]

export const SEARCH_QUERY_MAX_LENGTH = 200
export const SEARCH_LIMIT = { default: 20, max: 50 } as const
/** Results beyond this many are not paged to: a narrower search finds them. */
export const SEARCH_DEPTH_MAX = 200

const TYPES_MESSAGE = `types must be a comma-separated list of ${SEARCH_TYPES.join(', ')}`
const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${SEARCH_LIMIT.max}`

export const searchQuery = z.strictObject({
  /** Not trimmed: a space after the last word says it is whole (no longer matched as a prefix). */
  q: z
    .string({ error: 'q is required' })
    .max(SEARCH_QUERY_MAX_LENGTH, {
      error: `q must be at most ${SEARCH_QUERY_MAX_LENGTH} characters`,
    })
    .refine((value) => value.trim() !== '', { error: 'q is required' }),
  /** Comma-separated (`request,file`); all types when absent. */
  types: z
    .string({ error: TYPES_MESSAGE })
    .max(200, { error: TYPES_MESSAGE })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return undefined
      const types = [...new Set(value.split(',').map((type) => type.trim()))]
      if (!types.every((type): type is SearchType => SEARCH_TYPES.includes(type as SearchType))) {
        ctx.addIssue({ code: 'custom', message: TYPES_MESSAGE })
        return z.NEVER
      }
      return types
    }),
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int({ error: LIMIT_MESSAGE })
    .min(1, { error: LIMIT_MESSAGE })
    .max(SEARCH_LIMIT.max, { error: LIMIT_MESSAGE })
    .default(SEARCH_LIMIT.default),
  cursor: z
    .string({ error: 'cursor must be text' })
    .min(1, { error: 'cursor must not be empty' })
    .max(100, { error: 'cursor is not valid for this search' })
    .optional(),
})
export type SearchQuery = z.output<typeof searchQuery>

/** One thing found. */
export const searchResultDto = z.object({
  type: z.enum(SEARCH_TYPES),
  id,
  /** Its name: a client's, a request's title, a file's name, a comment's author. */
  title: z.string(),
  /** Plain text around the words found (never markup). */
  snippet: z.string(),
  /** Where the words found are in `snippet`: [start, end) character offsets. */
  highlights: z.array(z.tuple([z.number().int(), z.number().int()])),
  /** The page that shows it, in this application (`/requests/…`). */
  url: z.string(),
  /** Where it belongs, for telling results apart ("Acme Ltd · FY2026 · Audit 2026"). */
  context: z.string(),
})
export type SearchResultDto = z.infer<typeof searchResultDto>

export const searchReply = z.object({
  items: z.array(searchResultDto),
  /** The next page's `cursor`, or null when there is none. */
  nextCursor: z.string().nullable(),
})
export type SearchReply = z.infer<typeof searchReply>
