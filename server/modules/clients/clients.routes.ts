import type { FastifyInstance } from 'fastify'
import { clientsApi } from '@shared/api'
import { handle } from '../../plugins/contract'
import { principalOf } from '../../plugins/session'
import { clientsService } from './clients.service'

export async function clientRoutes(app: FastifyInstance) {
  const clients = clientsService(app)
  handle(app, clientsApi.list, async (request) => clients.list(principalOf(request), request.query))
  handle(app, clientsApi.get, async (request) =>
    clients.get(principalOf(request), request.params.id),
  )
  handle(app, clientsApi.create, async (request) =>
    clients.create(principalOf(request), request.body),
  )
  handle(app, clientsApi.update, async (request) =>
    clients.update(principalOf(request), request.params.id, request.body),
  )
  handle(app, clientsApi.remove, async (request) =>
    clients.remove(principalOf(request), request.params.id),
  )
}
