import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { clientDto, createClientInput, updateClientInput } from '@shared/schemas/clients'
import { idParams } from '@shared/schemas/common'
import { orgOf as org } from '../../plugins/session'
import { createClient, deleteClient, getClient, listClients, updateClient } from './clients.repo'

export const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { schema: { response: { 200: z.array(clientDto) } } }, async (request) =>
    listClients(app.db, org(request)),
  )

  app.get('/:id', { schema: { params: idParams, response: { 200: clientDto } } }, async (request) =>
    getClient(app.db, org(request), request.params.id),
  )

  app.post(
    '/',
    { schema: { body: createClientInput, response: { 201: clientDto } } },
    async (request, reply) =>
      reply.code(201).send(await createClient(app.db, org(request), request.body, app.clock())),
  )

  app.patch(
    '/:id',
    { schema: { params: idParams, body: updateClientInput, response: { 200: clientDto } } },
    async (request) =>
      updateClient(app.db, org(request), request.params.id, request.body, app.clock()),
  )

  app.delete('/:id', { schema: { params: idParams } }, async (request, reply) => {
    await deleteClient(app.db, org(request), request.params.id)
    return reply.code(204).send()
  })
}
