import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import type {
  createTemplateItemInput,
  listTemplateItemsQuery,
  updateTemplateItemInput,
} from '@shared/schemas/templates'
import type { Principal } from '../../access/principal'
import { fieldError, notFound } from '../../lib/errors'
import { findTemplate } from '../templates/templates.repo'
import { createItem, deleteItem, listItems, updateItem } from './template-items.repo'

/** A template's items: the firm reads them; admins change them (templates.manage). */
export function templateItemsService({ db, clock }: FastifyInstance) {
  return {
    async list(principal: Principal, query: z.output<typeof listTemplateItemsQuery>) {
      if (!(await findTemplate(db, principal.organizationId, query.templateId)))
        throw notFound('Template')
      return listItems(db, principal.organizationId, query.templateId, query)
    },

    async create(principal: Principal, input: z.output<typeof createTemplateItemInput>) {
      if (!(await findTemplate(db, principal.organizationId, input.templateId)))
        throw fieldError('templateId', 'Template not found')
      return createItem(db, principal.organizationId, input, clock())
    },

    update: (principal: Principal, id: string, input: z.output<typeof updateTemplateItemInput>) =>
      updateItem(db, principal.organizationId, id, input, clock()),

    remove: (principal: Principal, id: string) => deleteItem(db, principal.organizationId, id),
  }
}
