import type { FastifyInstance } from 'fastify'
import type { SearchPageQuery } from '@shared/schemas/pagination'
import type { z } from 'zod'
import type { createTemplateInput, updateTemplateInput } from '@shared/schemas/templates'
import type { Principal } from '../../access/principal'
import { fieldError } from '../../lib/errors'
import { findCategory } from '../categories/categories.repo'
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  listTemplates,
  updateTemplate,
} from './templates.repo'

/** Checklist templates: the firm reads them; admins change them (templates.manage). */
export function templatesService({ db, clock }: FastifyInstance) {
  async function assertCategory(orgId: string, categoryId: string | null | undefined) {
    if (categoryId && !(await findCategory(db, orgId, categoryId)))
      throw fieldError('categoryId', 'Category not found')
  }

  return {
    list: (principal: Principal, query: SearchPageQuery) =>
      listTemplates(db, principal.organizationId, query),

    get: (principal: Principal, id: string) => getTemplate(db, principal.organizationId, id),

    async create(principal: Principal, input: z.output<typeof createTemplateInput>) {
      await assertCategory(principal.organizationId, input.categoryId)
      return createTemplate(db, principal.organizationId, input, clock())
    },

    async update(principal: Principal, id: string, input: z.output<typeof updateTemplateInput>) {
      await assertCategory(principal.organizationId, input.categoryId)
      return updateTemplate(db, principal.organizationId, id, input, clock())
    },

    /** Its items go with it. */
    remove: (principal: Principal, id: string) => deleteTemplate(db, principal.organizationId, id),
  }
}
