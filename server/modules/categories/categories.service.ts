import type { FastifyInstance } from 'fastify'
import type { SearchPageQuery } from '@shared/schemas/pagination'
import type { z } from 'zod'
import type { createCategoryInput, updateCategoryInput } from '@shared/schemas/templates'
import type { Principal } from '../../access/principal'
import {
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  updateCategory,
} from './categories.repo'

/** Template categories: the firm reads them; admins change them (templates.manage). */
export function categoriesService({ db, clock }: FastifyInstance) {
  return {
    list: (principal: Principal, query: SearchPageQuery) =>
      listCategories(db, principal.organizationId, query),
    get: (principal: Principal, id: string) => getCategory(db, principal.organizationId, id),
    create: (principal: Principal, input: z.output<typeof createCategoryInput>) =>
      createCategory(db, principal.organizationId, input, clock()),
    update: (principal: Principal, id: string, input: z.output<typeof updateCategoryInput>) =>
      updateCategory(db, principal.organizationId, id, input, clock()),
    /** Its templates stay, without a category. */
    remove: (principal: Principal, id: string) => deleteCategory(db, principal.organizationId, id),
  }
}
