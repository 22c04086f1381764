import type { FastifyInstance } from 'fastify'
import { FILE_TYPES } from '@shared/content-types'
import { reportsApi } from '@shared/api'
import { sendAttachment } from '../../files/download'
import { handle } from '../../plugins/contract'
import { principalOf } from '../../plugins/session'
import { portfolioService } from './portfolio.service'
import { reportsService } from './reports.service'

export async function reportsRoutes(app: FastifyInstance) {
  const reports = reportsService(app)
  const portfolio = portfolioService(app)
  handle(app, reportsApi.audit, async (request) =>
    reports.audit(principalOf(request), request.params.id),
  )
  handle(app, reportsApi.auditPdf, async (request, reply) =>
    sendAttachment(
      reply,
      FILE_TYPES.pdf,
      await reports.auditPdf(principalOf(request), request.params.id),
    ),
  )
  handle(app, reportsApi.portfolio, async (request) =>
    portfolio.page(principalOf(request), request.query),
  )
  handle(app, reportsApi.portfolioXlsx, async (request, reply) =>
    sendAttachment(
      reply,
      FILE_TYPES.xlsx,
      await portfolio.xlsx(principalOf(request), request.query),
    ),
  )
  handle(app, reportsApi.portfolioCsv, async (request, reply) =>
    sendAttachment(reply, FILE_TYPES.csv, await portfolio.csv(principalOf(request), request.query)),
  )
}
