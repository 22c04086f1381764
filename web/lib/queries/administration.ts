import { queryOptions } from '@tanstack/react-query'
import { invitationsApi, organizationApi, usersApi } from '@shared/api/administration'
import { authApi } from '@shared/api/auth'
import { call } from '../api'
import { pagedQuery, searchText } from './paged'

const organization = ['organization'] as const
const users = ['users'] as const
const invitations = ['invitations'] as const
const sessions = ['sessions'] as const

/** The company's settings, users and invitations (admins), and one's own sessions. */
export const organizationQueries = {
  all: organization,
  get: () =>
    queryOptions({
      queryKey: organization,
      queryFn: ({ signal }) => call(organizationApi.get, {}, { signal }),
    }),
}

/** `clientId`: that client's users (its contacts) or the invitations to it. */
interface AdministrationFilters {
  q?: string
  clientId?: string
}

export const userQueries = {
  all: users,
  list: ({ q, clientId }: AdministrationFilters = {}) => {
    const query = { q: searchText(q), clientId }
    return pagedQuery([...users, 'list', query], usersApi.list, { query })
  },
}

export const invitationQueries = {
  all: invitations,
  list: ({ q, clientId }: AdministrationFilters = {}) => {
    const query = { q: searchText(q), clientId }
    return pagedQuery([...invitations, 'list', query], invitationsApi.list, { query })
  },
}

export const sessionQueries = {
  all: sessions,
  list: () =>
    queryOptions({
      queryKey: [...sessions, 'list'],
      queryFn: ({ signal }) => call(authApi.sessions, {}, { signal }),
    }),
}
