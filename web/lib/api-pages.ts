import type { ApiRoute, ReplyOf } from '@shared/api/route'
import { send, type CallInput } from './api'

// Apart from api.ts: the public pages call endpoints but read no lists, and their initial JS
// stays without this.

/** A route that answers one page of a list (decision 014). */
export type PageRoute = ApiRoute & { page: true }

/** One page of a list: its reply, and the cursor of the next page (null on the last one). */
export interface Page<R extends PageRoute> {
  items: ReplyOf<R>
  nextCursor: string | null
}

/** The `cursor` of a `Link: <…>; rel="next"` header, or null when there is no next page. */
export function nextCursorOf(link: string | null): string | null {
  const match = link ? /<([^>]+)>\s*;\s*rel="?next"?/.exec(link) : null
  if (!match?.[1]) return null
  return new URL(match[1], 'http://link.invalid').searchParams.get('cursor')
}

/**
 * Calls a list route for one page: the page after `cursor` (the first without one), and the
 * cursor of the next, read from the reply's Link header.
 */
export async function callPage<R extends PageRoute>(
  route: R,
  input: CallInput<R>,
  { cursor, signal }: { cursor?: string | null; signal?: AbortSignal } = {},
): Promise<Page<R>> {
  const query = { ...(input as { query?: object }).query, ...(cursor ? { cursor } : {}) }
  const { reply, response } = await send(route, { ...input, query } as CallInput<R>, { signal })
  return { items: reply, nextCursor: nextCursorOf(response.headers.get('Link')) }
}
