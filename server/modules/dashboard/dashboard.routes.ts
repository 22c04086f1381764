import type { FastifyInstance } from 'fastify'
import { activityApi, dashboardApi } from '@shared/api'
import { handle } from '../../plugins/contract'
import { principalOf } from '../../plugins/session'
import { dashboardService } from './dashboard.service'

export async function dashboardRoutes(app: FastifyInstance) {
  const dashboard = dashboardService(app)
  handle(app, dashboardApi.get, async (request) => dashboard.get(principalOf(request)))
  handle(app, activityApi.list, async (request) =>
    dashboard.activity(principalOf(request), request.query),
  )
}
