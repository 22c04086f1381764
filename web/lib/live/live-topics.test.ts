import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { RequestDetail, RequestList } from '@shared/schemas/requests'
import { auditQueries, dashboardQueries } from '../queries/engagements'
import { requestQueries } from '../queries/requests'
import { cachedAuditsOf, cachedRequestsOf, invalidateTopics, queriesForTopics } from './live-topics'

const nothing = { auditsOf: () => [], requestsOf: () => [] }

describe('queriesForTopics', () => {
  it('a request: its detail and discussion, the review queue, and the request lists of the audits that hold it', () => {
    const cached = { ...nothing, auditsOf: (id: string) => (id === 'r1' ? ['a1'] : []) }
    expect(queriesForTopics(['request:r1'], cached)).toEqual([
      requestQueries.detail('r1').queryKey,
      requestQueries.comments('r1').queryKey,
      requestQueries.reviewQueues,
      requestQueries.auditLists('a1'),
    ])
  })

  it('an audit: its detail, its request list, the review queue, and the cached details of its requests', () => {
    expect(queriesForTopics(['audit:a1'], nothing)).toEqual([
      auditQueries.detail('a1').queryKey,
      requestQueries.auditLists('a1'),
      requestQueries.reviewQueues,
    ])
    const cached = { ...nothing, requestsOf: (id: string) => (id === 'a1' ? ['r1', 'r2'] : []) }
    expect(queriesForTopics(['audit:a1'], cached)).toEqual([
      auditQueries.detail('a1').queryKey,
      requestQueries.auditLists('a1'),
      requestQueries.reviewQueues,
      requestQueries.detail('r1').queryKey,
      requestQueries.detail('r2').queryKey,
    ])
  })

  it('My requests, and the bell under its one prefix', () => {
    expect(queriesForTopics(['my-requests', 'notifications'], nothing)).toEqual([
      requestQueries.mine().queryKey,
      ['notifications'],
    ])
  })

  it('names each query once, and ignores what it does not know', () => {
    expect(
      queriesForTopics(['audit:a1', 'request:r1', 'something-new', 'request:', 'audit'], {
        auditsOf: () => ['a1'],
        requestsOf: () => ['r1'],
      }),
    ).toEqual([
      auditQueries.detail('a1').queryKey,
      requestQueries.auditLists('a1'),
      requestQueries.reviewQueues,
      requestQueries.detail('r1').queryKey,
      requestQueries.comments('r1').queryKey,
    ])
  })

  it('`*` (changes may have been missed): everything', () => {
    expect(queriesForTopics(['audit:a1', '*'], nothing)).toBe('everything')
  })
})

describe('invalidateTopics', () => {
  const page = (auditId: string, ids: string[]) => ({
    items: {
      progress: { accepted: 0, total: ids.length },
      requests: ids.map((id) => ({ id, auditId })),
    } as RequestList,
    nextCursor: null,
  })
  const seeded = () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } })
    client.setQueryData(requestQueries.auditList('a1').queryKey, {
      pages: [page('a1', ['r1']), page('a1', ['r2'])],
      pageParams: [null, 'c'],
    } as never)
    client.setQueryData(requestQueries.auditList('a2').queryKey, {
      pages: [page('a2', ['r3'])],
      pageParams: [null],
    } as never)
    // A filtered list, and the counts alone (no pages).
    client.setQueryData(requestQueries.auditList('a2', { status: 'sent' }).queryKey, {
      pages: [page('a2', ['r5'])],
      pageParams: [null],
    } as never)
    client.setQueryData(requestQueries.auditOverview('a2').queryKey, {
      progress: { accepted: 0, total: 2 },
    } as never)
    client.setQueryData(requestQueries.detail('r4').queryKey, {
      id: 'r4',
      auditId: 'a3',
    } as RequestDetail)
    client.setQueryData(['notifications', 'list'], [])
    client.setQueryData(['notifications', 'unread'], 0)
    client.setQueryData(dashboardQueries.all, {})
    return client
  }
  const stale = (client: QueryClient) =>
    client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => query.queryKey)

  it('finds a request’s audit in the cached lists (any page) or in its cached detail', () => {
    const client = seeded()
    expect(cachedAuditsOf(client, 'r2')).toEqual(['a1'])
    expect(cachedAuditsOf(client, 'r5')).toEqual(['a2'])
    expect(cachedAuditsOf(client, 'r4')).toEqual(['a3'])
    expect(cachedAuditsOf(client, 'r9')).toEqual([])
  })

  it('finds the cached details of an audit’s requests', () => {
    const client = seeded()
    expect(cachedRequestsOf(client, 'a3')).toEqual(['r4'])
    expect(cachedRequestsOf(client, 'a1')).toEqual([])
  })

  it('an audit’s change reloads the open page of a request of it, not other audits’', async () => {
    const client = seeded()
    await invalidateTopics(client, ['audit:a3'])
    expect(stale(client)).toEqual([requestQueries.detail('r4').queryKey])
  })

  it('marks only what the topics name', async () => {
    const client = seeded()
    await invalidateTopics(client, ['request:r2', 'notifications'])
    expect(stale(client)).toEqual([
      requestQueries.auditList('a1').queryKey,
      ['notifications', 'list'],
      ['notifications', 'unread'],
    ])
  })

  it('`*` marks everything', async () => {
    const client = seeded()
    await invalidateTopics(client, ['*'])
    expect(stale(client)).toHaveLength(client.getQueryCache().getAll().length)
  })
})
