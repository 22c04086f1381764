import { categoriesApi } from '@shared/api/templates'
import type { Category, CreateCategoryInput } from '@shared/schemas/templates'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { dashboardQueries } from '@/lib/queries/engagements'
import { categoryQueries } from '@/lib/queries/templates'

export const createCategory = (body: CreateCategoryInput) => call(categoriesApi.create, { body })

export const useCreateCategory = (options?: MutationOptions<Category, CreateCategoryInput>) =>
  useApiMutation(
    createCategory,
    { invalidates: () => [categoryQueries.all, dashboardQueries.all] },
    options,
  )
