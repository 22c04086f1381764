import { queryOptions } from '@tanstack/react-query'
import type { ProjectStatus } from '@shared/schemas/projects'
import {
  activityApi,
  auditsApi,
  clientsApi,
  dashboardApi,
  projectsApi,
} from '@shared/api/engagements'
import { call } from '../api'
import { pagedQuery, searchText } from './paged'

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

/** The firm's activity log, newest first: under the dashboard's key, so what changes one changes both. */
export const activityQueries = {
  list: () => pagedQuery([...dashboard, 'activity'], activityApi.list, {}),
}

export const clientQueries = {
  all: clients,
  /** Every page of every search of the list. */
  lists: [...clients, 'list'] as const,
  list: ({ q }: { q?: string } = {}) => {
    const query = { q: searchText(q) }
    return pagedQuery([...clients, 'list', query], clientsApi.list, { query })
  },
  detail: (id: string) =>
    queryOptions({
      queryKey: [...clients, 'detail', id],
      queryFn: ({ signal }) => call(clientsApi.get, { params: { id } }, { signal }),
    }),
}

export interface ProjectFilters {
  q?: string
  clientId?: string
  /** The statuses to show; none for all of them. */
  status?: readonly ProjectStatus[]
}

export const projectQueries = {
  all: projects,
  lists: [...projects, 'list'] as const,
  list: ({ q, clientId, status }: ProjectFilters = {}) => {
    const query = { q: searchText(q), clientId, status: status?.join(',') }
    return pagedQuery([...projects, 'list', query], projectsApi.list, { query })
  },
  /** How many projects of the same search each status tab holds. */
  counts: ({ q, clientId }: Omit<ProjectFilters, 'status'> = {}) => {
    const query = { q: searchText(q), clientId }
    return queryOptions({
      queryKey: [...projects, 'counts', query],
      queryFn: ({ signal }) => call(projectsApi.counts, { query }, { signal }),
    })
  },
  detail: (id: string) =>
    queryOptions({
      queryKey: [...projects, 'detail', id],
      queryFn: ({ signal }) => call(projectsApi.get, { params: { id } }, { signal }),
    }),
}

export const auditQueries = {
  all: audits,
  lists: [...audits, 'list'] as const,
  list: (projectId: string) =>
    pagedQuery([...audits, 'list', projectId], auditsApi.list, { query: { projectId } }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...audits, 'detail', id],
      queryFn: ({ signal }) => call(auditsApi.get, { params: { id } }, { signal }),
    }),
  /** The firm's people who can be on the audit's team; `q`: whose name or e-mail contains it. */
  teamCandidates: (id: string, { q }: { q?: string | undefined } = {}) => {
    const query = { q: searchText(q) }
    return pagedQuery([...audits, 'team-candidates', id, query], auditsApi.teamCandidates, {
      params: { id },
      query,
    })
  },
}
