import { templateLibraryApi } from '@shared/api/template-library'
import type { Template } from '@shared/schemas/templates'
import { queryOptions } from '@tanstack/react-query'
import { call } from '../api'
import { useApiMutation, type MutationOptions } from '../mutation'
import { dashboardQueries } from './engagements'
import { templateQueries } from './templates'

/** The starter lists shipped with the app (they never change while it runs). */
export const starterListsQuery = () =>
  queryOptions({
    queryKey: [...templateQueries.all, 'library'],
    queryFn: ({ signal }) => call(templateLibraryApi.list, {}, { signal }),
    staleTime: Infinity,
  })

export const copyStarterList = (key: string) => call(templateLibraryApi.copy, { params: { key } })

export const useCopyStarterList = (options?: MutationOptions<Template, string>) =>
  useApiMutation(
    copyStarterList,
    { invalidates: () => [templateQueries.lists, dashboardQueries.all] },
    options,
  )
