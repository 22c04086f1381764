import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idParams } from '@shared/schemas/common'
import {
  createTemplateItemInput,
  listTemplateItemsQuery,
  templateItemDto,
  updateTemplateItemInput,
} from '@shared/schemas/templates'
import { orgOf as org, requireRole } from '../../plugins/session'
import { createItem, deleteItem, listItems, updateItem } from './template-items.repo'

export const templateItemRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = requireRole('admin')

  app.get(
    '/',
    {
      schema: { querystring: listTemplateItemsQuery, response: { 200: z.array(templateItemDto) } },
    },
    async (request) => listItems(app.db, org(request), request.query.templateId),
  )

  app.post(
    '/',
    {
      onRequest: adminOnly,
      schema: { body: createTemplateItemInput, response: { 201: templateItemDto } },
    },
    async (request, reply) =>
      reply.code(201).send(await createItem(app.db, org(request), request.body, app.clock())),
  )

  app.patch(
    '/:id',
    {
      onRequest: adminOnly,
      schema: {
        params: idParams,
        body: updateTemplateItemInput,
        response: { 200: templateItemDto },
      },
    },
    async (request) =>
      updateItem(app.db, org(request), request.params.id, request.body, app.clock()),
  )

  app.delete(
    '/:id',
    { onRequest: adminOnly, schema: { params: idParams } },
    async (request, reply) => {
      await deleteItem(app.db, org(request), request.params.id)
      return reply.code(204).send()
    },
  )
}
