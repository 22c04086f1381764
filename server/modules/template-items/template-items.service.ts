import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import type {
  MoveSectionInput,
  bulkCreateTemplateItemsInput,
  createTemplateItemInput,
  listTemplateItemsQuery,
  updateTemplateItemInput,
} from '@shared/schemas/templates'
import type { AnswerType } from '@shared/schemas/answers'
import type { Principal } from '../../access/principal'
import { editedAnswerType } from '../requests/answers'
import { AppError, fieldError, notFound } from '../../lib/errors'
import { sectionMove } from '../../lib/section-move'
import { findTemplate } from '../templates/templates.repo'
import {
  appendItems,
  countItems,
  itemPlaces,
  countPlaces,
  createItem,
  deleteItem,
  findItem,
  getItem,
  listItems,
  lockTemplate,
  moveItem,
  templateSections,
  updateItem,
  writeItemOrder,
} from './template-items.repo'

/**
 * A template's items: the firm reads them; admins change them (templates.manage). Additions and
 * moves hold the template's lock (lockTemplate), so their places never collide.
 */
export function templateItemsService({ db, clock, config }: FastifyInstance) {
  const { maxRequestsPerAudit } = config.limits
  const templateNotFound = () => fieldError('templateId', 'Template not found')

  return {
    async list(principal: Principal, query: z.output<typeof listTemplateItemsQuery>) {
      if (!(await findTemplate(db, principal.organizationId, query.templateId)))
        throw notFound('Template')
      return listItems(db, principal.organizationId, query.templateId, query)
    },

    create: (principal: Principal, input: z.output<typeof createTemplateItemInput>) =>
      db.transaction(async (tx) => {
        if (!(await lockTemplate(tx, principal.organizationId, input.templateId)))
          throw templateNotFound()
        return createItem(tx, principal.organizationId, input, clock())
      }),

    /** All or nothing, after the template's last item in the order given. */
    bulkCreate: (principal: Principal, input: z.output<typeof bulkCreateTemplateItemsInput>) =>
      db.transaction(async (tx) => {
        const orgId = principal.organizationId
        if (!(await lockTemplate(tx, orgId, input.templateId))) throw templateNotFound()
        const { requiresDocument, requiresResponse } = input
        return appendItems(
          tx,
          orgId,
          input.templateId,
          input.titles.map((title) => ({ title, requiresDocument, requiresResponse })),
          clock(),
        )
      }),

    async sections(principal: Principal, templateId: string) {
      if (!(await findTemplate(db, principal.organizationId, templateId)))
        throw notFound('Template')
      return templateSections(db, principal.organizationId, templateId)
    },

    /**
     * Every item of the section, in its order, just before the first item of `before` (null:
     * last); the other items keep theirs. Under the template's lock; one statement writes the
     * orders that change.
     */
    moveSection: (principal: Principal, templateId: string, input: MoveSectionInput) =>
      db.transaction(async (tx) => {
        const orgId = principal.organizationId
        if (!(await lockTemplate(tx, orgId, templateId))) throw notFound('Template')
        const items = await itemPlaces(tx, orgId, templateId)
        const { ordered } = sectionMove(items, input, 'template')
        await writeItemOrder(
          tx,
          orgId,
          ordered.map((item) => item.id),
          clock(),
        )
        return templateSections(tx, orgId, templateId)
      }),

    /**
     * Rows of a spreadsheet (modules/imports) after the template's last item, all or none; the
     * template must stay usable: no more items than an audit can hold.
     */
    importItems: (
      principal: Principal,
      templateId: string,
      items: Array<{
        title: string
        description: string | null
        section: string | null
        reference: string | null
        requiresDocument: boolean
        requiresResponse: boolean
        answerType: AnswerType
        choices: string[] | null
        dueDaysBefore: number | null
      }>,
    ) =>
      db.transaction(async (tx) => {
        const orgId = principal.organizationId
        if (!(await lockTemplate(tx, orgId, templateId))) throw notFound('Template')
        const held = await countItems(tx, orgId, templateId)
        if (held + items.length > maxRequestsPerAudit)
          throw new AppError(
            'CONFLICT',
            `These ${items.length.toLocaleString('en-US')} items would make ${(held + items.length).toLocaleString('en-US')} in this template, more than an audit can hold (${maxRequestsPerAudit.toLocaleString('en-US')}).`,
          )
        return appendItems(tx, orgId, templateId, items, clock())
      }),

    /**
     * Puts the item at `position` among its template's other items; the template's orders become
     * 0…n-1 in the new order. A bounded number of statements, whatever the template's size.
     */
    async move(principal: Principal, id: string, position: number) {
      const orgId = principal.organizationId
      const { templateId } = await findItem(db, orgId, id)
      return db.transaction(async (tx) => {
        // Deleted meanwhile, with its template or alone: gone either way.
        if (!(await lockTemplate(tx, orgId, templateId))) throw notFound('Item')
        const { others, present } = await countPlaces(tx, orgId, templateId, id)
        if (!present) throw notFound('Item')
        if (position > others)
          throw fieldError(
            'position',
            `Position must be at most ${others}: this template has ${others + 1} ${others === 0 ? 'item' : 'items'}`,
          )
        await moveItem(tx, orgId, templateId, id, position, clock())
        return getItem(tx, orgId, id)
      })
    },

    /** The answer type and its choices are checked together, against what the item has. */
    async update(
      principal: Principal,
      id: string,
      input: z.output<typeof updateTemplateItemInput>,
    ) {
      const orgId = principal.organizationId
      const typed =
        input.answerType !== undefined || input.choices !== undefined
          ? editedAnswerType(await getItem(db, orgId, id), input)
          : undefined
      return updateItem(db, orgId, id, { ...input, ...typed }, clock())
    },

    remove: (principal: Principal, id: string) => deleteItem(db, principal.organizationId, id),
  }
}
