import type { FastifyInstance } from 'fastify'
import { usersApi } from '@shared/api'
import { handle } from '../../plugins/contract'
import { principalOf } from '../../plugins/session'
import { usersService } from './users.service'

export async function userRoutes(app: FastifyInstance) {
  const users = usersService(app)
  handle(app, usersApi.list, async (request) => users.list(principalOf(request), request.query))
  handle(app, usersApi.update, async (request) =>
    users.updateRole(principalOf(request), request.params.id, request.body),
  )
  handle(app, usersApi.remove, async (request) =>
    users.remove(principalOf(request), request.params.id),
  )
}
