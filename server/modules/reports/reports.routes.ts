import type { FastifyInstance } from 'fastify'
import { reportsApi } from '@shared/api'
import { sendAttachment } from '../../files/download'
import { handle } from '../../plugins/contract'
import { principalOf } from '../../plugins/session'
import { reportsService } from './reports.service'

export async function reportsRoutes(app: FastifyInstance) {
  const reports = reportsService(app)
  handle(app, reportsApi.audit, async (request) =>
    reports.audit(principalOf(request), request.params.id),
  )
  handle(app, reportsApi.auditPdf, async (request, reply) =>
    sendAttachment(
      reply,
      'application/pdf',
      await reports.auditPdf(principalOf(request), request.params.id),
    ),
  )
}
