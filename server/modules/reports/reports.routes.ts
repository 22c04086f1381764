import type { FastifyInstance } from 'fastify'
import { reportsApi } from '@shared/api'
import { attachment } from '../../files/names'
import { handle } from '../../plugins/contract'
import { principalOf } from '../../plugins/session'
import { reportsService } from './reports.service'

export async function reportsRoutes(app: FastifyInstance) {
  const reports = reportsService(app)
  handle(app, reportsApi.audit, async (request) =>
    reports.audit(principalOf(request), request.params.id),
  )
  handle(app, reportsApi.auditPdf, async (request, reply) => {
    const { fileName, stream } = await reports.auditPdf(principalOf(request), request.params.id)
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', attachment(fileName))
      .header('X-Content-Type-Options', 'nosniff')
      .send(stream)
  })
}
