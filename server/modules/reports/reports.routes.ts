import type { FastifyInstance } from 'fastify'
import { reportsApi } from '@shared/api'
import { handle } from '../../plugins/contract'
import { principalOf } from '../../plugins/session'
import { reportsService } from './reports.service'

export async function reportsRoutes(app: FastifyInstance) {
  const reports = reportsService(app)
  handle(app, reportsApi.audit, async (request) =>
    reports.audit(principalOf(request), request.params.id),
  )
}
