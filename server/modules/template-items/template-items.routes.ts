import type { FastifyInstance } from 'fastify'
import { templateItemsApi, templatesApi } from '@shared/api'
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
  // A template's sections are its items' (sections are labels on items: decision 039).
  handle(app, templatesApi.sections, async (request) =>
    items.sections(principalOf(request), request.params.id),
  )
  handle(app, templatesApi.moveSection, async (request) =>
    items.moveSection(principalOf(request), request.params.id, request.body),
  )
}
