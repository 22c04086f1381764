import type { FastifyInstance } from 'fastify'
import type { ReviewQueueQuery } from '@shared/schemas/requests'
import type { Principal } from '../../access/principal'
import { reviewQueue } from './review.repo'

/** The firm's review: what waits for a decision, across the company's audits. */
export function reviewService({ db }: FastifyInstance) {
  return {
    queue: (principal: Principal, query: ReviewQueueQuery) => reviewQueue(db, principal, query),
  }
}
