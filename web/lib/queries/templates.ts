import { queryOptions } from '@tanstack/react-query'
import { categoriesApi, templateItemsApi, templatesApi } from '@shared/api/templates'
import { call } from '../api'
import { pagedQuery, searchText } from './paged'

const templates = ['templates'] as const
const items = ['template-items'] as const
const categories = ['template-categories'] as const

export const templateQueries = {
  all: templates,
  lists: [...templates, 'list'] as const,
  list: ({ q }: { q?: string } = {}) => {
    const query = { q: searchText(q) }
    return pagedQuery([...templates, 'list', query], templatesApi.list, { query })
  },
  detail: (id: string) =>
    queryOptions({
      queryKey: [...templates, 'detail', id],
      queryFn: ({ signal }) => call(templatesApi.get, { params: { id } }, { signal }),
    }),
}

export const templateItemQueries = {
  all: items,
  list: (templateId: string) =>
    pagedQuery([...items, 'list', templateId], templateItemsApi.list, { query: { templateId } }),
}

export const categoryQueries = {
  all: categories,
  list: ({ q }: { q?: string } = {}) => {
    const query = { q: searchText(q) }
    return pagedQuery([...categories, 'list', query], categoriesApi.list, { query })
  },
}
