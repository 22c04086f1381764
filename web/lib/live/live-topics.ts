import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query'
import type { RequestDetail, RequestList } from '@shared/schemas/requests'
import { auditQueries } from '../queries/engagements'
import { requestQueries } from '../queries/requests'

/** The bell's queries (the notifications list and its unread count) all start with it. */
export const NOTIFICATIONS_KEY = ['notifications'] as const

/** What the cache knows of where requests are: read when a topic names one side only. */
export interface CachedRequests {
  /** The audits whose cached request lists (or cached detail) hold the request. */
  auditsOf: (requestId: string) => string[]
  /** The requests of the audit whose details are cached. */
  requestsOf: (auditId: string) => string[]
}

/**
 * The queries to reload for the topics of a live `change` event (server/modules/events), or
 * 'everything' for `*` (changes may have been missed, or a change too large to name). A change of
 * an audit's requests names the audit only, so the open pages of its requests reload with it.
 * Unknown topics are ignored.
 */
export function queriesForTopics(
  topics: readonly string[],
  cached: CachedRequests,
): QueryKey[] | 'everything' {
  if (topics.includes('*')) return 'everything'
  const keys: QueryKey[] = []
  for (const topic of topics) {
    const [kind, id] = splitTopic(topic)
    if (kind === 'request' && id) {
      keys.push(
        requestQueries.detail(id).queryKey,
        requestQueries.comments(id).queryKey,
        requestQueries.reviewQueues,
      )
      for (const auditId of cached.auditsOf(id)) keys.push(requestQueries.auditLists(auditId))
    } else if (kind === 'audit' && id) {
      keys.push(
        auditQueries.detail(id).queryKey,
        requestQueries.auditLists(id),
        requestQueries.reviewQueues,
      )
      for (const requestId of cached.requestsOf(id))
        keys.push(requestQueries.detail(requestId).queryKey)
    } else if (topic === 'my-requests') {
      keys.push(requestQueries.mine().queryKey)
    } else if (topic === 'notifications') {
      keys.push(NOTIFICATIONS_KEY)
    }
  }
  const seen = new Set<string>()
  return keys.filter((key) => {
    const text = JSON.stringify(key)
    return seen.has(text) ? false : (seen.add(text), true)
  })
}

function splitTopic(topic: string): [string, string | undefined] {
  const colon = topic.indexOf(':')
  return colon < 0 ? [topic, undefined] : [topic.slice(0, colon), topic.slice(colon + 1)]
}

/** The audits whose cached request lists, or whose cached request detail, hold the request. */
export function cachedAuditsOf(queryClient: QueryClient, requestId: string): string[] {
  const audits = new Set<string>()
  const detail = queryClient.getQueryData<RequestDetail>(requestQueries.detail(requestId).queryKey)
  if (detail) audits.add(detail.auditId)
  const listPrefix = requestQueries.auditLists('').slice(0, -1)
  for (const [key, data] of queryClient.getQueriesData<InfiniteData<{ items: RequestList }>>({
    queryKey: listPrefix,
  })) {
    const auditId = key[listPrefix.length]
    if (typeof auditId !== 'string') continue
    // The overview (counts alone) has no pages; the trail's pages hold events, not requests.
    if (data?.pages?.some((page) => page.items.requests?.some((r) => r.id === requestId)))
      audits.add(auditId)
  }
  return [...audits]
}

/** The requests of the audit whose details are cached (an open request page, or one seen before). */
export function cachedRequestsOf(queryClient: QueryClient, auditId: string): string[] {
  const detailPrefix = requestQueries.detail('').queryKey.slice(0, -1)
  return queryClient
    .getQueriesData<RequestDetail>({ queryKey: detailPrefix })
    .flatMap(([key, data]) => {
      const id = key.at(-1)
      return typeof id === 'string' && data?.auditId === auditId ? [id] : []
    })
}

/** Marks what the topics name as stale; what is on screen reloads at once. */
export async function invalidateTopics(queryClient: QueryClient, topics: readonly string[]) {
  const keys = queriesForTopics(topics, {
    auditsOf: (id) => cachedAuditsOf(queryClient, id),
    requestsOf: (id) => cachedRequestsOf(queryClient, id),
  })
  if (keys === 'everything') return queryClient.invalidateQueries()
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
}
