import type { FastifyInstance } from 'fastify'
import {
  SEARCH_DEPTH_MAX,
  SEARCH_TYPES,
  type SearchQuery,
  type SearchReply,
  type SearchResultDto,
  type SearchType,
} from '@shared/schemas/search'
import type { Principal } from '../../access/principal'
import { fieldError } from '../../lib/errors'
import { describeHits, findHits, MARK_END, MARK_START, type Found } from './search.repo'

/** At most this many words of a search are used; more narrow nothing a person would notice. */
const WORDS_MAX = 12

/**
 * The words of a search as a `to_tsquery` text: letters and digits (with `.`, `-`, `_` or `@`
 * inside, as in "3.1", "e-mail" or an address), all required, the last one a prefix while it is
 * being typed (no space after it). Nothing else reaches the query's syntax. Null: no word.
 */
export function queryWords(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+(?:[._@-][\p{L}\p{N}]+)*/gu)
  if (!words) return null
  const used = [...new Set(words)].slice(0, WORDS_MAX)
  const typing = !/\s$/.test(text)
  return used
    .map((word, index) => (typing && index === used.length - 1 ? `${word}:*` : word))
    .join(' & ')
}

/** The cursor is the offset of the next page, in a form the caller does not read into. */
const cursorOf = (offset: number) => Buffer.from(`o${offset}`).toString('base64url')

function offsetOf(cursor: string | undefined) {
  if (cursor === undefined) return 0
  const match = /^o(\d{1,4})$/.exec(Buffer.from(cursor, 'base64url').toString())
  const offset = match ? Number(match[1]) : NaN
  if (!(offset > 0 && offset < SEARCH_DEPTH_MAX))
    throw fieldError('cursor', 'cursor is not valid for this search')
  return offset
}

/** The snippet without its marks, and where the marked words were. */
export function highlighted(marked: string) {
  const highlights: Array<[number, number]> = []
  let text = ''
  let start = -1
  for (const char of marked) {
    if (char === MARK_START) start = text.length
    else if (char === MARK_END) {
      if (start >= 0 && text.length > start) highlights.push([start, text.length])
      start = -1
    } else text += char
  }
  return { snippet: text, highlights }
}

const joined = (...parts: Array<string | null>) => parts.filter(Boolean).join(' · ')

function resultOf(type: SearchType, found: Found): SearchResultDto {
  const { snippet, highlights } = highlighted(found.snippet)
  const where = joined(found.client, found.project, found.audit)
  const request = found.number === null ? null : `#${found.number} ${found.requestTitle}`
  const common = { type, id: found.id, snippet, highlights }
  switch (type) {
    case 'client':
      return { ...common, title: found.title, url: `/clients/${found.id}`, context: 'Client' }
    case 'project':
      return { ...common, title: found.title, url: `/projects/${found.id}`, context: where }
    case 'audit':
      return { ...common, title: found.title, url: `/audits/${found.id}`, context: where }
    case 'request':
      return {
        ...common,
        title: `#${found.number} ${found.title}`,
        url: `/requests/${found.id}`,
        context: where,
      }
    case 'comment':
      return {
        ...common,
        title: `${found.internal ? 'Internal note' : 'Comment'} by ${found.title}`,
        url: `/requests/${found.requestId}#comment-${found.id}`,
        context: joined(request, where),
      }
    case 'file':
      return {
        ...common,
        title: found.title,
        url: `/requests/${found.requestId}#file-${found.id}`,
        context: joined(request, where),
      }
  }
}

/** One search over everything the caller may open (shared/api/search.ts). */
export function searchService({ db }: FastifyInstance) {
  return {
    async search(principal: Principal, query: SearchQuery): Promise<SearchReply> {
      const offset = offsetOf(query.cursor)
      const words = queryWords(query.q)
      if (words === null) return { items: [], nextCursor: null }
      const limit = Math.min(query.limit, SEARCH_DEPTH_MAX - offset)
      const types = query.types ?? SEARCH_TYPES
      const hits = await findHits(db, principal, words, types, { offset, limit })
      const page = hits.slice(0, limit)
      const byType = new Map<SearchType, Map<string, Found>>()
      for (const type of new Set(page.map((hit) => hit.type))) {
        const ids = page.filter((hit) => hit.type === type).map((hit) => hit.id)
        const rows = await describeHits(db, principal, type, ids, words)
        byType.set(type, new Map(rows.map((row) => [row.id, row])))
      }
      const items = page.flatMap((hit) => {
        const found = byType.get(hit.type)?.get(hit.id)
        // Gone between the two reads (deleted meanwhile): left out.
        return found ? [resultOf(hit.type, found)] : []
      })
      const more = hits.length > limit && offset + limit < SEARCH_DEPTH_MAX
      return { items, nextCursor: more ? cursorOf(offset + limit) : null }
    },
  }
}
