import { apiTokensApi } from '@shared/api/api-tokens'
import { queryOptions } from '@tanstack/react-query'
import { call } from '../api'

const all = ['api-tokens'] as const

/** API tokens: one's own (Settings) and every one of the company (Admin Settings). */
export const apiTokenQueries = {
  all,
  mine: () =>
    queryOptions({
      queryKey: [...all, 'mine'],
      queryFn: ({ signal }) => call(apiTokensApi.list, {}, { signal }),
    }),
  company: () =>
    queryOptions({
      queryKey: [...all, 'company'],
      queryFn: ({ signal }) => call(apiTokensApi.listCompany, {}, { signal }),
    }),
}
