import type { FastifyInstance } from 'fastify'
import { myWorkApi } from '@shared/api'
import { handle } from '../../plugins/contract'
import { principalOf } from '../../plugins/session'
import { myWorkService } from './my-work.service'

export async function myWorkRoutes(app: FastifyInstance) {
  const myWork = myWorkService(app)
  handle(app, myWorkApi.get, async (request) => myWork.get(principalOf(request)))
}
