import { queryOptions } from '@tanstack/react-query'
import { activityApi } from '@shared/api/engagements'
import { requestsApi, reviewQueueApi } from '@shared/api/requests'
import type { ActivityKind } from '@shared/schemas/dashboard'
import { REQUEST_STATUSES, type MyRequests, type RequestList } from '@shared/schemas/requests'
import { call, type CallInput } from '../api'
import { callPage } from '../api-pages'
import { pagedQuery } from './paged'

type RequestListInput = NonNullable<CallInput<typeof requestsApi.list>['query']>

/** Rows read per call as the table scrolls: a screen or three. */
const TABLE_PAGE = 100

const all = ['requests'] as const

/** Audit requests: an audit's list, one request, its discussion, a client user's own. */
export const requestQueries = {
  all,
  /** Every list of the audit's requests, whatever its filter (to refresh them all at once). */
  auditLists: (auditId: string) => [...all, 'audit', auditId] as const,
  /**
   * The audit's requests as the server filters and sorts them (`query`: the list call's filters),
   * read a page at a time as the table scrolls; each page carries the counts by status and the
   * progress of the whole audit.
   */
  auditList: (auditId: string, query: Omit<RequestListInput, 'limit' | 'cursor'> = {}) =>
    pagedQuery(
      [...all, 'audit', auditId, query],
      requestsApi.list,
      { params: { id: auditId }, query: { ...query, limit: TABLE_PAGE } },
      mergeRequestPages,
    ),
  /**
   * The audit's trail, newest first, a page at a time: under its lists, so that whatever changes
   * the audit's requests (here, or a live update) reads it again.
   */
  auditActivity: (auditId: string, filter: { actorId?: string; kind?: ActivityKind } = {}) =>
    pagedQuery([...all, 'audit', auditId, 'activity', filter], activityApi.audit, {
      params: { id: auditId },
      query: filter,
    }),
  /** The audit's counts and progress alone: a one-row read of the unfiltered list. */
  auditOverview: (auditId: string) =>
    queryOptions({
      queryKey: [...all, 'audit', auditId, 'overview'],
      queryFn: async ({ signal }) => {
        const page = await callPage(
          requestsApi.list,
          { params: { id: auditId }, query: { limit: 1 } },
          { cursor: null, signal },
        )
        return { progress: page.items.progress, counts: page.items.counts }
      },
    }),
  /** The sections of the audit's requests the caller sees, in order. */
  sections: (auditId: string) =>
    queryOptions({
      queryKey: [...all, 'sections', auditId],
      queryFn: ({ signal }) => call(requestsApi.sections, { params: { id: auditId } }, { signal }),
    }),
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
