import type { FastifyInstance } from 'fastify'
import { templatesApi } from '@shared/api'
import { handle } from '../../plugins/contract'
import { principalOf } from '../../plugins/session'
import { templatesService } from './templates.service'

export async function templateRoutes(app: FastifyInstance) {
  const templates = templatesService(app)
  handle(app, templatesApi.list, async (request) =>
    templates.list(principalOf(request), request.query),
  )
  handle(app, templatesApi.get, async (request) =>
    templates.get(principalOf(request), request.params.id),
  )
  handle(app, templatesApi.create, async (request) =>
    templates.create(principalOf(request), request.body),
  )
  handle(app, templatesApi.update, async (request) =>
    templates.update(principalOf(request), request.params.id, request.body),
  )
  handle(app, templatesApi.remove, async (request) =>
    templates.remove(principalOf(request), request.params.id),
  )
}
