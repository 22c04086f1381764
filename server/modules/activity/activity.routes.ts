import type { FastifyInstance } from 'fastify'
import { activityApi } from '@shared/api'
import { sendAttachment } from '../../files/download'
import { handle } from '../../plugins/contract'
import { principalOf } from '../../plugins/session'
import { activityService } from './activity.service'

/** An audit's trail (the company's is the dashboard's: GET /api/activity). */
export async function activityRoutes(app: FastifyInstance) {
  const activity = activityService(app)
  handle(app, activityApi.audit, async (request) =>
    activity.auditPage(principalOf(request), request.params.id, request.query),
  )
  handle(app, activityApi.auditCsv, async (request, reply) =>
    sendAttachment(
      reply,
      'text/csv; charset=utf-8',
      await activity.auditCsv(principalOf(request), request.params.id, request.query),
    ),
  )
}
