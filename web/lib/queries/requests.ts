import { queryOptions } from '@tanstack/react-query'
import { requestsApi, reviewQueueApi } from '@shared/api/requests'
import { PAGE_SIZE } from '@shared/schemas/pagination'
import { REQUEST_STATUSES, type MyRequests, type RequestList } from '@shared/schemas/requests'
import { call } from '../api'
import { pagedQuery } from './paged'

const all = ['requests'] as const

/** Audit requests: an audit's list, one request, its discussion, a client user's own. */
export const requestQueries = {
  all,
  auditList: (auditId: string) =>
    pagedQuery(
      [...all, 'audit', auditId],
      requestsApi.list,
      // An audit is bounded (MAX_REQUESTS_PER_AUDIT): its page reads all of it, in few calls, so
      // that bulk actions, reordering and numbering see every request.
      { params: { id: auditId }, query: { limit: PAGE_SIZE.max } },
      mergeRequestPages,
    ),
  assignees: (auditId: string) =>
    queryOptions({
      queryKey: [...all, 'assignees', auditId],
      queryFn: ({ signal }) => call(requestsApi.assignees, { params: { id: auditId } }, { signal }),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...all, 'detail', id],
      queryFn: ({ signal }) => call(requestsApi.get, { params: { id } }, { signal }),
    }),
  /** The client user's own answer in progress to the request. */
  answerDraft: (id: string) =>
    queryOptions({
      queryKey: [...all, 'answer-draft', id],
      queryFn: ({ signal }) => call(requestsApi.answerDraft, { params: { id } }, { signal }),
    }),
  comments: (id: string) =>
    queryOptions({
      queryKey: [...all, 'comments', id],
      queryFn: ({ signal }) => call(requestsApi.comments, { params: { id } }, { signal }),
    }),
  /** Every review queue read (whatever its filter): a change of any request may move it. */
  reviewQueues: [...all, 'review'] as const,
  /** The answers waiting for the firm's review, the caller's audits first, oldest first. */
  reviewQueue: () => pagedQuery([...all, 'review'], reviewQueueApi.list, { query: {} }),
  /** `whoseMove`: only those the client (sent, returned) or the firm (submitted) acts on next. */
  mine: ({ whoseMove }: { whoseMove?: 'client' | 'firm' } = {}) => {
    const query = { whoseMove }
    return pagedQuery([...all, 'mine', query], requestsApi.mine, { query }, mergeAuditGroups)
  },
}

const EMPTY_COUNTS = Object.fromEntries(
  REQUEST_STATUSES.map((status) => [status, 0]),
) as RequestList['counts']

/** An audit's pages as one list; every page carries the progress of the whole audit. */
export function mergeRequestPages(pages: RequestList[]): RequestList {
  const last = pages.at(-1)
  return {
    progress: last?.progress ?? { accepted: 0, total: 0 },
    counts: last?.counts ?? EMPTY_COUNTS,
    matching: last?.matching ?? 0,
    requests: pages.flatMap((page) => page.requests),
  }
}

/** My requests' pages as one list of audits: a page may go on with the previous page's audit. */
export function mergeAuditGroups(pages: MyRequests[]): MyRequests {
  const groups: MyRequests = []
  for (const group of pages.flat()) {
    const last = groups.at(-1)
    if (last && last.audit.id === group.audit.id)
      groups[groups.length - 1] = { ...last, requests: [...last.requests, ...group.requests] }
    else groups.push(group)
  }
  return groups
}
