import type { FastifyInstance } from 'fastify'
import { FILE_TYPES } from '@shared/content-types'
import { filesApi } from '@shared/api'
import { sendAttachment } from '../../files/download'
import { handle } from '../../plugins/contract'
import { principalOf } from '../../plugins/session'
import { exportsService } from './exports.service'

/** The audit's request tracker (CSV, XLSX) and its accepted files (ZIP): the firm's (decision 005). */
export async function exportRoutes(app: FastifyInstance) {
  const exports = exportsService(app)

  handle(app, filesApi.exportCsv, async (request, reply) =>
    sendAttachment(
      reply,
      FILE_TYPES.csv,
      await exports.csv(principalOf(request), request.params.id),
    ),
  )

  handle(app, filesApi.exportXlsx, async (request, reply) =>
    sendAttachment(
      reply,
      FILE_TYPES.xlsx,
      await exports.xlsx(principalOf(request), request.params.id),
    ),
  )

  handle(app, filesApi.exportZip, async (request, reply) =>
    sendAttachment(
      reply,
      FILE_TYPES.zip,
      await exports.zip(principalOf(request), request.params.id),
    ),
  )
}
