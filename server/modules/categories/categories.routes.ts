import type { FastifyInstance } from 'fastify'
import { categoriesApi } from '@shared/api'
import { handle } from '../../plugins/contract'
import { principalOf } from '../../plugins/session'
import { categoriesService } from './categories.service'

export async function categoryRoutes(app: FastifyInstance) {
  const categories = categoriesService(app)
  handle(app, categoriesApi.list, async (request) =>
    categories.list(principalOf(request), request.query),
  )
  handle(app, categoriesApi.get, async (request) =>
    categories.get(principalOf(request), request.params.id),
  )
  handle(app, categoriesApi.create, async (request) =>
    categories.create(principalOf(request), request.body),
  )
  handle(app, categoriesApi.update, async (request) =>
    categories.update(principalOf(request), request.params.id, request.body),
  )
  handle(app, categoriesApi.remove, async (request) =>
    categories.remove(principalOf(request), request.params.id),
  )
}
