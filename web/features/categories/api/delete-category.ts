import { categoriesApi } from '@shared/api/templates'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { dashboardQueries } from '@/lib/queries/engagements'
import { categoryQueries, templateQueries } from '@/lib/queries/templates'

export const deleteCategory = (id: string) => call(categoriesApi.remove, { params: { id } })

export const useDeleteCategory = (options?: MutationOptions<void, string>) =>
  useApiMutation(
    deleteCategory,
    {
      invalidates: () => [
        categoryQueries.all,
        // Its templates stay, now without a category.
        templateQueries.all,
        dashboardQueries.all,
      ],
    },
    options,
  )
