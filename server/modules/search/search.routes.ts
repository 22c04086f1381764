import type { FastifyInstance } from 'fastify'
import { searchApi } from '@shared/api'
import { handle } from '../../plugins/contract'
import { principalOf } from '../../plugins/session'
import { searchService } from './search.service'

export async function searchRoutes(app: FastifyInstance) {
  const search = searchService(app)
  handle(app, searchApi.search, async (request) =>
    search.search(principalOf(request), request.query),
  )
}
