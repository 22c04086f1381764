import type { FastifyInstance } from 'fastify'
import { webhooksApi } from '@shared/api'
import { handle } from '../../plugins/contract'
import { principalOf } from '../../plugins/session'
import { webhookService } from './webhooks.service'

export async function webhookRoutes(app: FastifyInstance) {
  const hooks = webhookService(app)
  handle(app, webhooksApi.list, async (request) => hooks.list(principalOf(request)))
  handle(app, webhooksApi.create, async (request) =>
    hooks.create(principalOf(request), request.body),
  )
  handle(app, webhooksApi.get, async (request) =>
    hooks.get(principalOf(request), request.params.id),
  )
  handle(app, webhooksApi.update, async (request) =>
    hooks.update(principalOf(request), request.params.id, request.body),
  )
  handle(app, webhooksApi.remove, async (request) => {
    await hooks.remove(principalOf(request), request.params.id)
  })
  handle(app, webhooksApi.deliveries, async (request) =>
    hooks.deliveries(principalOf(request), request.params.id, request.query),
  )
  handle(app, webhooksApi.retry, async (request) =>
    hooks.retry(principalOf(request), request.params.id, request.params.deliveryId),
  )
}
