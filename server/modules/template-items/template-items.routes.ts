import type { FastifyInstance } from 'fastify'
import { templateItemsApi } from '@shared/api'
import { handle } from '../../plugins/contract'
import { principalOf } from '../../plugins/session'
import { templateItemsService } from './template-items.service'

export async function templateItemRoutes(app: FastifyInstance) {
  const items = templateItemsService(app)
  handle(app, templateItemsApi.list, async (request) =>
    items.list(principalOf(request), request.query),
  )
  handle(app, templateItemsApi.create, async (request) =>
    items.create(principalOf(request), request.body),
  )
  handle(app, templateItemsApi.bulkCreate, async (request) =>
    items.bulkCreate(principalOf(request), request.body),
  )
  handle(app, templateItemsApi.move, async (request) =>
    items.move(principalOf(request), request.params.id, request.body.position),
  )
  handle(app, templateItemsApi.update, async (request) =>
    items.update(principalOf(request), request.params.id, request.body),
  )
  handle(app, templateItemsApi.remove, async (request) =>
    items.remove(principalOf(request), request.params.id),
  )
}
