import { queryOptions } from '@tanstack/react-query'
import { auditsApi, clientsApi, dashboardApi, projectsApi } from '@shared/api/engagements'
import { call } from '../api'

const dashboard = ['dashboard'] as const
const clients = ['clients'] as const
const projects = ['projects'] as const
const audits = ['audits'] as const

export const dashboardQueries = {
  all: dashboard,
  get: () =>
    queryOptions({
      queryKey: dashboard,
      queryFn: ({ signal }) => call(dashboardApi.get, {}, { signal }),
    }),
}

export const clientQueries = {
  all: clients,
  list: () =>
    queryOptions({
      queryKey: [...clients, 'list'],
      queryFn: ({ signal }) => call(clientsApi.list, {}, { signal }),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...clients, 'detail', id],
      queryFn: ({ signal }) => call(clientsApi.get, { params: { id } }, { signal }),
    }),
}

export const projectQueries = {
  all: projects,
  list: () =>
    queryOptions({
      queryKey: [...projects, 'list'],
      queryFn: ({ signal }) => call(projectsApi.list, {}, { signal }),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...projects, 'detail', id],
      queryFn: ({ signal }) => call(projectsApi.get, { params: { id } }, { signal }),
    }),
}

export const auditQueries = {
  all: audits,
  list: (projectId: string) =>
    queryOptions({
      queryKey: [...audits, 'list', projectId],
      queryFn: ({ signal }) => call(auditsApi.list, { query: { projectId } }, { signal }),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...audits, 'detail', id],
      queryFn: ({ signal }) => call(auditsApi.get, { params: { id } }, { signal }),
    }),
  teamCandidates: (id: string) =>
    queryOptions({
      queryKey: [...audits, 'team-candidates', id],
      queryFn: ({ signal }) => call(auditsApi.teamCandidates, { params: { id } }, { signal }),
    }),
}
