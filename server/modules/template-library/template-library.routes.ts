import type { FastifyInstance } from 'fastify'
import { templateLibraryApi } from '@shared/api'
import { handle } from '../../plugins/contract'
import { principalOf } from '../../plugins/session'
import { templateLibraryService } from './template-library.service'

export async function templateLibraryRoutes(app: FastifyInstance) {
  const library = templateLibraryService(app)
  handle(app, templateLibraryApi.list, async () => library.list())
  handle(app, templateLibraryApi.copy, async (request) =>
    library.copy(principalOf(request), request.params.key),
  )
}
