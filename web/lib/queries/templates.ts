import { queryOptions } from '@tanstack/react-query'
import { categoriesApi, templateItemsApi, templatesApi } from '@shared/api/templates'
import { call } from '../api'

const templates = ['templates'] as const
const items = ['template-items'] as const
const categories = ['template-categories'] as const

export const templateQueries = {
  all: templates,
  list: () =>
    queryOptions({
      queryKey: [...templates, 'list'],
      queryFn: ({ signal }) => call(templatesApi.list, {}, { signal }),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...templates, 'detail', id],
      queryFn: ({ signal }) => call(templatesApi.get, { params: { id } }, { signal }),
    }),
}

export const templateItemQueries = {
  all: items,
  list: (templateId: string) =>
    queryOptions({
      queryKey: [...items, 'list', templateId],
      queryFn: ({ signal }) => call(templateItemsApi.list, { query: { templateId } }, { signal }),
    }),
}

export const categoryQueries = {
  all: categories,
  list: () =>
    queryOptions({
      queryKey: [...categories, 'list'],
      queryFn: ({ signal }) => call(categoriesApi.list, {}, { signal }),
    }),
}
