import { BASE_62_DIGITS, generateKeyBetween, generateNKeysBetween } from 'fractional-indexing'

/**
 * Order keys of an audit's requests (decision 021): fractional-indexing strings, compared byte by
 * byte (the column is `COLLATE "C"`). A key between two others is always there, so a request moves
 * by rewriting its own key only.
 */

/**
 * Past this length a new key is not written: the audit's keys are given afresh instead. Keys grow
 * by about one character every six inserts into the same gap, so it takes hundreds of moves into
 * one spot to get here; the cap keeps page cursors and index entries small.
 */
export const MAX_KEY_LENGTH = 128

/** `n` keys after `last` (null: the audit has none yet), in order. */
export const keysAfter = (last: string | null, n: number) => generateNKeysBetween(last, null, n)

/** `n` keys in order strictly between two neighbours (null: no neighbour on that side). */
export const keysBetween = (before: string | null, after: string | null, n: number) =>
  generateNKeysBetween(before, after, n)

/** A key strictly between two neighbours (null: no neighbour on that side). */
export const keyBetween = (before: string | null, after: string | null) =>
  generateKeyBetween(before, after)

/** `n` short keys in order, for an audit whose keys are given afresh. */
export const freshKeys = (n: number) => generateNKeysBetween(null, null, n)

/**
 * SQL for the key of a 0-based rank below 238,328: 'c' and three base-62 digits, the library's
 * integer keys of four characters (migration 0014 writes the same; tests and seeds use it).
 */
export function rankKeySql(rank: string) {
  const digit = (divisor: number) =>
    `substr('${BASE_62_DIGITS}', (${rank})::int / ${divisor} % 62 + 1, 1)`
  return `('c' || ${digit(62 * 62)} || ${digit(62)} || ${digit(1)})`
}
