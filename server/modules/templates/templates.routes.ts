import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idParams } from '@shared/schemas/common'
import { createTemplateInput, templateDto, updateTemplateInput } from '@shared/schemas/templates'
import { orgOf as org, requireRole } from '../../plugins/session'
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  listTemplates,
  updateTemplate,
} from './templates.repo'

export const templateRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = requireRole('admin')

  app.get('/', { schema: { response: { 200: z.array(templateDto) } } }, async (request) =>
    listTemplates(app.db, org(request)),
  )

  app.get(
    '/:id',
    { schema: { params: idParams, response: { 200: templateDto } } },
    async (request) => getTemplate(app.db, org(request), request.params.id),
  )

  app.post(
    '/',
    { onRequest: adminOnly, schema: { body: createTemplateInput, response: { 201: templateDto } } },
    async (request, reply) =>
      reply.code(201).send(await createTemplate(app.db, org(request), request.body, app.clock())),
  )

  app.patch(
    '/:id',
    {
      onRequest: adminOnly,
      schema: { params: idParams, body: updateTemplateInput, response: { 200: templateDto } },
    },
    async (request) =>
      updateTemplate(app.db, org(request), request.params.id, request.body, app.clock()),
  )

  app.delete(
    '/:id',
    { onRequest: adminOnly, schema: { params: idParams } },
    async (request, reply) => {
      await deleteTemplate(app.db, org(request), request.params.id)
      return reply.code(204).send()
    },
  )
}
