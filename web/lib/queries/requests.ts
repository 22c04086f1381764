import { queryOptions } from '@tanstack/react-query'
import { requestsApi } from '@shared/api/requests'
import { call } from '../api'

const all = ['requests'] as const

/** Audit requests: an audit's list, one request, its discussion, a client user's own. */
export const requestQueries = {
  all,
  auditList: (auditId: string) =>
    queryOptions({
      queryKey: [...all, 'audit', auditId],
      queryFn: ({ signal }) => call(requestsApi.list, { params: { id: auditId } }, { signal }),
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
  comments: (id: string) =>
    queryOptions({
      queryKey: [...all, 'comments', id],
      queryFn: ({ signal }) => call(requestsApi.comments, { params: { id } }, { signal }),
    }),
  mine: () =>
    queryOptions({
      queryKey: [...all, 'mine'],
      queryFn: ({ signal }) => call(requestsApi.mine, {}, { signal }),
    }),
}
