import type { FastifyInstance } from 'fastify'
import { filesApi } from '@shared/api'
import { attachment } from '../../files/names'
import { handle } from '../../plugins/contract'
import { principalOf } from '../../plugins/session'
import { exportsService } from './exports.service'

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** The audit's request tracker (CSV, XLSX) and its accepted files (ZIP): the firm's (decision 005). */
export async function exportRoutes(app: FastifyInstance) {
  const exports = exportsService(app)

  handle(app, filesApi.exportCsv, async (request, reply) => {
    const { fileName, stream } = await exports.csv(principalOf(request), request.params.id)
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', attachment(fileName))
      .header('X-Content-Type-Options', 'nosniff')
      .send(stream)
  })

  handle(app, filesApi.exportXlsx, async (request, reply) => {
    const { fileName, stream } = await exports.xlsx(principalOf(request), request.params.id)
    return reply
      .header('Content-Type', XLSX_TYPE)
      .header('Content-Disposition', attachment(fileName))
      .header('X-Content-Type-Options', 'nosniff')
      .send(stream)
  })

  handle(app, filesApi.exportZip, async (request, reply) => {
    const { fileName, stream } = await exports.zip(principalOf(request), request.params.id)
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', attachment(fileName))
      .header('X-Content-Type-Options', 'nosniff')
      .send(stream)
  })
}
