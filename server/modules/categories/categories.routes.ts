import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idParams } from '@shared/schemas/common'
import { categoryDto, createCategoryInput, updateCategoryInput } from '@shared/schemas/templates'
import { orgOf as org } from '../../plugins/session'
import {
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  updateCategory,
} from './categories.repo'

export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { schema: { response: { 200: z.array(categoryDto) } } }, async (request) =>
    listCategories(app.db, org(request)),
  )

  app.get(
    '/:id',
    { schema: { params: idParams, response: { 200: categoryDto } } },
    async (request) => getCategory(app.db, org(request), request.params.id),
  )

  app.post(
    '/',
    { schema: { body: createCategoryInput, response: { 201: categoryDto } } },
    async (request, reply) =>
      reply.code(201).send(await createCategory(app.db, org(request), request.body, app.clock())),
  )

  app.patch(
    '/:id',
    { schema: { params: idParams, body: updateCategoryInput, response: { 200: categoryDto } } },
    async (request) =>
      updateCategory(app.db, org(request), request.params.id, request.body, app.clock()),
  )

  app.delete('/:id', { schema: { params: idParams } }, async (request, reply) => {
    await deleteCategory(app.db, org(request), request.params.id)
    return reply.code(204).send()
  })
}
