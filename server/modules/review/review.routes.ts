import type { FastifyInstance } from 'fastify'
import { reviewQueueApi } from '@shared/api'
import { handle } from '../../plugins/contract'
import { principalOf } from '../../plugins/session'
import { reviewQueue } from './review.repo'

export async function reviewRoutes(app: FastifyInstance) {
  handle(app, reviewQueueApi.list, async (request) =>
    reviewQueue(app.db, principalOf(request), request.query),
  )
}
