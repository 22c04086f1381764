import type { FastifyInstance } from 'fastify'
import { filesApi } from '@shared/api'
import { sendAttachment } from '../../files/download'
import { handle } from '../../plugins/contract'
import { principalOf } from '../../plugins/session'
import { exportsService } from './exports.service'

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** The audit's request tracker (CSV, XLSX) and its accepted files (ZIP): the firm's (decision 005). */
export async function exportRoutes(app: FastifyInstance) {
  const exports = exportsService(app)

  handle(app, filesApi.exportCsv, async (request, reply) =>
    sendAttachment(
      reply,
      'text/csv; charset=utf-8',
      await exports.csv(principalOf(request), request.params.id),
    ),
  )

  handle(app, filesApi.exportXlsx, async (request, reply) =>
    sendAttachment(reply, XLSX_TYPE, await exports.xlsx(principalOf(request), request.params.id)),
  )

  handle(app, filesApi.exportZip, async (request, reply) =>
    sendAttachment(
      reply,
      'application/zip',
      await exports.zip(principalOf(request), request.params.id),
    ),
  )
}
