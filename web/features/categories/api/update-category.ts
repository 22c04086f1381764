import { categoriesApi } from '@shared/api/templates'
import type { Category, UpdateCategoryInput } from '@shared/schemas/templates'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { dashboardQueries } from '@/lib/queries/engagements'
import { categoryQueries, templateQueries } from '@/lib/queries/templates'

interface Variables {
  id: string
  input: UpdateCategoryInput
}

export const updateCategory = ({ id, input }: Variables) =>
  call(categoriesApi.update, { params: { id }, body: input })

export const useUpdateCategory = (options?: MutationOptions<Category, Variables>) =>
  useApiMutation(
    updateCategory,
    {
      invalidates: () => [
        categoryQueries.all,
        // Templates show their category's name.
        templateQueries.all,
        dashboardQueries.all,
      ],
    },
    options,
  )
