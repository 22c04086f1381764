import type { FastifyInstance } from 'fastify'
import { reviewQueueApi } from '@shared/api'
import { handle } from '../../plugins/contract'
import { principalOf } from '../../plugins/session'
import { reviewService } from './review.service'

export async function reviewRoutes(app: FastifyInstance) {
  const review = reviewService(app)
  handle(app, reviewQueueApi.list, async (request) =>
    review.queue(principalOf(request), request.query),
  )
}
