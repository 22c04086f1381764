import type { FastifyInstance } from 'fastify'
import { reportsApi } from '@shared/api'
import { sendAttachment } from '../../files/download'
import { handle } from '../../plugins/contract'
import { principalOf } from '../../plugins/session'
import { portfolioService } from './portfolio.service'
import { reportsService } from './reports.service'

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

export async function reportsRoutes(app: FastifyInstance) {
  const reports = reportsService(app)
  const portfolio = portfolioService(app)
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
  handle(app, reportsApi.portfolio, async (request) =>
    portfolio.page(principalOf(request), request.query),
  )
  handle(app, reportsApi.portfolioXlsx, async (request, reply) =>
    sendAttachment(reply, XLSX_TYPE, await portfolio.xlsx(principalOf(request), request.query)),
  )
  handle(app, reportsApi.portfolioCsv, async (request, reply) =>
    sendAttachment(
      reply,
      'text/csv; charset=utf-8',
      await portfolio.csv(principalOf(request), request.query),
    ),
  )
}
